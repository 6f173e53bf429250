import packageJson from "../../package.json";
import { brand } from "../brand";
import { ENDPOINTS } from "./index";
import { openApiDocument } from "./openapi";
import { referenceView, type ReferenceSection } from "./reference";

let built: ReturnType<typeof openApiDocument> | undefined;

/** The site's OpenAPI document, built once per process (it changes only with a release). */
export function apiDocument() {
  built ??= openApiDocument(ENDPOINTS, { version: packageJson.version, siteName: brand.name });
  return built;
}

let sections: ReferenceSection[] | undefined;

/** The reference page's sections of the document, built once per process like the document itself. */
export function apiReferenceSections(): ReferenceSection[] {
  sections ??= referenceView(apiDocument());
  return sections;
}
