// Downloads: the original file, or a copy stamped with the reader's watermark (made on a worker thread, within a
// budget per reader, and collected by a later request when it takes longer than the request may wait), or none.
// Every download is a view row (its id is printed on a stamped copy) and an entry in the access log.
import { eq } from "drizzle-orm";
import { mimeForExtension } from "../../../shared/mime";
import { isAdmin } from "../../../shared/rules";
import type { Db } from "../../db/client";
import { documentAccessLogs, documentViews, type Document } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import type { FileStore } from "../../lib/storage";
import { RATE_RULES } from "../../../shared/rate-limits";
import { RateLimitedError, type RateLimitService } from "../rate-limits/rate-limit";
import type { DocumentRenderer } from "../documents/document-renderer";
import type { PublicUser } from "../accounts/users";
import { isPdf, sha256, type ViewAccess } from "./view-access";

/** A stamped copy still being made after the request's wait: the reader's next request for it picks it up. */
type PreparedCopy = { viewId: string; result: Promise<Uint8Array>; expires?: NodeJS.Timeout };
/** A prepared copy nobody picked up is dropped after this long. */
const PREPARED_KEEP_MS = 10 * 60_000;
/** A reader told a copy is being prepared asks again after this many seconds. */
export const PREPARING_RETRY_SECONDS = 3;

export function createDataRoomDownloads({
  db,
  storage,
  renderer,
  limits,
  stampWaitMs,
  access,
}: {
  db: Db;
  storage: FileStore;
  renderer: DocumentRenderer;
  limits?: RateLimitService;
  stampWaitMs: number;
  access: ViewAccess;
}) {
  const { readable, assertAccepted, fileOf, insertView, watermark, viewerAvailable } = access;
  /** Copies still being made (or made and not yet collected), by reader, document version and session. */
  const prepared = new Map<string, PreparedCopy>();

  /** 404 unless the document's file is stored (checked before a download is logged). */
  async function assertStored(key: string) {
    if (!(await storage.stat("documents", key))) throw notFound("errors.notFound.document");
  }

  /**
   * The budget of stamped downloads, taken before a copy is queued: at most RATE_RULES.stampedAtOnce being made at
   * once per reader (given back when the copy is done), and RATE_RULES.stampedHourly an hour. Answers the release.
   */
  async function takeStampBudget(user: PublicUser): Promise<() => Promise<void>> {
    if (!limits) return async () => {};
    const subject = String(user.id);
    const atOnce = await limits.hit(RATE_RULES.stampedAtOnce, subject);
    if (!atOnce.allowed) {
      await limits.refund(RATE_RULES.stampedAtOnce, subject);
      throw new RateLimitedError(RATE_RULES.stampedAtOnce.message, PREPARING_RETRY_SECONDS * 5);
    }
    try {
      await limits.consume(RATE_RULES.stampedHourly, subject);
    } catch (err) {
      await limits.refund(RATE_RULES.stampedAtOnce, subject);
      throw err;
    }
    return () => limits.refund(RATE_RULES.stampedAtOnce, subject);
  }

  /** The access log's entry for a download: a copy the reader got, or (`failed`) one the server could not make. */
  const logDownload = (doc: Document, user: PublicUser, ip: string | undefined, viewId: string, failed = false) =>
    db.insert(documentAccessLogs).values({ documentId: doc.id, userId: user.id, ipAddress: ip ?? null, version: doc.version, viewPublicId: viewId, failed });

  /**
   * Makes a stamped copy for a new download view and records the outcome once it is known: a copy made is a
   * download; a copy that could not be made is a failed attempt (its view is removed: no copy carries its id); a copy
   * whose reader left before its turn is neither.
   */
  async function startStamp(doc: Document, file: string, user: PublicUser, sessionId: string, ip: string | undefined, signal: AbortSignal) {
    const release = await takeStampBudget(user);
    let view;
    try {
      view = await insertView({ kind: "download", doc, user, sessionId, ip });
    } catch (err) {
      await release();
      throw err;
    }
    const viewRow = view;
    const result = renderer
      .stamped(file, watermark(user, viewRow.createdAt, viewRow.publicId), { signal })
      .then(
        async (bytes) => {
          await logDownload(doc, user, ip, viewRow.publicId);
          return bytes;
        },
        async (err: unknown) => {
          const cancelled = err instanceof Error && err.name === "TaskCancelledError";
          await db.delete(documentViews).where(eq(documentViews.id, viewRow.id));
          if (!cancelled) await logDownload(doc, user, ip, viewRow.publicId, true);
          throw err;
        },
      )
      .finally(release);
    return { viewId: viewRow.publicId, result };
  }

  return {
    /**
     * A download: the reader's right, the notice, and the document's download mode, then a view row of kind
     * `download` (its id is printed on a stamped copy) and an entry in the access log with the version.
     */
    async download(user: PublicUser, sessionId: string, id: number, meta: { ip?: string; signal?: AbortSignal }) {
      const doc = await readable(user, id, meta.ip);
      await assertAccepted(user, doc);
      if (doc.downloadMode === "none" && !isAdmin(user)) throw new AppError("FORBIDDEN", "errors.dataRoom.viewOnly");
      const stamp = doc.downloadMode !== "original" && isPdf(doc);
      const ext = doc.fileName.split(".").pop() ?? "";
      const contentType = doc.fileType ?? mimeForExtension(ext);
      if (!stamp) {
        await assertStored(doc.fileUrl);
        const view = await insertView({ kind: "download", doc, user, sessionId, ip: meta.ip });
        await logDownload(doc, user, meta.ip, view.publicId);
        return { kind: "stored" as const, key: doc.fileUrl, fileName: doc.fileName, contentType, viewId: view.publicId };
      }
      const file = await fileOf(doc.fileUrl);
      await viewerAvailable();

      // A copy asked for earlier (the answer then was 'being prepared') is collected, not made again.
      const key = `${user.id}:${doc.id}:${doc.version}:${sha256(sessionId)}`;
      let copy = prepared.get(key);
      // Cancels the copy while it waits for a thread, if the reader leaves before this request is answered.
      const gone = new AbortController();
      const onGone = () => gone.abort();
      if (!copy) {
        meta.signal?.addEventListener("abort", onGone, { once: true });
        if (meta.signal?.aborted) gone.abort();
        copy = await startStamp(doc, file, user, sessionId, meta.ip, gone.signal);
      }
      const current = copy;
      let waited: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        current.result.then(
          (bytes) => ({ bytes }),
          (error: unknown) => ({ error }),
        ),
        new Promise<"waiting">((resolve) => (waited = setTimeout(() => resolve("waiting"), stampWaitMs))),
      ]).finally(() => {
        clearTimeout(waited);
        meta.signal?.removeEventListener("abort", onGone);
      });
      if (outcome === "waiting") {
        // Kept for the reader's next request; the copy goes on being made whether or not this request stays.
        if (!prepared.has(key)) {
          prepared.set(key, current);
          current.expires = setTimeout(() => prepared.get(key) === current && prepared.delete(key), PREPARED_KEEP_MS + stampWaitMs);
          current.expires.unref();
        }
        return { kind: "preparing" as const, retryAfterSeconds: PREPARING_RETRY_SECONDS, viewId: current.viewId };
      }
      if (prepared.get(key) === current) {
        prepared.delete(key);
        clearTimeout(current.expires);
      }
      if ("error" in outcome) throw outcome.error;
      return { kind: "bytes" as const, bytes: outcome.bytes, fileName: doc.fileName, contentType: "application/pdf", viewId: current.viewId };
    },
  };
}
