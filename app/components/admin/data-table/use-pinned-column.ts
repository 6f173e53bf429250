import * as React from "react";
import { cn } from "~/lib/utils";

/** The classes of a cell in the pinned column (none for the other columns). */
export type PinnedClass = (columnId: string, part: "th" | "td") => string | undefined;

/**
 * The column kept at the end edge of the table box, and whether some columns are scrolled beneath it: a pinned
 * column casts a shadow only while the table is wider than its box.
 */
export function usePinnedColumn(pinnedColumn: string | undefined) {
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
  const pinned: PinnedClass = (columnId, part) =>
    columnId === pinnedColumn
      ? cn(
          "md:sticky md:end-0 md:z-[1]",
          part === "th" ? "md:bg-slate-50" : "md:bg-white md:group-hover/row:bg-slate-50",
          // A shade along its start edge (a pseudo-element: cells of a collapsed-border table paint no box-shadow).
          overflowing &&
            "md:after:pointer-events-none md:after:absolute md:after:inset-y-0 md:after:end-full md:after:w-3 md:after:bg-linear-to-l md:after:from-slate-900/10 md:after:to-transparent rtl:md:after:bg-linear-to-r",
        )
      : undefined;
  return { scroller, overflowing, pinned };
}
