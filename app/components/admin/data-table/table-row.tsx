import type * as React from "react";
import { FlexRender, type Row, type RowData } from "@tanstack/react-table";
import { cn } from "~/lib/utils";
import type { AdminFeatures } from "./features";
import type { PinnedClass } from "./use-pinned-column";

type RowProps<T extends RowData> = {
  row: Row<AdminFeatures, T>;
  phoneCards: boolean;
  pinnedColumn?: string;
  pinned: PinnedClass;
  columnClasses: Record<string, string>;
  cardCellClasses: Record<string, string>;
  rowClassName?: (row: T) => string | undefined;
  onRowClick?: (row: T) => void;
};

/**
 * A table row; below the md breakpoint with `phoneCards`, a card: the first cell heads it, the cells with a plain
 * text header sit two per line under that header, any other cell takes a full line without a label.
 */
export function TableRow<T extends RowData>({ row, phoneCards, pinnedColumn, pinned, columnClasses, cardCellClasses, rowClassName, onRowClick }: RowProps<T>) {
  return (
    <tr
      onClick={
        onRowClick
          ? (e) => {
              // A link, button or field in the row keeps its own meaning.
              if (!(e.target as Element).closest("a, button, input, select, textarea, label")) onRowClick(row.original);
            }
          : undefined
      }
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
            <FlexRender cell={cell} />
          </td>
        );
      })}
    </tr>
  );
}

/** The one row of a table with no rows to show: the caller's empty state, or no results for the search. */
export function EmptyRow({ colSpan, phoneCards, children }: { colSpan: number; phoneCards: boolean; children: React.ReactNode }) {
  return (
    <tr className={cn(phoneCards && "max-md:block")}>
      <td colSpan={colSpan} className={cn("px-4 py-14 text-center text-slate-500", phoneCards && "max-md:block")}>
        {children}
      </td>
    </tr>
  );
}
