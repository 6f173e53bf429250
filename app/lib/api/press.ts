import { pressRoutes } from "./routes/press";
import { bindEndpoints } from "./client";

/** Press releases: list, featured, homepage, one release; the admin's create, update, flags and delete. */
export const pressApi = bindEndpoints(pressRoutes);
