import * as React from "react";
import { revisionsApi } from "~/lib/api/revisions";
import type { RevisionEntryRow, RevisionRow } from "../../../../shared/api/revisions";
import type { RevisionEntity } from "../../../../shared/revisions";

export type RevisionsState = { status: "loading" | "ready" | "failed"; revisions: RevisionEntryRow[] };

/** Item `id`'s revisions while `open`, newest first; `reload` after a restore. */
export function useRevisionList(entity: RevisionEntity, id: number, open: boolean) {
  const [state, setState] = React.useState<RevisionsState>({ status: "loading", revisions: [] });
  const [version, setVersion] = React.useState(0);
  React.useEffect(() => {
    if (!open) return;
    let live = true;
    setState((s) => ({ ...s, status: "loading" }));
    revisionsApi
      .list({ params: { entity, id } })
      .then((r) => live && setState({ status: "ready", revisions: r.revisions }))
      .catch(() => live && setState({ status: "failed", revisions: [] }));
    return () => {
      live = false;
    };
  }, [entity, id, open, version]);
  return { ...state, reload: () => setVersion((v) => v + 1) };
}

/** The two revisions `numbers` (older first) with their texts; each is read once per opening. */
export function useRevisionPair(entity: RevisionEntity, id: number, numbers: readonly [number, number] | null) {
  const cache = React.useRef(new Map<string, Promise<RevisionRow>>());
  const [state, setState] = React.useState<{ status: "idle" | "loading" | "ready" | "failed"; pair: [RevisionRow, RevisionRow] | null }>({
    status: "idle",
    pair: null,
  });
  const older = numbers?.[0];
  const newer = numbers?.[1];
  React.useEffect(() => {
    if (older === undefined || newer === undefined) return setState({ status: "idle", pair: null });
    let live = true;
    const read = (number: number) => {
      const key = `${entity}:${id}:${number}`;
      let p = cache.current.get(key);
      if (!p) {
        p = revisionsApi.get({ params: { entity, id, number } });
        cache.current.set(key, p);
        p.catch(() => cache.current.delete(key));
      }
      return p;
    };
    setState((s) => ({ ...s, status: "loading" }));
    Promise.all([read(older), read(newer)])
      .then((pair) => live && setState({ status: "ready", pair }))
      .catch(() => live && setState({ status: "failed", pair: null }));
    return () => {
      live = false;
    };
  }, [entity, id, older, newer]);
  return state;
}
