/**
 * The data room's inputs, checked the same way by the server and the admin's forms. Messages are ids of the
 * validation catalog, like every schema in shared/schemas.ts.
 */
import { z } from "zod";
import { DOWNLOAD_MODES, READING_BATCH_MAX_MS, READING_BATCH_MAX_PAGES, VIEW_ID_PATTERN, VIEWER_PAGE_WIDTHS } from "./data-room";

/** The most pages a document shown in the viewer may have (a longer PDF is download-only). */
export const VIEWER_MAX_PAGES = 2000;
/** Notes and notice texts: what a reader sees next to 'Updated on …', and the notice itself. */
export const VERSION_NOTE_MAX = 500;
export const NOTICE_MIN = 20;
export const NOTICE_MAX = 10_000;
/** The most investors one restricted document can be shared with. */
export const GRANTS_MAX = 500;

/** A positive whole number in the path, as text of at most 10 digits; anything else is the message. */
const pathNumber = (message: string, max = 2_147_483_647) =>
  z
    .union([z.number(), z.string().regex(/^[1-9][0-9]{0,9}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(1, message).max(max, message));

/** A view id in the path: `K7Q2-M9XD` (capitals; lower case is read as capitals). */
export const viewIdParams = z.strictObject({
  viewId: z
    .string({ error: "validation.dataRoom.viewId" })
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(VIEW_ID_PATTERN, "validation.dataRoom.viewId"))
    .meta({ description: "The view's id, as printed in the watermark." }),
});

export const viewPageParams = viewIdParams.safeExtend({
  page: pathNumber("validation.dataRoom.page", VIEWER_MAX_PAGES).meta({ description: "1 for the first page." }),
});

export const versionParams = z.strictObject({
  id: pathNumber("validation.dataRoom.document"),
  number: pathNumber("validation.dataRoom.version").meta({ description: "The version's number (1 is the first file)." }),
});

/** The signature of a page address: when it stops working (Unix seconds) and the server's MAC over the view, page and time. */
const signature = {
  exp: z.coerce
    .number<number | string>({ error: "validation.dataRoom.signature" })
    .int("validation.dataRoom.signature")
    .positive("validation.dataRoom.signature")
    .meta({ description: "When the address stops working (Unix time, seconds)." }),
  sig: z
    .string({ error: "validation.dataRoom.signature" })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, "validation.dataRoom.signature")
    .meta({ description: "The server's signature." }),
};

export const pageTextQuerySchema = z.strictObject(signature);

export const pageImageQuerySchema = z.strictObject({
  ...signature,
  w: z.coerce
    .number<number | string>({ error: "validation.dataRoom.width" })
    .int("validation.dataRoom.width")
    .min(100, "validation.dataRoom.width")
    .max(4000, "validation.dataRoom.width")
    .optional()
    .meta({
      description: `The width shown, in device pixels; the smallest of ${VIEWER_PAGE_WIDTHS.join(", ")} at least that wide is served (the widest for more; ${VIEWER_PAGE_WIDTHS[1]} without it).`,
    }),
});

/** One batch of reading time: pages and how long each was visible since the last batch. */
export const readingReportSchema = z.strictObject({
  pages: z
    .array(
      z.strictObject({
        page: z
          .number({ error: "validation.dataRoom.page" })
          .int("validation.dataRoom.page")
          .min(1, "validation.dataRoom.page")
          .max(VIEWER_MAX_PAGES, "validation.dataRoom.page"),
        ms: z
          .number({ error: "validation.dataRoom.readingMs" })
          .int("validation.dataRoom.readingMs")
          .min(0, "validation.dataRoom.readingMs")
          .max(READING_BATCH_MAX_MS, "validation.dataRoom.readingMs"),
      }),
      { error: "validation.dataRoom.reading" },
    )
    .min(1, "validation.dataRoom.reading")
    .max(READING_BATCH_MAX_PAGES, "validation.dataRoom.reading"),
});
export type ReadingReport = z.infer<typeof readingReportSchema>;

const note = (id: string) =>
  z
    .string({ error: id })
    .trim()
    .max(VERSION_NOTE_MAX, id)
    .nullish()
    .transform((v) => (v ? v : null));

/** What a new version changed, in each language (optional). */
export const documentVersionNoteSchema = z.strictObject({
  note: note("validation.dataRoom.note"),
  noteAr: note("validation.dataRoom.note"),
});
export type DocumentVersionNote = z.infer<typeof documentVersionNoteSchema>;

/** A document's access rules. `expiresAt` is an instant with its offset ('2026-12-31T23:59:00+02:00') or null. */
export const documentAccessSchema = z.strictObject({
  restricted: z.boolean({ error: "validation.dataRoom.restricted" }),
  expiresAt: z.iso.datetime({ offset: true, error: "validation.dataRoom.expiresAt" }).nullable(),
  downloadMode: z.enum(DOWNLOAD_MODES, { error: "validation.dataRoom.downloadMode" }),
  requiresConfidentiality: z.boolean({ error: "validation.dataRoom.confidentiality" }),
  /** Whether readers (screen readers among them) may fetch each page's text; left out, the setting stays as it is. */
  pageText: z.boolean({ error: "validation.dataRoom.pageText" }).optional(),
  updatedAt: z.string().max(64).optional(),
});
export type DocumentAccessInput = z.infer<typeof documentAccessSchema>;

/** The investors a restricted document is shared with: user ids, each once. */
export const documentGrantsSchema = z.strictObject({
  userIds: z
    .array(z.number({ error: "validation.dataRoom.grants" }).int("validation.dataRoom.grants").positive("validation.dataRoom.grants"), {
      error: "validation.dataRoom.grants",
    })
    .max(GRANTS_MAX, "validation.dataRoom.grants")
    .transform((ids) => [...new Set(ids)]),
});

/** A new version of the confidentiality notice, in both languages. */
export const confidentialityNoticeSchema = z.strictObject({
  text: z.string({ error: "validation.dataRoom.notice" }).trim().min(NOTICE_MIN, "validation.dataRoom.notice").max(NOTICE_MAX, "validation.dataRoom.notice"),
  textAr: z
    .string({ error: "validation.dataRoom.noticeAr" })
    .trim()
    .min(NOTICE_MIN, "validation.dataRoom.noticeAr")
    .max(NOTICE_MAX, "validation.dataRoom.noticeAr"),
});

/** Accepting the notice: the version the reader was shown. */
export const confidentialityAcceptSchema = z.strictObject({
  version: z.number({ error: "validation.dataRoom.noticeVersion" }).int("validation.dataRoom.noticeVersion").positive("validation.dataRoom.noticeVersion"),
});
