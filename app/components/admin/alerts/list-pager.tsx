import { useT } from "~/i18n/provider";
import { Pager } from "../data-table";
import { ALERTS_PAGE_SIZE } from "./use-paged-list";

/** Below a list the server pages: 'Showing 26–50 of 120', 'Page 2 of 5', Previous and Next; nothing for one page. */
export function ListPager({
  label,
  page,
  pages,
  total,
  loading,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  total: number;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const t = useT();
  if (total <= ALERTS_PAGE_SIZE) return null;
  return (
    <Pager
      className="mt-3 flex-col items-start sm:flex-row sm:items-center"
      label={t("admin.table.pages", { label })}
      first={page * ALERTS_PAGE_SIZE + 1}
      last={Math.min(total, (page + 1) * ALERTS_PAGE_SIZE)}
      total={total}
      page={page + 1}
      pages={pages}
      onPrevious={() => onPage(Math.max(0, page - 1))}
      onNext={() => onPage(Math.min(pages - 1, page + 1))}
      canPrevious={page > 0 && !loading}
      canNext={page < pages - 1 && !loading}
    />
  );
}
