import type { RowData } from "@tanstack/react-table";
import { Search } from "lucide-react";
import type * as React from "react";
import { IconInput } from "../../manage/icon-input";
import { TabTable } from "../tab-table";
import { ListPager } from "./list-pager";
import type { usePagedList } from "./use-paged-list";
import type { useSearchText } from "./use-search-text";

/** What `usePagedList` gives a table: the page shown, its state and how to move or reload. */
export type PagedList<T> = ReturnType<typeof usePagedList<T, Record<string, unknown>>>;

type TabTableProps<T extends RowData> = React.ComponentProps<typeof TabTable<T>>;

/**
 * An alerts list the server pages: the tab's table of the page shown (grey bars, then the table, dimmed while it
 * reloads; 'Try again' reloads it) and, below it, the pager named after the table.
 */
export function PagedTable<T extends RowData>({
  paged,
  ...table
}: Omit<TabTableProps<T>, "data" | "pageSize" | "status" | "busy" | "onRetry" | "footer"> & { paged: PagedList<T> }) {
  const { state } = paged;
  return (
    <TabTable
      {...table}
      data={state.rows}
      pageSize={0}
      status={paged.status}
      busy={state.loading}
      onRetry={paged.refresh}
      footer={<ListPager label={table.label} page={paged.page} pages={paged.pages} total={state.total} loading={state.loading} onPage={paged.setPage} />}
    />
  );
}

/** The search box above an alerts list (an address at most 254 characters long); the list asks once typing pauses. */
export function SearchBox({ search, label }: { search: ReturnType<typeof useSearchText>; label: string }) {
  return (
    <IconInput
      icon={Search}
      type="search"
      value={search.text}
      maxLength={254}
      onChange={(e) => search.setText(e.target.value)}
      placeholder={label}
      aria-label={label}
    />
  );
}
