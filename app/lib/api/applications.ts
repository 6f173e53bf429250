import { applicationsRoutes } from "./routes/applications";
import { bindEndpoints } from "./client";

/** Investor applications: the member's own (read, apply); the admin's list, approve and reject. */
export const applicationsApi = bindEndpoints(applicationsRoutes);
