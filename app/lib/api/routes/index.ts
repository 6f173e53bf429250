// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import { pressRoutes } from "./press";
import { portfolioRoutes } from "./portfolio";
import { settingsRoutes } from "./settings";
import { searchRoutes } from "./search";
import { applicationsRoutes } from "./applications";
import { contactRoutes } from "./contact";
import { documentsRoutes } from "./documents";
import { dataRoomRoutes } from "./data-room";
import { uploadsRoutes } from "./uploads";
import { importsRoutes } from "./imports";
import { extractRoutes } from "./extract";
import { authRoutes } from "./auth";
import { accountRoutes } from "./account";
import { usersRoutes } from "./users";
import { securityEventsRoutes } from "./security-events";
import { auditRoutes } from "./audit";
import { previewRoutes } from "./preview";
import { revisionsRoutes } from "./revisions";
import { outboxRoutes } from "./outbox";
import { alertsRoutes } from "./alerts";
import { calendarRoutes } from "./calendar";
import { attentionRoutes } from "./attention";
import { metaRoutes } from "./meta";

/** Every resource's routes (tests and tools; the browser's clients import their resource's module). */
export const ROUTES = {
  press: pressRoutes,
  portfolio: portfolioRoutes,
  settings: settingsRoutes,
  search: searchRoutes,
  applications: applicationsRoutes,
  contact: contactRoutes,
  documents: documentsRoutes,
  dataRoom: dataRoomRoutes,
  uploads: uploadsRoutes,
  imports: importsRoutes,
  extract: extractRoutes,
  auth: authRoutes,
  account: accountRoutes,
  users: usersRoutes,
  securityEvents: securityEventsRoutes,
  audit: auditRoutes,
  preview: previewRoutes,
  revisions: revisionsRoutes,
  outbox: outboxRoutes,
  alerts: alertsRoutes,
  calendar: calendarRoutes,
  attention: attentionRoutes,
  meta: metaRoutes,
} as const;
