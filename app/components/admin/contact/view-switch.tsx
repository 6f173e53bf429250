import { Archive, Inbox } from "lucide-react";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { MessageId } from "../../../../shared/i18n/messages";
import type { ContactView } from "../../../../shared/schemas";

const VIEWS: Array<{ value: ContactView; label: MessageId; icon: typeof Inbox }> = [
  { value: "inbox", label: "admin.contact.inbox", icon: Inbox },
  { value: "archived", label: "admin.contact.archived", icon: Archive },
];

/** Inbox or archive; the inbox button counts the unread messages once the list is loaded. */
export function ViewSwitch({ view, onChange, loaded, unread }: { view: ContactView; onChange: (view: ContactView) => void; loaded: boolean; unread: number }) {
  const t = useT();
  const f = useFormat();
  return (
    <div className="mb-4 inline-flex rounded-lg border border-slate-200 bg-white p-1 shadow-sm" role="group" aria-label={t("admin.contact.show")}>
      {VIEWS.map(({ value, label, icon: Icon }) => {
        const active = view === value;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={active}
            onClick={() => {
              if (active) return;
              onChange(value);
            }}
            className={cn(
              "inline-flex items-center gap-2 rounded-md px-3.5 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500",
              active ? "bg-navy-900 text-white" : "text-slate-600 hover:bg-slate-100 hover:text-navy-900",
            )}
          >
            <Icon className="h-4 w-4" aria-hidden="true" />
            {t(label)}
            {value === "inbox" && loaded && unread > 0 ? (
              <span className={cn("rounded-full px-1.5 text-xs", active ? "bg-gold-500 text-navy-950" : "bg-gold-100 text-gold-800")}>
                {f.count(unread)}
                <span className="sr-only"> {t("admin.contact.unreadCount")}</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
