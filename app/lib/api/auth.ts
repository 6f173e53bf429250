import { authEndpoints } from "../../../shared/api/auth";
import { bindEndpoints } from "./client";

/** Signing in and out: the user, password and second step, passkeys, registration, reset and confirmation links. */
export const authApi = bindEndpoints(authEndpoints);
