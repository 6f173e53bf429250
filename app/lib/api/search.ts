import { searchRoutes } from "./routes/search";
import { bindEndpoints } from "./client";

/** The site search: press releases, portfolio companies and the documents the caller may read. */
export const searchApi = bindEndpoints(searchRoutes);
