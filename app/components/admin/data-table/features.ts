import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from "@tanstack/react-table";

/** One feature set for every admin table: sorting, a search box and client-side pages. */
export const adminTableFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  rowPaginationFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, datetime: sortFn_datetime, basic: sortFn_basic },
  filterFns: { includesString: filterFn_includesString },
});
export type AdminFeatures = typeof adminTableFeatures;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of one table have different value types; TanStack types such a list with `any`
export type AdminColumn<T extends RowData> = ColumnDef<AdminFeatures, T, any>;
export const adminColumnHelper = <T extends RowData>() => createColumnHelper<AdminFeatures, T>();
