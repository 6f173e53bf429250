import { Link } from "~/i18n/link";
import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { listHref } from "./list-params";

/**
 * 'All' plus one tab per company. They are links (each state has its own URL, works without
 * JavaScript), marked with aria-current rather than the ARIA tab pattern, which is for in-page panels.
 */
export function CompanyTabs({ companies, active, q }: { companies: string[]; active: string; q: string }) {
  const t = useT();
  const tabs = [{ label: t("site.pressList.all"), value: "" }, ...companies.map((c) => ({ label: c, value: c }))];
  return (
    <nav aria-label={t("site.pressList.filter")} className="-mx-6 overflow-x-auto px-6 [scrollbar-width:thin] sm:mx-0 sm:px-0">
      <ul className="flex w-max gap-2 pb-1 sm:w-auto sm:flex-wrap">
        {tabs.map((tab) => {
          const current = tab.value === active;
          return (
            <li key={tab.value || "all"}>
              <Link
                to={listHref({ q, company: tab.value })}
                preventScrollReset
                aria-current={current ? "page" : undefined}
                className={cn(
                  "inline-flex h-10 items-center whitespace-nowrap rounded-full border px-4 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 focus-visible:ring-offset-2",
                  current
                    ? "border-navy-900 bg-navy-900 text-white shadow-sm"
                    : "border-slate-200 bg-white text-slate-700 hover:border-navy-300 hover:text-navy-950",
                )}
              >
                <bdi>{tab.label}</bdi>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
