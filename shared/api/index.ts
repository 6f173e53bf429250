/**
 * Every endpoint of the REST API, by resource. Add a resource's endpoints here; the OpenAPI document, the route
 * coverage test and the answer checks of the integration tests read this list.
 */
import type { EndpointDef } from "./contract";
import { applicationEndpoints } from "./applications";
import { attentionEndpoints } from "./attention";
import { contactEndpoints } from "./contact";
import { documentEndpoints } from "./documents";
import { dataRoomEndpoints } from "./data-room";
import { extractEndpoints } from "./extract";
import { uploadEndpoints } from "./uploads";
import { importEndpoints } from "./imports";
import { metaEndpoints } from "./meta";
import { pressEndpoints } from "./press";
import { portfolioEndpoints } from "./portfolio";
import { settingsEndpoints } from "./settings";
import { searchEndpoints } from "./search";
import { authEndpoints } from "./auth";
import { accountEndpoints } from "./account";
import { userEndpoints } from "./users";
import { securityEventEndpoints } from "./security-events";
import { outboxEndpoints } from "./outbox";
import { auditEndpoints } from "./audit";
import { previewEndpoints } from "./preview";
import { revisionEndpoints } from "./revisions";
import { alertEndpoints } from "./alerts";
import { calendarEndpoints } from "./calendar";

export const API = {
  press: pressEndpoints,
  portfolio: portfolioEndpoints,
  settings: settingsEndpoints,
  search: searchEndpoints,
  applications: applicationEndpoints,
  contact: contactEndpoints,
  documents: documentEndpoints,
  dataRoom: dataRoomEndpoints,
  uploads: uploadEndpoints,
  imports: importEndpoints,
  extract: extractEndpoints,
  auth: authEndpoints,
  account: accountEndpoints,
  users: userEndpoints,
  securityEvents: securityEventEndpoints,
  audit: auditEndpoints,
  preview: previewEndpoints,
  revisions: revisionEndpoints,
  outbox: outboxEndpoints,
  alerts: alertEndpoints,
  calendar: calendarEndpoints,
  attention: attentionEndpoints,
  meta: metaEndpoints,
} as const;

export const ENDPOINTS: EndpointDef[] = Object.values(API).flatMap((group) => Object.values(group) as EndpointDef[]);
