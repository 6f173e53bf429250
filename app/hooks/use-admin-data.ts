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
 * An admin tab's data, fetched when the tab mounts and again on `load()` (Refresh, or after a conflict).
 * A failed refresh keeps what was shown and toasts the data loading error; only a failed first load
 * shows the failure state. `fetchData` must be stable (a module-level function).
 */
export function useAdminData<T>(fetchData: () => Promise<T>, initial: T) {
  const [data, setData] = React.useState<T>(initial);
  const [status, setStatus] = React.useState<LoadStatus>("loading");
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
    void load();
  }, [load]);

  return { data, setData, status, refreshing, load };
}
