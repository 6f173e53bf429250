import * as React from "react";
import { cn } from "~/lib/utils";

/** Title row of an admin tab: heading and description on the left, actions on the right. */
export function TabHeader({ id, title, description, children }: { id?: string; title: string; description?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <div className="mb-5 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id={id} className="font-display text-2xl font-semibold text-navy-950">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

/** A small image with a fallback icon when the URL is missing or does not load. */
export function Thumb({ src, fallback, className, contain }: { src?: string | null; fallback: React.ReactNode; className?: string; contain?: boolean }) {
  const [broken, setBroken] = React.useState(false);
  React.useEffect(() => setBroken(false), [src]);
  return (
    <span className={cn("flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50", className)}>
      {src && !broken ? (
        <img src={src} alt="" loading="lazy" className={cn("h-full w-full", contain ? "object-contain p-1" : "object-cover")} onError={() => setBroken(true)} />
      ) : (
        fallback
      )}
    </span>
  );
}
