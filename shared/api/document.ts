import packageJson from "../../package.json";
import { brand } from "../brand";
import { ENDPOINTS } from "./index";
import { openApiDocument } from "./openapi";

let built: ReturnType<typeof openApiDocument> | undefined;

/** The site's OpenAPI document, built once per process (it changes only with a release). */
export function apiDocument() {
  built ??= openApiDocument(ENDPOINTS, { version: packageJson.version, siteName: brand.name });
  return built;
}
