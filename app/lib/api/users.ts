import { usersRoutes } from "./routes/users";
import { bindEndpoints } from "./client";

/** User administration (admin): the list, roles, disabling, confirmation links, removing second factors. */
export const usersApi = bindEndpoints(usersRoutes);
