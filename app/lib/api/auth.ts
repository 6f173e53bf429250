import { authRoutes } from "./routes/auth";
import { bindEndpoints } from "./client";

/** Signing in and out: the user, password and second step, passkeys, registration, reset and confirmation links. */
export const authApi = bindEndpoints(authRoutes);
