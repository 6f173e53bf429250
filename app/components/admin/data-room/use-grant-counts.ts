import * as React from "react";
import { dataRoomAdminApi } from "~/lib/api/data-room-admin";
import type { DocumentDto } from "../../../../shared/api/documents";

/**
 * How many investors each restricted document is shared with, for the table's 'Restricted (n investors)': asked for
 * each restricted document (a few in a library) whenever one is restricted or changed; `set` records a count just saved.
 */
export function useGrantCounts(docs: Pick<DocumentDto, "id" | "restricted" | "updatedAt">[]) {
  const [counts, setCounts] = React.useState<Record<number, number>>({});
  const restricted = docs.filter((d) => d.restricted);
  const key = restricted.map((d) => `${d.id}@${d.updatedAt}`).join(",");
  React.useEffect(() => {
    if (!key) return;
    let live = true;
    const ids = key.split(",").map((part) => Number(part.split("@")[0]));
    void Promise.allSettled(ids.map((id) => dataRoomAdminApi.grants({ params: { id } }).then((grants) => [id, grants.length] as const))).then((results) => {
      if (!live) return;
      const found = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
      setCounts((c) => ({ ...c, ...Object.fromEntries(found) }));
    });
    return () => {
      live = false;
    };
  }, [key]);
  const set = React.useCallback((id: number, count: number) => setCounts((c) => ({ ...c, [id]: count })), []);
  return { counts, set };
}
