/**
 * The data room as a reader meets it: downloads (original, stamped with the reader's watermark, or none), the
 * viewer (page images rendered and watermarked on the server, so the file itself never leaves it), the
 * confidentiality notice a document may require, and the viewer's reports of reading time.
 *
 * Every entry point reads the document through `documentReadAccess` (documents.ts), the same rule as lists and
 * search, so expiry, revocation, archiving and restriction are checked on each request, page images included.
 *
 * One object for the routes, made of: the checks every entry point shares (view-access.ts), downloads and stamped
 * copies (data-room-downloads.ts), the viewer's views and pages (data-room-viewer.ts), reading reports
 * (data-room-reading.ts) and the notice (confidentiality-notice.ts).
 */
import type { Db } from "../../db/client";
import type { FileStore } from "../../lib/storage";
import type { RateLimitService } from "../rate-limits/rate-limit";
import type { DocumentRenderer } from "../documents/document-renderer";
import { createConfidentialityNotice } from "./confidentiality-notice";
import { createDataRoomDownloads } from "./data-room-downloads";
import { createReadingReports } from "./data-room-reading";
import { createDataRoomViewer } from "./data-room-viewer";
import { createViewAccess } from "./view-access";

export { newViewId } from "./view-access";
export { pageWidth } from "./data-room-viewer";
export { PREPARING_RETRY_SECONDS } from "./data-room-downloads";

export function createDataRoomService({
  db,
  storage,
  renderer,
  secret,
  limits,
  stampWaitMs = 10_000,
}: {
  db: Db;
  storage: FileStore;
  renderer: DocumentRenderer;
  secret: string;
  /** Counts stamped downloads per reader (at once, and per hour); none in tests that do not need it. */
  limits?: RateLimitService;
  /** How long a download request waits for its stamped copy before answering that it is being prepared. */
  stampWaitMs?: number;
}) {
  const access = createViewAccess({ db, storage, renderer });
  return {
    readable: access.readable,
    currentNotice: access.currentNotice,
    ...createDataRoomDownloads({ db, storage, renderer, limits, stampWaitMs, access }),
    ...createDataRoomViewer({ db, renderer, secret, access }),
    ...createReadingReports({ db, access }),
    ...createConfidentialityNotice({ db, access }),
  };
}

export type DataRoomService = ReturnType<typeof createDataRoomService>;
