import { importEndpoints as endpoints } from "../../../shared/api/imports";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { singleFile } from "../../http/multipart";
import { AppError } from "../../lib/errors";
import { checkDocxZip, DOCX_LIMITS } from "../../lib/docx-import";
import { runHtmlTask, TaskTimeoutError } from "../../workers/html-pool";

/**
 * Imports into the press editor, mounted at /api/admin/press-releases/import-docx: POST / (admin), multipart field
 * "file" -> 200 { html, droppedImages }. The role is checked before a byte of the body is read; the file is held in
 * memory only and converted in an HTML worker thread under a time limit (server/lib/docx-import.ts), so a hostile
 * document never holds the request thread.
 */
export function importRoutes() {
  const upload = singleFile({ maxBytes: DOCX_LIMITS.fileBytes });
  return endpointRouter("/api/admin/press-releases/import-docx", [
    endpoint(
      endpoints.docx,
      async ({ file }) => {
        const bytes = new Uint8Array(file!.buffer.buffer, file!.buffer.byteOffset, file!.buffer.byteLength);
        // Before anything is queued: a file that is no Word document, or unpacks past the limits (bytes inflated, not
        // declared), gets its own 4xx at once and never waits for or occupies a worker.
        await checkDocxZip(bytes);
        try {
          return await runHtmlTask("docxToHtml", { bytes }, { timeoutMs: DOCX_LIMITS.timeMs });
        } catch (err) {
          if (err instanceof AppError) throw err;
          // Over the time limit, or the thread died (its memory limit): the document is not one this server reads.
          if (err instanceof TaskTimeoutError) throw new AppError("UNPROCESSABLE", "errors.docx.tooSlow", { internal: String(err) });
          throw new AppError("UNPROCESSABLE", "errors.docx.unreadable", { internal: String(err) });
        }
      },
      { readBody: () => upload },
    ),
  ]);
}
