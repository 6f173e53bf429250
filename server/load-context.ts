import type { AppSession } from "./auth/sessions";
import type { Services } from "./services";
import type { PublicUser } from "./services/users";

export type LoadContext = {
  services: Services;
  user: PublicUser | undefined;
  session: AppSession;
  /** The client's address (honours TRUST_PROXY). */
  ip: string | undefined;
  /** Nonce for inline scripts allowed by the Content-Security-Policy. */
  cspNonce: string | undefined;
  /** Absolute origin for canonical and share URLs. */
  origin: string;
};

declare module "react-router" {
  interface AppLoadContext extends LoadContext {}
}
