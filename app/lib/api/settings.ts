import { settingsRoutes } from "./routes/settings";
import { bindEndpoints } from "./client";

/** Site settings: the public home figures; the admin's brand, spotlight, figures, legal pages and environment mode. */
export const settingsApi = bindEndpoints(settingsRoutes);
