import * as React from "react";
import { useT } from "~/i18n/provider";
import { toast } from "~/lib/toast";

export type LoadStatus = "loading" | "ready" | "failed";

/** The dashboard's 'Data loading error' toast, in the page's language; one id so several failing lists show it once. */
export function useDataLoadingError() {
  const t = useT();
  return React.useCallback(() => toast.error(t("admin.loadError.title"), { id: "admin-data-loading-error", description: t("admin.loadError.text") }), [t]);
}

/**
 * A dashboard screen's data: what the screen's loader gave (`loaded`), or else fetched when the screen mounts; fetched
 * again on `load()` (Refresh, or after a conflict). A failed refresh keeps what was shown and toasts the data loading
 * error; only a failed first load shows the failure state. `fetchData` must be stable (a module-level function).
 * `loaded` is null when the loader could not read it: the screen then asks for it itself and shows what comes of that.
 */
export function useAdminData<T>(fetchData: () => Promise<T>, empty: T, loaded?: T | null) {
  const fromLoader = loaded !== undefined && loaded !== null;
  const [data, setData] = React.useState<T>(fromLoader ? loaded : empty);
  const [status, setStatus] = React.useState<LoadStatus>(fromLoader ? "ready" : "loading");
  const skipFirst = React.useRef(fromLoader);
  const [refreshing, setRefreshing] = React.useState(false);
  const showDataLoadingError = useDataLoadingError();

  const load = React.useCallback(async () => {
    setRefreshing(true);
    try {
      setData(await fetchData());
      setStatus("ready");
    } catch {
      setStatus((s) => (s === "ready" ? s : "failed"));
      showDataLoadingError();
    } finally {
      setRefreshing(false);
    }
  }, [fetchData, showDataLoadingError]);

  React.useEffect(() => {
    if (skipFirst.current) skipFirst.current = false;
    else void load();
  }, [load]);

  // The loader ran again (the screen's link followed while it is open): show what it read.
  const shown = React.useRef(loaded);
  React.useEffect(() => {
    if (loaded === undefined || loaded === null || loaded === shown.current) return;
    shown.current = loaded;
    setData(loaded);
    setStatus("ready");
  }, [loaded]);

  return { data, setData, status, refreshing, load };
}
