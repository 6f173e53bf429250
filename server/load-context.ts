import type { Request, Response } from "express";
import type { AppSession } from "./auth/sessions";
import { requestLogger, type Logger } from "./lib/logger";
import type { Services } from "./features";
import type { PublicUser } from "./features/accounts/users";
import { catalog, translate } from "./i18n";
import { localeOfPath, type Locale } from "../shared/i18n/locales";

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
  /** The id pino-http gave this request (sent back as X-Request-Id). */
  requestId: string;
  /** Loaders and actions log through this: each line carries the request id. */
  logger: Logger;
  /** The page's language, from its URL ('/ar/...' is Arabic). */
  locale: Locale;
  /** Message catalogs: the messages of some namespaces, or one message, in a language. */
  i18n: { catalog: typeof catalog; translate: typeof translate };
  /**
   * The text of a built stylesheet by its address, for pages that write it into the HTML; undefined where there
   * is none (the development server, whose stylesheets Vite serves), and the page links it instead.
   */
  stylesheet: (href: string) => string | undefined;
};

const I18N = { catalog, translate };
const NO_STYLESHEET: LoadContext["stylesheet"] = () => undefined;

/** The context every page loader and action receives, built once per request after the session is read. */
export function createLoadContext(
  req: Request,
  res: Response,
  {
    services,
    logger,
    publicOrigin,
    stylesheet = NO_STYLESHEET,
  }: { services: Services; logger: Logger; publicOrigin: string | undefined; stylesheet?: LoadContext["stylesheet"] },
): LoadContext {
  const requestId = String(req.id);
  return {
    services,
    user: res.locals.user,
    session: res.locals.session,
    ip: req.ip,
    cspNonce: res.locals.cspNonce as string | undefined,
    origin: publicOrigin ?? `${req.protocol}://${req.get("host")}`,
    requestId,
    logger: requestLogger(logger, requestId),
    locale: localeOfPath(req.path),
    i18n: I18N,
    stylesheet,
  };
}

declare module "react-router" {
  interface AppLoadContext extends LoadContext {}
}
