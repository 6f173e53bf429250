import { useTable, type PaginationState, type RowData, type SortingState } from "@tanstack/react-table";
import * as React from "react";
import { adminTableFeatures, type AdminColumn } from "./features";

/**
 * An admin table's TanStack instance and its state: sorting, the search (a new search goes back to the first page)
 * and client-side pages of `pageSize` rows (0: every row on one page).
 */
export function useAdminTable<T extends RowData>({
  data,
  columns,
  getRowId,
  initialSorting,
  pageSize,
}: {
  data: T[];
  columns: AdminColumn<T>[];
  getRowId: (row: T) => string;
  initialSorting: SortingState;
  pageSize: number;
}) {
  const [sorting, setSorting] = React.useState<SortingState>(initialSorting);
  const [globalFilter, setGlobalFilter] = React.useState("");
  const [pagination, setPagination] = React.useState<PaginationState>({ pageIndex: 0, pageSize: pageSize || 10_000 });

  const table = useTable({
    features: adminTableFeatures,
    columns,
    data,
    getRowId: (row) => getRowId(row),
    state: { sorting, globalFilter, pagination },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onPaginationChange: setPagination,
    globalFilterFn: "includesString",
    getColumnCanGlobalFilter: (column) => column.id !== "actions",
    autoResetPageIndex: false,
  });

  // Keep the page in range after a delete or a new search.
  const pageCount = Math.max(1, table.getPageCount());
  React.useEffect(() => {
    if (pagination.pageIndex > pageCount - 1) setPagination((p) => ({ ...p, pageIndex: pageCount - 1 }));
  }, [pageCount, pagination.pageIndex]);

  function search(query: string) {
    setGlobalFilter(query);
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  }
  const clearSearch = () => setGlobalFilter("");

  return { table, globalFilter, search, clearSearch, pagination };
}
