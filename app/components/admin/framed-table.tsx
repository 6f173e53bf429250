import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A small table in a dashboard card or dialog, framed: it scrolls sideways in its frame, or, given `maxHeight`, also
 * down, its header row staying in view. `caption` names it for screen readers; `head` is its header cells (`Th`).
 */
export function FramedTable({
  caption,
  head,
  maxHeight,
  children,
}: {
  caption: string;
  head: React.ReactNode;
  /** The frame's greatest height (a class: `max-h-80`). */
  maxHeight?: string;
  /** The rows. */
  children: React.ReactNode;
}) {
  return (
    <div className={cn("relative rounded-lg border border-slate-200", maxHeight ? [maxHeight, "overflow-auto"] : "overflow-x-auto")}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={cn("bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500", maxHeight && "sticky top-0 z-10")}>
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A framed table's header cell: its text at the start (`end`: at the end); `hidden`, said only to screen readers. */
export function Th({ className, children, end, hidden }: { className?: string; children: React.ReactNode; end?: boolean; hidden?: boolean }) {
  return (
    <th scope="col" className={cn("px-3 py-2", end ? "text-end" : "text-start", className)}>
      {hidden ? <span className="sr-only">{children}</span> : children}
    </th>
  );
}

/** A member in a table's cell: the name (the address when there is none), and under a name the address. */
export function MemberName({ fullName, email }: { fullName: string | null; email: string }) {
  return (
    <>
      <span className="block break-words font-medium text-navy-950">
        <bdi>{fullName || email}</bdi>
      </span>
      {fullName ? (
        <span className="block break-all text-xs text-slate-500">
          <bdi>{email}</bdi>
        </span>
      ) : null}
    </>
  );
}
