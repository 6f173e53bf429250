import { attentionEndpoints as endpoints } from "../../../shared/api/attention";
import { endpoint, endpointRouter } from "../../http/endpoint";
import type { Services } from "../index";

/** What needs an admin's attention: pending applications, unread messages, failed e-mails. */
export function attentionRoutes({ attention }: Services) {
  return endpointRouter("/api/admin/attention", [endpoint(endpoints.get, () => attention.counts())]);
}
