import { extractEndpoints as endpoints } from "../../../shared/api/extract";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { requestLocale } from "../../http/locale";
import type { Services } from "../index";

/**
 * Mounted at /api/extract-url: POST / { url } (admin) -> { title, summary, content, date, image, logo, category,
 * originalUrl, language, company, sector, warnings }. Images are copies under /uploads; `company`/`sector` name the
 * matched portfolio company (else null); `warnings` lists images that were left out.
 * 400 for an empty or malformed URL; 422 for an address that may not be fetched (private network,
 * scheme, port), a page with nothing to extract or too complex to read; 502 when the page fails
 * (status, timeout, size).
 */
export function extractRoutes({ extract }: Services) {
  return endpointRouter("/api/extract-url", [endpoint(endpoints.fromUrl, ({ body: { url }, req }) => extract.extract(url, { locale: requestLocale(req) }))]);
}
