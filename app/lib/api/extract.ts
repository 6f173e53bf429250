import { extractRoutes } from "./routes/extract";
import { bindEndpoints } from "./client";

/** The press form's 'extract content from a URL'. */
export const extractApi = bindEndpoints(extractRoutes);
