// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { outboxEndpoints } from "../../../../shared/api/outbox";
import { route } from "../route";

export const outboxRoutes = {
  list: route<(typeof outboxEndpoints)["list"]>("GET", "/api/admin/outbox"),
  get: route<(typeof outboxEndpoints)["get"]>("GET", "/api/admin/outbox/:id"),
  retry: route<(typeof outboxEndpoints)["retry"]>("POST", "/api/admin/outbox/:id/retry"),
} as const;
