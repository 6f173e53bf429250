import { accountRoutes } from "./routes/account";
import { bindEndpoints } from "./client";

/** The signed-in user's own account: profile, photo, password, address, sessions, two-factor sign-in and passkeys. */
export const accountApi = bindEndpoints(accountRoutes);
