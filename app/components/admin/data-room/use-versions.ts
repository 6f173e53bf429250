import * as React from "react";
import { dataRoomAdminApi } from "~/lib/api/data-room-admin";
import type { DocumentVersionRow } from "../../../../shared/api/data-room";

export type VersionsState = { status: "loading" | "ready" | "failed"; versions: DocumentVersionRow[] };

/** Document `id`'s versions while it is set, newest first; `reload` after an upload or a restore. */
export function useVersions(id: number | null) {
  const [state, setState] = React.useState<VersionsState>({ status: "loading", versions: [] });
  const [round, setRound] = React.useState(0);
  React.useEffect(() => {
    if (id === null) return;
    let live = true;
    setState((s) => ({ ...s, status: "loading" }));
    dataRoomAdminApi
      .versions({ params: { id } })
      .then((versions) => live && setState({ status: "ready", versions }))
      .catch(() => live && setState({ status: "failed", versions: [] }));
    return () => {
      live = false;
    };
  }, [id, round]);
  // A different document starts from an empty list.
  React.useEffect(() => {
    setState({ status: "loading", versions: [] });
  }, [id]);
  return { ...state, reload: React.useCallback(() => setRound((n) => n + 1), []) };
}
