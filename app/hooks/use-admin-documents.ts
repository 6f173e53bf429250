import * as React from "react";
import type { DocumentDto } from "../../shared/api/documents";
import { documentsApi } from "~/lib/api/documents";
import { dataRoomAdminApi } from "~/lib/api/data-room-admin";
import type { DocumentCategory } from "~/lib/documents-api";
import { useAdminData } from "./use-admin-data";

export type Library = { docs: DocumentDto[]; categories: DocumentCategory[]; counts: Record<string, number> };

/** Documents, categories and download counts, fetched together. */
const fetchLibrary = async (): Promise<Library> => {
  const [docs, categories, counts] = await Promise.all([dataRoomAdminApi.adminList(), documentsApi.categories(), documentsApi.accessCounts()]);
  return { docs, categories, counts };
};

/** The admin documents tab's data (see useAdminData for loading and failures). */
export function useAdminDocuments(loaded?: Library | null) {
  const { data, setData, status, refreshing, load } = useAdminData<Library>(fetchLibrary, { docs: [], categories: [], counts: {} }, loaded);

  /** A document just uploaded (first in the list) or saved (in its place). */
  const upsert = React.useCallback(
    (doc: DocumentDto) =>
      setData((l) => ({ ...l, docs: l.docs.some((d) => d.id === doc.id) ? l.docs.map((d) => (d.id === doc.id ? doc : d)) : [doc, ...l.docs] })),
    [setData],
  );
  const removeLocal = React.useCallback((id: number) => setData((l) => ({ ...l, docs: l.docs.filter((d) => d.id !== id) })), [setData]);

  return { ...data, status, refreshing, load, upsert, removeLocal };
}
