import * as React from "react";
import { useLocale } from "~/i18n/provider";
import { ApiError, hasErrorCode } from "~/lib/api/client";
import { openView, refreshView } from "~/lib/api/data-room";
import { PAGE_URL_TTL_SECONDS } from "../../../shared/data-room";
import type { ViewerSession } from "../../../shared/api/data-room";

/** Why the viewer shows no pages: each has its own message (viewer-states.tsx). */
export type ViewerProblem = "gone" | "notFound" | "unavailable" | "rateLimited" | "notViewable" | "declined" | "failed";

export type ViewState = { status: "opening" } | { status: "ready"; session: ViewerSession } | { status: "problem"; problem: ViewerProblem };

/** The problem an API refusal means for the viewer (410 replaced, 404 gone for this reader, 503, 429, 422 not a PDF). */
export function problemOf(err: unknown): ViewerProblem {
  if (!(err instanceof ApiError)) return "failed";
  switch (err.status) {
    case 410:
      return "gone";
    case 404:
      return "notFound";
    case 503:
      return "unavailable";
    case 429:
      return "rateLimited";
    case 422:
      return "notViewable";
    default:
      return "failed";
  }
}

/** Refreshes come this long before the page addresses stop working. */
const REFRESH_AHEAD_MS = 60_000;
/** However the browser's clock disagrees with the server's, refreshes come at most this often. */
const MIN_REFRESH_MS = 30_000;

/** When to ask for fresh addresses: a minute before they expire, within what the server grants. */
export function refreshDelay(urlsExpireAt: string, now = Date.now()): number {
  const lifetime = Math.min(Math.max(Date.parse(urlsExpireAt) - now, 0), PAGE_URL_TTL_SECONDS * 1000);
  return Math.max(lifetime - REFRESH_AHEAD_MS, MIN_REFRESH_MS);
}

/**
 * Opens a view of a document and keeps its page addresses fresh. A CONFIDENTIALITY_REQUIRED answer runs
 * `ensureAccepted` (the confidentiality gate) and tries again once the reader accepted. `refresh()` asks for fresh
 * addresses (before they expire, and when an image was refused); it resolves false when the view cannot go on, and
 * the state then says why (410: a newer version; 404: no longer available to this reader).
 */
export function useViewSession(documentId: number, ensureAccepted: () => Promise<boolean>) {
  const locale = useLocale();
  const [state, setState] = React.useState<ViewState>({ status: "opening" });
  // Answers to an earlier attempt (the reader reopened, or left) are ignored.
  const generation = React.useRef(0);
  const viewId = React.useRef<string | null>(null);
  const refreshing = React.useRef<Promise<boolean> | null>(null);

  const show = React.useCallback((gen: number, next: ViewState) => {
    if (gen !== generation.current) return;
    viewId.current = next.status === "ready" ? next.session.viewId : null;
    setState(next);
  }, []);

  /** After a CONFIDENTIALITY_REQUIRED answer: true once the reader accepted; otherwise the state says why not. */
  const accepted = React.useCallback(
    async (gen: number) => {
      try {
        if (await ensureAccepted()) return true;
        show(gen, { status: "problem", problem: "declined" });
      } catch {
        show(gen, { status: "problem", problem: "failed" });
      }
      return false;
    },
    [ensureAccepted, show],
  );

  const open = React.useCallback(async () => {
    const gen = ++generation.current;
    viewId.current = null;
    setState({ status: "opening" });
    // Twice at most: a notice accepted in between is the only reason to ask again.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        show(gen, { status: "ready", session: await openView(documentId, locale) });
        return;
      } catch (err) {
        if (gen !== generation.current) return;
        if (!hasErrorCode(err, "CONFIDENTIALITY_REQUIRED")) return show(gen, { status: "problem", problem: problemOf(err) });
        if (!(await accepted(gen))) return;
      }
    }
    show(gen, { status: "problem", problem: "failed" });
  }, [documentId, locale, accepted, show]);

  const refresh = React.useCallback((): Promise<boolean> => {
    const id = viewId.current;
    if (!id) return Promise.resolve(false);
    if (refreshing.current) return refreshing.current;
    const gen = generation.current;
    const run = async (): Promise<boolean> => {
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          show(gen, { status: "ready", session: await refreshView(id, locale) });
          return true;
        } catch (err) {
          if (gen !== generation.current) return false;
          if (hasErrorCode(err, "CONFIDENTIALITY_REQUIRED")) {
            if (!(await accepted(gen))) return false;
            continue;
          }
          const problem = problemOf(err);
          // Replaced or withdrawn: the view is over. Anything else (offline, busy, limited) leaves what is on screen.
          if (problem === "gone" || problem === "notFound") show(gen, { status: "problem", problem });
          return false;
        }
      }
      return false;
    };
    const pending = run().finally(() => {
      refreshing.current = null;
    });
    refreshing.current = pending;
    return pending;
  }, [locale, accepted, show]);

  /** Answers still on their way are for a viewer that is gone. */
  const abandon = React.useCallback(() => {
    generation.current += 1;
  }, []);

  React.useEffect(() => {
    // Opened from a timer, so a development double mount (StrictMode) does not open two views.
    const timer = window.setTimeout(() => void open(), 0);
    return () => {
      window.clearTimeout(timer);
      abandon();
    };
  }, [open, abandon]);

  const expiresAt = state.status === "ready" ? state.session.urlsExpireAt : null;
  React.useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setTimeout(() => void refresh(), refreshDelay(expiresAt));
    return () => window.clearTimeout(timer);
  }, [expiresAt, refresh]);

  return { state, reopen: open, refresh };
}
