import { useFormat, useT } from "~/i18n/provider";

type Versioned = { version: number; versionUpdatedAt: string; versionNote: string | null };

/**
 * 'Updated on <date>' with what changed, for a document whose file was replaced (version > 1); nothing for a first
 * version. The library's rows and the viewer's bar say it the same way.
 */
export function UpdatedOn({ doc }: { doc: Versioned }) {
  const t = useT();
  const f = useFormat();
  if (doc.version <= 1) return null;
  return t.rich(doc.versionNote ? "portal.docs.updatedNote" : "portal.docs.updated", {
    date: f.date(doc.versionUpdatedAt),
    time: (chunks) => <time dateTime={doc.versionUpdatedAt}>{chunks}</time>,
    note: doc.versionNote ?? "",
    // The note may be in the other language than the page: isolated, so its direction does not reorder the line.
    bdi: (chunks) => <bdi>{chunks}</bdi>,
  });
}
