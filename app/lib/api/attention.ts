import { attentionRoutes } from "./routes/attention";
import { bindEndpoints } from "./client";

/** What needs an admin's attention (the dashboard's counts). */
export const attentionApi = bindEndpoints(attentionRoutes);
