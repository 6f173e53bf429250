import { uploadEndpoints as endpoints } from "../../../shared/api/uploads";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { singleFile } from "../../http/multipart";
import type { Services } from "../index";
import { uploadLimitBytes } from "./uploads";

/**
 * Image uploads, mounted at /api/admin/uploads: POST /?kind=banner|logo|image (admin), multipart field "file".
 * 201 { url, width, height, variants } | 400/413/415 { message } | 507 (disk full) or 500 (other storage
 * fault) "The server could not store the file. ..." with nothing left on disk.
 * The role and the kind are checked before a byte of the body is read; the kind sets the size limit.
 */
export function uploadRoutes({ uploads }: Services) {
  return endpointRouter("/api/admin/uploads", [
    endpoint(endpoints.image, ({ query, file }) => uploads.storeImage(file!.buffer, query.kind), {
      readBody: ({ query }) => singleFile({ maxBytes: uploadLimitBytes(query.kind) }),
    }),
  ]);
}
