import { applicationEndpoints as endpoints } from "../../../shared/api/applications";
import { endpoint, endpointRouter } from "../../http/endpoint";
import type { Services } from "../index";
import { requestMeta } from "../security-events/security-events";

/** A member's application for investor access: their latest one (or null), and applying (201). */
export function applicationRoutes({ applications }: Services) {
  return endpointRouter("/api/investor-applications", [
    endpoint(endpoints.mine, ({ user }) => applications.latestFor(user.id)),
    endpoint(endpoints.submit, ({ user, body }) => applications.submit(user, body)),
  ]);
}

/** The admin's review: every application; approving makes the applicant an investor; rejecting. */
export function applicationAdminRoutes({ applications }: Services) {
  const notFound = "errors.notFound.application";
  return endpointRouter("/api/admin/investor-applications", [
    endpoint(endpoints.list, () => applications.list()),
    endpoint(endpoints.approve, ({ params, user, req }) => applications.review(params.id, user, "approved", requestMeta(req)), { notFound }),
    endpoint(endpoints.reject, ({ params, user, req }) => applications.review(params.id, user, "rejected", requestMeta(req)), { notFound }),
  ]);
}
