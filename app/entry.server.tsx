import { PassThrough } from "node:stream";

import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./lib/nonce";
import { setStylesheetSource } from "./lib/stylesheet";
import { bootAfterFirstPaintStream } from "./lib/boot-after-paint.server";
import { isDatabaseUnavailable } from "../server/db/unavailable";
import { RETRY_AFTER_SECONDS } from "../shared/availability";
import { catalog } from "../server/i18n";
import { setCatalogSource } from "./i18n/catalogs";

// Pages read their messages from the server's catalogs, in memory (the browser loads the same ones as files).
setCatalogSource(catalog);

export const streamTimeout = 5_000;

/** Requests (by load context) whose loader or action failed because the database could not answer. */
const databaseUnavailable = new WeakSet<object>();

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) {
    // Answered 503 below; the request log records it.
    databaseUnavailable.add(context);
    return;
  }
  // The Response handleRequest throws for the 503 page is not an error.
  if (error instanceof Response) return;
  if (request.signal.aborted) return;
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const logger = (context as Partial<AppLoadContext> | undefined)?.logger;
  if (logger) logger.error({ err: inner ?? error, url: request.url }, "page request failed");
  else console.error(inner ?? error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (databaseUnavailable.has(loadContext)) {
    databaseUnavailable.delete(loadContext);
    // React Router renders the page again with this 503 at the root error boundary (and hydrates it as such).
    throw Response.json({ unavailable: true }, { status: 503, statusText: "Service Unavailable" });
  }
  if (responseStatusCode === 503) {
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The Content-Security-Policy (server/http/csp.ts) allows only scripts carrying this request's nonce.
    const nonce = loadContext.cspNonce;
    // The same function for every request of a server: the built stylesheets it holds in memory.
    setStylesheetSource(loadContext.stylesheet);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          // The page paints before its scripts run (app/lib/boot-after-paint.server.ts).
          pipe(bootAfterFirstPaintStream()).pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            if (loadContext.logger) loadContext.logger.error({ err: error, url: request.url }, "page render failed");
            else console.error(error);
          }
        },
      },
    );
  });
}
