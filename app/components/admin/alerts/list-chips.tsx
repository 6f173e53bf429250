import { useT } from "~/i18n/provider";
import type { AlertList } from "../../../../shared/alerts";
import { listName } from "./labels";

/** The lists an alert went to or an address receives, each named in words; 'None' for no list. */
export function ListChips({ lists, label }: { lists: readonly AlertList[]; label?: string }) {
  const t = useT();
  if (!lists.length) return <span className="text-slate-500">{t("admin.alerts.noLists")}</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={label}>
      {lists.map((list) => (
        <li key={list} className="rounded-md bg-navy-50 px-2 py-0.5 text-xs text-navy-900 ring-1 ring-navy-100">
          {listName(t, list)}
        </li>
      ))}
    </ul>
  );
}
