import type { z } from "zod";
import { documentEndpoints as endpoints } from "../../../shared/api/documents";
import { idParam } from "../../../shared/schemas";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { currentUser, requireUser } from "../../http/guards";
import { sendStoredFile } from "../../http/stored-file";
import { requestLocale } from "../../http/locale";
import { parseId } from "../../http/validate";
import { message } from "../../lib/messages";
import type { Services } from "../index";

/**
 * The investor document library as a signed-in user reads it (admin management is in document-admin.ts), mounted
 * at /api/documents:
 *   GET /              the documents the caller may read; ?year, ?category and ?q narrow the list
 *   GET /:id/download  the file (as uploaded, or stamped with the reader's watermark); every download and refused
 *                      attempt is logged
 */
export function documentRoutes({ documents, dataRoom, storage }: Services) {
  const router = endpointRouter("/api/documents", [
    endpoint(endpoints.list, ({ query: { lang, year, category, q }, user, res }) => {
      res.set("Cache-Control", "private, no-store");
      return documents.listFor(user, { locale: lang, year, categoryId: category, q });
    }),
  ]);

  // Written by hand: an anonymous attempt is logged before the refusal, which the endpoint's guard would answer first.
  router.get("/:id/download", async (req, res, next) => {
    if (!currentUser(res)) {
      // Anonymous visitors get 401 whatever the id; an attempt on an Investor Only document is logged as refused.
      const id = idParam.safeParse(req.params.id);
      if (id.success) await documents.recordAnonymousAttempt(id.data, { ip: req.ip });
    }
    const user = requireUser(res);
    const id = parseId(req.params.id, "errors.notFound.document");
    const sessionId = (res.locals.session as { id?: string } | undefined)?.id ?? "";
    // A reader who leaves before the answer cancels a stamped copy still waiting for its turn.
    const gone = new AbortController();
    res.once("close", () => {
      if (!res.writableEnded) gone.abort();
    });
    const file = await dataRoom.download(user, sessionId, id, { ip: req.ip, signal: gone.signal });
    res.set("Cache-Control", "private, no-store");
    if (file.kind === "preparing") {
      res.set("Retry-After", String(file.retryAfterSeconds));
      const body = {
        code: "PREPARING" as const,
        message: message(requestLocale(req), "portal.docs.downloadPreparingText"),
        retryAfter: file.retryAfterSeconds,
      };
      res.status(202).json(body satisfies z.output<typeof endpoints.download.accepted>);
      return;
    }
    res.set("X-Content-Type-Options", "nosniff");
    res.set("X-View-Id", file.viewId);
    res.attachment(file.fileName);
    if (file.kind === "bytes") {
      res.type(file.contentType).send(Buffer.from(file.bytes));
      return;
    }
    await sendStoredFile(req, res, next, storage, { area: "documents", key: file.key, contentType: file.contentType, missing: "errors.notFound.document" });
  });

  return router;
}

/** The document categories, mounted at /api/document-categories: GET / every category. */
export function documentCategoryRoutes({ documents }: Services) {
  return endpointRouter("/api/document-categories", [endpoint(endpoints.categories, ({ query }) => documents.categories({ locale: query.lang }))]);
}
