import { AlertTriangle } from "lucide-react";
import * as React from "react";
import { Link } from "~/i18n/link";
import { useFormat, useT } from "~/i18n/provider";
import { attentionApi } from "~/lib/api/attention";
import type { MessageId } from "../../../shared/i18n/messages";
import type { Attention } from "../../../server/features/attention/attention";
import { adminScreenPath, type AdminScreen } from "../../../shared/admin-screens";

export type { Attention };

type AttentionState = { counts: Attention | null; refresh: () => void };
const AttentionContext = React.createContext<AttentionState>({ counts: null, refresh: () => {} });

/**
 * What needs an admin's attention, for the whole dashboard: the page's loader gives the first counts, and a tab that
 * decides an application, opens a message or retries an e-mail asks for them again (`useAttentionRefresh`).
 */
export function AttentionProvider({ initial, children }: { initial: Attention | null; children: React.ReactNode }) {
  const [counts, setCounts] = React.useState(initial);
  const asked = React.useRef(0);
  const refresh = React.useCallback(() => {
    // Only the latest answer counts when several refreshes overlap.
    const mine = ++asked.current;
    attentionApi.get().then(
      (next) => mine === asked.current && setCounts(next),
      () => {},
    );
  }, []);
  const value = React.useMemo(() => ({ counts, refresh }), [counts, refresh]);
  return <AttentionContext.Provider value={value}>{children}</AttentionContext.Provider>;
}

export const useAttention = () => React.useContext(AttentionContext).counts;
export const useAttentionRefresh = () => React.useContext(AttentionContext).refresh;

/** Each count, the tab it belongs to and how it reads. */
export const ATTENTION_ITEMS = [
  { key: "pendingApplications", tab: "applications", text: "admin.attention.applications" },
  { key: "unreadMessages", tab: "contact", text: "admin.attention.messages" },
  { key: "failedEmails", tab: "outbox", text: "admin.attention.emails" },
] as const satisfies ReadonlyArray<{ key: keyof Attention; tab: AdminScreen; text: MessageId }>;

/** The count on a tab's name ('3'), with its meaning for screen readers; nothing when none is waiting. */
export function TabCount({ tab }: { tab: string }) {
  const t = useT();
  const f = useFormat();
  const counts = useAttention();
  const item = ATTENTION_ITEMS.find((i) => i.tab === tab);
  const count = item && counts ? counts[item.key] : 0;
  if (!item || !count) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="ms-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-semibold leading-5 text-navy-950"
      >
        {f.count(count)}
      </span>
      <span className="sr-only">({t(item.text, { count, shown: f.count(count) })})</span>
    </>
  );
}

/** One line at the top of the dashboard: what is waiting, each a link to its tab; hidden when nothing is. */
export function AttentionStrip() {
  const t = useT();
  const f = useFormat();
  const counts = useAttention();
  const items = counts ? ATTENTION_ITEMS.filter((i) => counts[i.key] > 0) : [];
  if (!counts || items.length === 0) return null;
  return (
    <nav aria-label={t("admin.attention.label")} className="mt-5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <AlertTriangle className="h-4 w-4 shrink-0 text-gold-400" aria-hidden="true" />
      <span className="sr-only">{t("admin.attention.label")}</span>
      {items.map((item, i) => (
        <React.Fragment key={item.key}>
          {i > 0 ? (
            <span aria-hidden="true" className="text-navy-300">
              ·
            </span>
          ) : null}
          <Link
            to={adminScreenPath(item.tab)}
            preventScrollReset
            className="rounded-sm font-semibold text-gold-300 underline-offset-4 hover:text-white hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-400"
          >
            {t(item.text, { count: counts[item.key], shown: f.count(counts[item.key]) })}
          </Link>
        </React.Fragment>
      ))}
    </nav>
  );
}
