import type { RowData, SortingState } from "@tanstack/react-table";
import * as React from "react";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { AdminColumn } from "./data-table/features";
import { HeaderCell } from "./data-table/header-cell";
import { Pager } from "./data-table/pager";
import { TableToolbar } from "./data-table/table-toolbar";
import { EmptyRow, TableRow } from "./data-table/table-row";
import { useAdminTable } from "./data-table/use-admin-table";
import { usePinnedColumn } from "./data-table/use-pinned-column";

export { Pager };
export { adminColumnHelper, adminTableFeatures, type AdminColumn, type AdminFeatures } from "./data-table/features";

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
  /**
   * A click anywhere on a row (outside its links, buttons and fields) does what the row's own button does; keyboard
   * users reach that button, so the row itself takes no focus.
   */
  onRowClick?: (row: T) => void;
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
  onRowClick,
}: DataTableProps<T>) {
  const t = useT();
  const { table, globalFilter, search, clearSearch, pagination } = useAdminTable({ data, columns, getRowId, initialSorting, pageSize });
  const paged = pageSize > 0;

  const { scroller, overflowing, pinned } = usePinnedColumn(pinnedColumn);

  const rows = table.getRowModel().rows;
  const filteredCount = table.getFilteredRowModel().rows.length;

  return (
    <div className="space-y-3">
      {searchPlaceholder || toolbar ? (
        <TableToolbar searchPlaceholder={searchPlaceholder} query={globalFilter} onSearch={search} onClear={clearSearch} toolbar={toolbar} />
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
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} columnClass={columnClasses[header.column.id]} pinnedClass={pinned(header.column.id, "th")} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody className={cn("divide-y divide-slate-100", phoneCards && "max-md:block")} role={phoneCards ? "rowgroup" : undefined}>
            {rows.length === 0 ? (
              <EmptyRow colSpan={columns.length} phoneCards={phoneCards}>
                {globalFilter ? t("admin.table.noResults", { query: globalFilter }) : empty}
              </EmptyRow>
            ) : (
              rows.map((row) => (
                <TableRow
                  key={row.id}
                  row={row}
                  phoneCards={phoneCards}
                  pinnedColumn={pinnedColumn}
                  pinned={pinned}
                  columnClasses={columnClasses}
                  cardCellClasses={cardCellClasses}
                  rowClassName={rowClassName}
                  onRowClick={onRowClick}
                />
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
  const f = useFormat();
  return (
    <time dateTime={value} className="whitespace-nowrap text-slate-600">
      {f.day(value)}
    </time>
  );
}
