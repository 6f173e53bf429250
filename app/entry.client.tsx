import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { localeOfPath } from "../shared/i18n/locales";
import { namespacesFor } from "../shared/i18n/namespaces";
import { loadCatalogs } from "./i18n/catalogs";

/**
 * The page hydrates once its message catalogs are loaded (the page preloads them alongside its scripts, so this
 * rarely waits). When one cannot be loaded the page is left as the server rendered it: readable, with working links
 * and forms, rather than hydrated without its texts.
 */
const { pathname } = window.location;
loadCatalogs(localeOfPath(pathname), namespacesFor(pathname)).then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  (err: unknown) => {
    // <html data-hydrated="false">: the page will not answer to script (the root layout sets "true" when it does).
    document.documentElement.dataset.hydrated = "false";
    console.error("The page's texts could not be loaded; it stays as the server sent it.", err);
  },
);
