import { API } from "../../../shared/api";
import { bindEndpoints } from "./client";

/** The security log (admin). */
export const securityEventsApi = bindEndpoints(API.securityEvents);
