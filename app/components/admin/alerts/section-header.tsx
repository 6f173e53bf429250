import type * as React from "react";

/** The title row of a section of the Alerts tab: heading and description, its actions at the end. */
export function SectionHeader({ id, title, description, children }: { id: string; title: string; description?: string; children?: React.ReactNode }) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h3 id={id} className="font-display text-xl font-semibold text-navy-950">
          {title}
        </h3>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}
