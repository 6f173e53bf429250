import * as React from "react";

/** What a panel or dialog shows of data it fetches itself: loading, failed (with a retry), or the data. */
export type Loaded<T> = { status: "loading" } | { status: "failed" } | { status: "ready"; data: T };

/**
 * Data a dashboard panel fetches in the browser while `key` is set (the document a dialog shows, the version a list
 * is of): fetched when `key` becomes set or changes, and again on `reload()` (after a change, or the failure's
 * Retry). An answer that arrives after `key` changed, or after the panel closed, is dropped. `load` may be a new
 * function on every render: the latest one is called.
 */
export function useLoaded<K, T>(key: K | null | undefined, load: (key: K) => Promise<T>): { state: Loaded<T>; reload: () => void } {
  const [state, setState] = React.useState<Loaded<T>>({ status: "loading" });
  const [round, setRound] = React.useState(0);
  const latest = React.useRef(load);
  latest.current = load;
  React.useEffect(() => {
    if (key === null || key === undefined) return;
    let live = true;
    setState({ status: "loading" });
    latest.current(key).then(
      (data) => live && setState({ status: "ready", data }),
      () => live && setState({ status: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  const reload = React.useCallback(() => setRound((n) => n + 1), []);
  return { state, reload };
}
