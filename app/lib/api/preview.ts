import { previewRoutes } from "./routes/preview";
import { bindEndpoints } from "./client";

/** Preview links of unpublished releases: create (the URL shown once), list, revoke. */
export const previewApi = bindEndpoints(previewRoutes);
