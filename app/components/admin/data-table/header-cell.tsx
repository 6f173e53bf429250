import { FlexRender, type Header, type RowData } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ChevronsUpDown } from "lucide-react";
import { cn } from "~/lib/utils";
import type { AdminFeatures } from "./features";

/** A column header: a sort button showing the direction when the column sorts, with aria-sort on the cell. */
export function HeaderCell<T extends RowData>({
  header,
  columnClass,
  pinnedClass,
}: {
  header: Header<AdminFeatures, T>;
  columnClass?: string;
  pinnedClass?: string;
}) {
  const sorted = header.column.getIsSorted();
  const canSort = header.column.getCanSort();
  return (
    <th
      scope="col"
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
      className={cn("whitespace-nowrap px-4 py-3 text-start text-xs font-semibold uppercase tracking-wider text-slate-500", columnClass, pinnedClass)}
    >
      {header.isPlaceholder ? null : canSort ? (
        <button
          type="button"
          onClick={header.column.getToggleSortingHandler()}
          className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase tracking-wider hover:text-navy-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
        >
          <FlexRender header={header} />
          {sorted === "asc" ? (
            <ArrowUp className="h-3.5 w-3.5 text-navy-800" aria-hidden="true" />
          ) : sorted === "desc" ? (
            <ArrowDown className="h-3.5 w-3.5 text-navy-800" aria-hidden="true" />
          ) : (
            <ChevronsUpDown className="h-3.5 w-3.5 opacity-40" aria-hidden="true" />
          )}
        </button>
      ) : (
        <FlexRender header={header} />
      )}
    </th>
  );
}
