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
  useTable,
  type ColumnDef,
  type PaginationState,
  type RowData,
  type SortingState,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, ChevronsUpDown, Search, X } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { IconInput } from "./icon-input";

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

export type DataTableProps<T extends RowData> = {
  data: T[];
  columns: AdminColumn<T>[];
  getRowId: (row: T) => string;
  /** Accessible name of the table. */
  label: string;
  empty: React.ReactNode;
  /** Shows a search box that filters every text column. */
  searchPlaceholder?: string;
  initialSorting?: SortingState;
  /** Client-side page size; 0 shows every row (the caller pages on the server). */
  pageSize?: number;
  /** Extra classes per column id (widths, alignment). */
  columnClasses?: Record<string, string>;
  rowClassName?: (row: T) => string | undefined;
  toolbar?: React.ReactNode;
  /**
   * Id of a column (typically the row actions) kept at the end edge (right in English, left in Arabic) of the table box from the md breakpoint
   * up: when the table is wider than its box, the other columns scroll sideways beneath it.
   */
  pinnedColumn?: string;
  /**
   * Below the md breakpoint, shows each row as a card instead of a wide table row. The first column heads the
   * card; the other cells sit two per line, each under its column header; a column whose header is not plain
   * text (such as the actions) gets a full line without a label.
   */
  phoneCards?: boolean;
  /** Extra classes per column id for the cells in the phone cards (use `max-md:` utilities). */
  cardCellClasses?: Record<string, string>;
};

/**
 * The admin tables: sortable headers (buttons with aria-sort on the header cell), an optional search,
 * and pages of `pageSize` rows. Rendering is ours; TanStack Table supplies the row models.
 */
export function DataTable<T extends RowData>({
  data,
  columns,
  getRowId,
  label,
  empty,
  searchPlaceholder,
  initialSorting = [],
  pageSize = 10,
  columnClasses = {},
  rowClassName,
  toolbar,
  pinnedColumn,
  phoneCards = false,
  cardCellClasses = {},
}: DataTableProps<T>) {
  const t = useT();
  const [sorting, setSorting] = React.useState<SortingState>(initialSorting);
  const [globalFilter, setGlobalFilter] = React.useState("");
  const [pagination, setPagination] = React.useState<PaginationState>({ pageIndex: 0, pageSize: pageSize || 10_000 });
  const paged = pageSize > 0;

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

  // A pinned column casts a shadow only while some columns are scrolled beneath it.
  const scroller = React.useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = React.useState(false);
  React.useEffect(() => {
    const el = scroller.current;
    if (!pinnedColumn || !el || typeof ResizeObserver === "undefined") return;
    const measure = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [pinnedColumn]);
  const pinned = (columnId: string, part: "th" | "td") =>
    columnId === pinnedColumn
      ? cn(
          "md:sticky md:end-0 md:z-[1]",
          part === "th" ? "md:bg-slate-50" : "md:bg-white md:group-hover/row:bg-slate-50",
          // A shade along its start edge (a pseudo-element: cells of a collapsed-border table paint no box-shadow).
          overflowing &&
            "md:after:pointer-events-none md:after:absolute md:after:inset-y-0 md:after:end-full md:after:w-3 md:after:bg-linear-to-l md:after:from-slate-900/10 md:after:to-transparent rtl:md:after:bg-linear-to-r",
        )
      : undefined;

  const rows = table.getRowModel().rows;
  const filteredCount = table.getFilteredRowModel().rows.length;

  return (
    <div className="space-y-3">
      {searchPlaceholder || toolbar ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          {searchPlaceholder ? (
            <div className="relative w-full sm:max-w-xs">
              <IconInput
                icon={Search}
                type="search"
                value={globalFilter}
                onChange={(e) => {
                  setGlobalFilter(e.target.value);
                  setPagination((p) => ({ ...p, pageIndex: 0 }));
                }}
                placeholder={searchPlaceholder}
                aria-label={searchPlaceholder}
                className="pe-9 [&::-webkit-search-cancel-button]:hidden"
              />
              {globalFilter ? (
                <button
                  type="button"
                  onClick={() => setGlobalFilter("")}
                  className="absolute end-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700"
                  aria-label={t("admin.table.clearSearch")}
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              ) : null}
            </div>
          ) : (
            <span />
          )}
          {toolbar}
        </div>
      ) : null}

      <div
        ref={scroller}
        className="relative w-full overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
        data-overflowing={overflowing || undefined}
      >
        {/* Explicit roles keep the table's semantics for screen readers when the phone cards change its display. */}
        <table className={cn("w-full text-sm", phoneCards && "max-md:block")} aria-label={label} role={phoneCards ? "table" : undefined}>
          <thead className={cn("border-b border-slate-200 bg-slate-50/80", phoneCards && "max-md:hidden")}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                      className={cn(
                        "whitespace-nowrap px-4 py-3 text-start text-xs font-semibold uppercase tracking-wider text-slate-500",
                        columnClasses[header.column.id],
                        pinned(header.column.id, "th"),
                      )}
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase tracking-wider hover:text-navy-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
                        >
                          <table.FlexRender header={header} />
                          {sorted === "asc" ? (
                            <ArrowUp className="h-3.5 w-3.5 text-navy-800" aria-hidden="true" />
                          ) : sorted === "desc" ? (
                            <ArrowDown className="h-3.5 w-3.5 text-navy-800" aria-hidden="true" />
                          ) : (
                            <ChevronsUpDown className="h-3.5 w-3.5 opacity-40" aria-hidden="true" />
                          )}
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={cn("divide-y divide-slate-100", phoneCards && "max-md:block")} role={phoneCards ? "rowgroup" : undefined}>
            {rows.length === 0 ? (
              <tr className={cn(phoneCards && "max-md:block")}>
                <td colSpan={columns.length} className={cn("px-4 py-14 text-center text-slate-500", phoneCards && "max-md:block")}>
                  {globalFilter ? t("admin.table.noResults", { query: globalFilter }) : empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  role={phoneCards ? "row" : undefined}
                  className={cn(
                    "transition-colors hover:bg-slate-50/70",
                    pinnedColumn && "group/row",
                    phoneCards && "max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-3 max-md:p-4",
                    rowClassName?.(row.original),
                  )}
                >
                  {row.getAllCells().map((cell, index) => {
                    const header = cell.column.columnDef.header;
                    const cardLabel = phoneCards && index > 0 && typeof header === "string" ? header : undefined;
                    return (
                      <td
                        key={cell.id}
                        role={phoneCards ? "cell" : undefined}
                        data-label={cardLabel}
                        className={cn(
                          "px-4 py-3 align-middle",
                          columnClasses[cell.column.id],
                          pinned(cell.column.id, "td"),
                          phoneCards && "max-md:flex max-md:w-auto max-md:min-w-0 max-md:max-w-none max-md:p-0 max-md:text-start",
                          phoneCards &&
                            (cardLabel
                              ? "max-md:flex-col max-md:items-start max-md:gap-1 max-md:before:text-xs max-md:before:font-semibold max-md:before:uppercase max-md:before:tracking-wider max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]"
                              : "max-md:col-span-2 max-md:items-center"),
                          phoneCards && cardCellClasses[cell.column.id],
                        )}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {paged && filteredCount > pagination.pageSize ? (
        <Pager
          label={t("admin.table.pages", { label })}
          first={pagination.pageIndex * pagination.pageSize + 1}
          last={Math.min(filteredCount, (pagination.pageIndex + 1) * pagination.pageSize)}
          total={filteredCount}
          onPrevious={() => table.previousPage()}
          onNext={() => table.nextPage()}
          canPrevious={table.getCanPreviousPage()}
          canNext={table.getCanNextPage()}
        />
      ) : null}
    </div>
  );
}

/**
 * 'Showing 1–20 of 45' with Previous and Next: the pages of an admin table, paged here or on the server.
 * `page`/`pages`, when given, add 'Page 1 of 3'. Latin digits, as in every admin table.
 */
export function Pager({
  label,
  first,
  last,
  total,
  page,
  pages,
  onPrevious,
  onNext,
  canPrevious,
  canNext,
  className,
}: {
  label: string;
  first: number;
  last: number;
  total: number;
  page?: number;
  pages?: number;
  onPrevious: () => void;
  onNext: () => void;
  canPrevious: boolean;
  canNext: boolean;
  className?: string;
}) {
  const t = useT();
  const f = useFormat({ table: true });
  const strong = (chunks: React.ReactNode[]) => <strong className="font-semibold text-slate-900">{chunks}</strong>;
  return (
    <nav className={cn("flex items-center justify-between gap-3 text-sm text-slate-600", className)} aria-label={label}>
      <span>{t.rich("admin.table.showing", { count: total, first: f.count(first), last: f.count(last), total: f.count(total), b: strong })}</span>
      <div className="flex items-center gap-2">
        {page !== undefined && pages !== undefined ? (
          <span className="me-1 text-slate-500">{t("admin.table.pageOf", { page: f.count(page), pages: f.count(pages) })}</span>
        ) : null}
        <Button type="button" variant="outline" size="sm" onClick={onPrevious} disabled={!canPrevious}>
          <ChevronLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
          {t("admin.table.previous")}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onNext} disabled={!canNext}>
          {t("admin.table.next")}
          <ChevronRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/** The header of a row-actions column: read by screen readers, hidden on screen (shown from `visibleFrom` up). */
export function ActionsHeader({ visibleFromSm = false }: { visibleFromSm?: boolean }) {
  const t = useT();
  // relative: keeps the visually hidden text inside the table's scroll box on narrow screens.
  return (
    <span className="relative">
      <span className={visibleFromSm ? "sr-only sm:not-sr-only" : "sr-only"}>{t("admin.table.actions")}</span>
    </span>
  );
}

/** A table cell with a day ("Mar 4, 2026") that machines can read as the full timestamp. */
export function DayCell({ value }: { value: string }) {
  const f = useFormat({ table: true });
  return (
    <time dateTime={value} className="whitespace-nowrap text-slate-600">
      {f.day(value)}
    </time>
  );
}
