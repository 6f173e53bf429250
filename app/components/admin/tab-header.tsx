import { Loader2, RefreshCw } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { useT } from "~/i18n/provider";
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

/** A tab's list while it loads: `rows` grey bars, announced by `label`. */
export function TabLoading({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}

/** A tab's list that could not be loaded: what failed, and a button to try again. */
export function TabLoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-6 py-14 text-center shadow-sm">
      <p className="font-medium text-slate-700">{text}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        {t("admin.action.tryAgain")}
      </Button>
    </div>
  );
}

/** 'Refresh' in a tab's header: a spinner instead of its icon, and disabled, while `busy`. */
export function RefreshButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  const t = useT();
  return (
    <Button variant="outline" onClick={onClick} disabled={busy}>
      {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
      {t("admin.action.refresh")}
    </Button>
  );
}
