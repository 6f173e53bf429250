import { revisionsRoutes } from "./routes/revisions";
import { bindEndpoints } from "./client";

/** Revisions of press releases and portfolio companies (admin): the list, one revision's texts, restore as a draft. */
export const revisionsApi = bindEndpoints(revisionsRoutes);
export { revisionsRoutes };
