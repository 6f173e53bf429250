import { securityEventsRoutes } from "./routes/security-events";
import { bindEndpoints } from "./client";

/** The security log (admin). */
export const securityEventsApi = bindEndpoints(securityEventsRoutes);
