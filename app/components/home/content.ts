import * as React from "react";
import { readCache, writeCache, type EnvironmentMode } from "~/lib/cache";
import { FALLBACK_PRESS } from "../../../shared/fallback-press";

/** The fields a portfolio card needs (also the shape kept in the browser cache). */
export type HomePortfolioItem = {
  id: number;
  name: string;
  description: string;
  sector: string;
  yearAcquired: number | null;
  image: string | null;
  companyLogo: string | null;
  website: string | null;
  status: string;
  exitYear: number | null;
};

/** The fields a home press card shows (and the homepage and featured flags that pick and arrange them). */
export type HomePress = {
  id: number;
  title: string;
  summary: string;
  date: string;
  sector: string | null;
  featured: boolean;
  showOnHomepage: boolean;
  image: string | null;
};

export const HOMEPAGE_PRESS_LIMIT = 3;
export const PORTFOLIO_TIMEOUT_MS = 10_000;

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

export function toPortfolioItem(v: unknown): HomePortfolioItem | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  const id = num(o.id);
  const name = str(o.name);
  if (id === null || !name) return null;
  return {
    id,
    name,
    description: str(o.description) ?? "",
    sector: str(o.sector) ?? "",
    yearAcquired: num(o.yearAcquired),
    image: str(o.image),
    companyLogo: str(o.companyLogo),
    website: str(o.website),
    status: str(o.status) ?? "Active",
    exitYear: num(o.exitYear),
  };
}

export function toHomePress(v: unknown): HomePress | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  const id = num(o.id);
  const title = str(o.title);
  const date = str(o.date);
  if (id === null || !title || !date) return null;
  return {
    id,
    title,
    summary: str(o.summary) ?? "",
    date,
    sector: str(o.sector),
    featured: o.featured === true,
    // The API sends both spellings (spec section 3).
    showOnHomepage: o.showOnHomepage === true || o.show_on_homepage === true,
    image: str(o.image),
  };
}

const isPortfolioItem = (v: unknown): v is HomePortfolioItem => toPortfolioItem(v) !== null;
const isHomePress = (v: unknown): v is HomePress => toHomePress(v) !== null;

/** Homepage releases: flagged for the homepage, at most three (the featured flag decides the layout). */
export function homepageSelection(items: HomePress[]): HomePress[] {
  return items.filter((p) => p.showOnHomepage).slice(0, HOMEPAGE_PRESS_LIMIT);
}

export const FALLBACK_HOMEPAGE_PRESS: HomePress[] = homepageSelection(FALLBACK_PRESS.map((p) => toHomePress(p)!));

class HttpError extends Error {}

async function getJsonList(url: string, httpMessage: (status: number) => string, signal: AbortSignal, timeoutMs?: number) {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener("abort", abort);
  const timer = timeoutMs ? setTimeout(abort, timeoutMs) : undefined;
  try {
    const res = await fetch(url, { credentials: "include", headers: { Accept: "application/json" }, signal: controller.signal });
    if (!res.ok) throw new HttpError(httpMessage(res.status));
    const body: unknown = await res.json();
    if (!Array.isArray(body)) throw new Error("unexpected answer");
    return body;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", abort);
  }
}

export type PortfolioState =
  | { status: "ready"; items: HomePortfolioItem[] }
  | { status: "loading"; items: null }
  | { status: "error"; items: null; error: string };

export type PressState = { status: "ready"; items: HomePress[]; source: "server" | "cache" | "fallback" } | { status: "loading"; items: null };

/**
 * Home page content (spec sections 2, 4 and 7). A server-rendered visit arrives with the loader's data, which is
 * cached. A visit without it (a client-side navigation, or a server that could not read the data) shows the cached
 * copy at once, or skeletons, and then asks the API: a failed portfolio load with nothing to show becomes an
 * error with Retry; a failed press load falls back to the cached copy or the three built-in releases.
 */
export function useHomeContent(initial: { portfolio: HomePortfolioItem[] | null; press: HomePress[] | null }, mode: EnvironmentMode) {
  const [portfolio, setPortfolio] = React.useState<PortfolioState>(() =>
    initial.portfolio ? { status: "ready", items: initial.portfolio } : { status: "loading", items: null },
  );
  const [press, setPress] = React.useState<PressState>(() =>
    initial.press ? { status: "ready", items: initial.press, source: "server" } : { status: "loading", items: null },
  );
  const [attempt, setAttempt] = React.useState(0);

  React.useEffect(() => {
    const controller = new AbortController();
    if (initial.portfolio) {
      setPortfolio({ status: "ready", items: initial.portfolio });
      writeCache(mode, "portfolioItems", initial.portfolio);
      return;
    }
    const cached = readCache(mode, "portfolioItems", isPortfolioItem);
    if (cached && cached.items.length > 0) setPortfolio({ status: "ready", items: cached.items });
    else setPortfolio({ status: "loading", items: null });

    getJsonList("/api/portfolio", (s) => `HTTP ${s}: Failed to fetch portfolio items`, controller.signal, PORTFOLIO_TIMEOUT_MS)
      .then((body) => {
        const items = body.map(toPortfolioItem).filter((v): v is HomePortfolioItem => v !== null);
        console.info(`Loaded ${items.length} portfolio items`);
        // An empty answer keeps the cached list (spec section 7).
        if (items.length === 0 && cached && cached.items.length > 0) return;
        writeCache(mode, "portfolioItems", items);
        setPortfolio({ status: "ready", items });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted && !(err instanceof HttpError)) return;
        const message = err instanceof HttpError ? err.message : "Failed to load portfolio items";
        console.error("Portfolio load failed:", message);
        setPortfolio((prev) => (prev.status === "ready" ? prev : { status: "error", items: null, error: message }));
      });
    return () => controller.abort();
  }, [initial.portfolio, mode, attempt]);

  React.useEffect(() => {
    const controller = new AbortController();
    if (initial.press) {
      setPress({ status: "ready", items: initial.press, source: "server" });
      writeCache(mode, "pressReleases", initial.press);
      return;
    }
    const cached = readCache(mode, "pressReleases", isHomePress);
    const cachedSelection = cached ? homepageSelection(cached.items) : null;
    if (cachedSelection) setPress({ status: "ready", items: cachedSelection, source: "cache" });
    else setPress({ status: "loading", items: null });

    getJsonList("/api/press-releases/homepage", () => "Failed to load homepage press releases", controller.signal)
      .then((body) => {
        const items = homepageSelection(body.map(toHomePress).filter((v): v is HomePress => v !== null));
        console.info(`Loaded ${items.length} homepage press releases`);
        writeCache(mode, "pressReleases", items);
        setPress({ status: "ready", items, source: "server" });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted && !(err instanceof HttpError)) return;
        console.error("Failed to load homepage press releases", err);
        setPress(cachedSelection ? { status: "ready", items: cachedSelection, source: "cache" } : { status: "ready", items: FALLBACK_HOMEPAGE_PRESS, source: "fallback" });
      });
    return () => controller.abort();
  }, [initial.press, mode]);

  const retryPortfolio = React.useCallback(() => {
    setPortfolio({ status: "loading", items: null });
    setAttempt((n) => n + 1);
  }, []);

  return { portfolio, press, retryPortfolio };
}
