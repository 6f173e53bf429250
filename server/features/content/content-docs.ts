/**
 * Releases written before the editor keep their HTML as their source until converted: at every start the server
 * turns each such release's HTML (both languages) into the editor's documents and stores the HTML rendered from
 * them, so the editor opens exactly what the page shows and every public read serves HTML rendered from a document.
 * A conversion changes no word (checked); a release whose HTML holds what the editor cannot keep stays as it is and
 * is named in the log. Each conversion is one transaction, recorded in the audit trail as the system's.
 */
import { and, eq, isNotNull, isNull, ne, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pressColumns, pressReleases } from "../../db/schema";
import { htmlToDoc } from "../../lib/html-to-doc";
import { recordBy, type AuditService } from "../audit/audit";

export type ContentDocsResult = { converted: number[]; kept: { id: number; reason: string }[] };

/** A release with HTML and no document for it, in either language. */
const needsConversion = or(
  isNull(pressReleases.contentDoc),
  and(isNotNull(pressReleases.contentAr), ne(pressReleases.contentAr, ""), isNull(pressReleases.contentArDoc)),
);

export async function convertContentDocs({ db, audit }: { db: Db; audit?: AuditService }): Promise<ContentDocsResult> {
  const result: ContentDocsResult = { converted: [], kept: [] };
  const ids = await db.select({ id: pressReleases.id }).from(pressReleases).where(needsConversion);
  for (const { id } of ids) {
    await db.transaction(async (tx) => {
      // Another instance converting the same release at the same start holds it: it is theirs.
      const [row] = await tx
        .select(pressColumns)
        .from(pressReleases)
        .where(and(eq(pressReleases.id, id), needsConversion))
        .for("update", { skipLocked: true });
      if (!row) return;
      const english = row.contentDoc ? null : htmlToDoc(row.content, "en");
      const arabic = row.contentAr && !row.contentArDoc ? htmlToDoc(row.contentAr, "ar") : null;
      const failed = [english, arabic].find((c) => c && !c.ok);
      if (failed && !failed.ok) {
        result.kept.push({ id, reason: failed.reason });
        return;
      }
      const changes = {
        ...(english?.ok ? { content: english.html, contentDoc: english.doc as Record<string, unknown> } : {}),
        ...(arabic?.ok ? { contentAr: arabic.html, contentArDoc: arabic.doc as Record<string, unknown> } : {}),
      };
      // Not an edit: the release keeps its modification time (its 'last updated' and the edit form's version).
      const [after] = await tx.update(pressReleases).set(changes).where(eq(pressReleases.id, id)).returning(pressColumns);
      await recordBy(audit, { actor: null }, { action: "press.convert", entity: { type: "press", id }, before: row, after }, tx);
      result.converted.push(id);
    });
  }
  return result;
}
