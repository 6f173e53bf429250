import type { z } from "zod";
import { securityEventEndpoints as endpoints } from "../../../shared/api/security-events";
import type { Answer } from "../../http/answer";
import { endpoint, endpointRouter } from "../../http/endpoint";
import type { Services } from "../index";

/**
 * The security log (admin, mounted at /admin/security-events): sign-ins (successful, failed, held back), password
 * resets asked for and made, addresses confirmed, roles changed.
 *   GET /api/admin/security-events?type=&userId=&before=   newest first, 50 at a time; `nextBefore` pages on
 */
export function securityEventRoutes(services: Services) {
  return endpointRouter("/api/admin/security-events", [endpoint(endpoints.list, ({ query }) => securityLog(services, query))]);
}

/**
 * One page of the security log, newest first, with how long an event stays in it (`keepDays`, SECURITY_LOG_KEEP_DAYS):
 * the route's answer and the dashboard's security screen.
 */
export async function securityLog({ securityEvents, config }: Pick<Services, "securityEvents" | "config">, query: z.output<typeof endpoints.list.query>) {
  return { ...(await securityEvents.list(query)), keepDays: config.retention.securityLogDays } satisfies Answer<typeof endpoints.list>;
}
