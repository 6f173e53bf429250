import { auditRoutes } from "./routes/audit";
import { bindEndpoints } from "./client";

/** The audit trail (admin): a page of events, the chain's verification; `href(auditRoutes.export, ...)` for a file. */
export const auditApi = bindEndpoints(auditRoutes);
export { auditRoutes };
