/**
 * The data room's vocabulary, shared by the server, the API contract and the pages.
 *
 * How a document may leave the server as a file:
 * - `original`: the file as uploaded (every format; what the library always did);
 * - `stamped`: a PDF with the reader's watermark drawn on every page;
 * - `none`: read in the viewer only.
 * Only PDFs can be stamped or read in the viewer; other formats are `original`.
 */
export const DOWNLOAD_MODES = ["original", "stamped", "none"] as const;
export type DownloadMode = (typeof DOWNLOAD_MODES)[number];

/** A view of the viewer, or a download: every one has its own short id, printed in its watermark. */
export const DOCUMENT_VIEW_KINDS = ["view", "download"] as const;
export type DocumentViewKind = (typeof DOCUMENT_VIEW_KINDS)[number];

/** The widths the viewer's page images come in (pixels); a request is answered with the nearest. */
export const VIEWER_PAGE_WIDTHS = [800, 1200, 1600] as const;

/** How long a page image's address works after the viewer got it; the viewer asks for fresh ones before. */
export const PAGE_URL_TTL_SECONDS = 10 * 60;

/** A page counts as read once it was visible this long in one view (reading analytics' completion). */
export const PAGE_READ_MS = 2_000;

/** Reading reports: at most this many pages per batch, and at most this long per page per batch. */
export const READING_BATCH_MAX_PAGES = 50;
export const READING_BATCH_MAX_MS = 120_000;

/** A view id as printed: eight characters of Crockford's base 32 in two groups, e.g. `K7Q2-M9XD`. */
export const VIEW_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
