import type * as React from "react";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import type { Loaded } from "~/hooks/use-loaded";
import { useT } from "~/i18n/provider";

/** What a data-room panel shows when its data could not be loaded: why, and a button to ask again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t("admin.action.tryAgain")}
      </Button>
    </div>
  );
}

/** Grey bars standing for what a data-room panel loads, announced as `label`: one a class (its height and width). */
export function LoadingBars({ label, bars, className = "space-y-2" }: { label: string; bars: string[]; className?: string }) {
  return (
    <div role="status" aria-label={label} className={className}>
      {bars.map((bar, i) => (
        <Skeleton key={i} className={bar} />
      ))}
    </div>
  );
}

/**
 * What a data-room panel shows of the data it fetches itself (`useLoaded`): `loading` until it comes, what failed and
 * 'Try again' when it could not be loaded, else `children` of the data.
 */
export function LoadedView<T>({
  loaded: { state, reload },
  loading,
  failedText,
  children,
}: {
  loaded: { state: Loaded<T>; reload: () => void };
  loading: React.ReactNode;
  failedText: string;
  children: (data: T) => React.ReactNode;
}) {
  if (state.status === "loading") return loading;
  if (state.status === "failed") return <LoadFailed message={failedText} onRetry={reload} />;
  return children(state.data);
}
