import { securityEventEndpoints } from "../../../shared/api/security-events";
import { bindEndpoints } from "./client";

/** The security log (admin). */
export const securityEventsApi = bindEndpoints(securityEventEndpoints);
