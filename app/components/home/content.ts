import * as React from "react";
import { readCache, writeCache, type EnvironmentMode } from "~/lib/cache";
import { HOMEPAGE_LIMIT } from "../../../shared/rules";
import { isLocale, type Locale } from "../../../shared/i18n/locales";
import { useLocale } from "~/i18n/provider";

/** The fields a portfolio card needs (also the shape kept in the browser cache). */
export type HomePortfolioItem = {
  contentLocale?: Locale;
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
  contentLocale?: Locale;
  id: number;
  title: string;
  summary: string;
  date: string;
  sector: string | null;
  featured: boolean;
  showOnHomepage: boolean;
  image: string | null;
};

export const PORTFOLIO_TIMEOUT_MS = 10_000;

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
/** The language an item's texts are in; missing means English. */
const contentLocaleOf = (v: unknown): Locale | undefined => (isLocale(v) ? v : undefined);
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
    contentLocale: contentLocaleOf(o.contentLocale),
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
    // Either spelling marks a homepage release: showOnHomepage or show_on_homepage.
    showOnHomepage: o.showOnHomepage === true || o.show_on_homepage === true,
    image: str(o.image),
    contentLocale: contentLocaleOf(o.contentLocale),
  };
}

const isPortfolioItem = (v: unknown): v is HomePortfolioItem => toPortfolioItem(v) !== null;
const isHomePress = (v: unknown): v is HomePress => toHomePress(v) !== null;

/** Homepage releases: flagged for the homepage, at most 3 (the featured flag decides the layout). */
export function homepageSelection(items: HomePress[]): HomePress[] {
  return items.filter((p) => p.showOnHomepage).slice(0, HOMEPAGE_LIMIT);
}

/** The built-in releases shown when none can be loaded and none are cached: loaded only then. */
async function fallbackHomepagePress(): Promise<HomePress[]> {
  const { FALLBACK_PRESS } = await import("../../../shared/fallback-press");
  return homepageSelection(FALLBACK_PRESS.map((p) => toHomePress(p)!));
}

class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * A list from the API (`load` is the typed call); an error answer becomes an HttpError with its status. The page is
 * rendered with its lists, so the API client is loaded only when a list must be fetched in the browser.
 */
async function getJsonList(
  load: (signal: AbortSignal) => Promise<unknown>,
  httpMessage: (status: number) => string,
  signal: AbortSignal,
  timeoutMs?: number,
): Promise<unknown[]> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener("abort", abort);
  const timer = timeoutMs ? setTimeout(abort, timeoutMs) : undefined;
  try {
    const { ApiError } = await import("~/lib/api/client");
    const body = await load(controller.signal).catch((err: unknown) => {
      throw err instanceof ApiError ? new HttpError(httpMessage(err.status), err.status) : err;
    });
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
  /** `httpStatus`: the API's answer when it answered with an error, null when it could not be reached. */
  | { status: "error"; items: null; httpStatus: number | null };

export type PressState = { status: "ready"; items: HomePress[]; source: "server" | "cache" | "fallback" } | { status: "loading"; items: null };

/**
 * Home page portfolio and press releases. A server-rendered visit arrives with the loader's data, which is
 * cached. A visit without it (a client-side navigation, or a server that could not read the data) shows the cached
 * copy at once, or skeletons, and then asks the API: a failed portfolio load with nothing to show becomes an
 * error with Retry; a failed press load falls back to the cached copy or the three built-in releases.
 */
export function useHomeContent(initial: { portfolio: HomePortfolioItem[] | null; press: HomePress[] | null }, mode: EnvironmentMode) {
  // The page's language picks the texts the API answers and the stored copy they are kept in.
  const locale = useLocale();
  const lang = locale === "en" ? undefined : locale;
  const portfolioKey = locale === "en" ? "portfolioItems" : "portfolioItems-ar";
  const pressKey = locale === "en" ? "pressReleases" : "pressReleases-ar";
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
      writeCache(mode, portfolioKey, initial.portfolio);
      return;
    }
    const cached = readCache(mode, portfolioKey, isPortfolioItem);
    if (cached && cached.items.length > 0) setPortfolio({ status: "ready", items: cached.items });
    else setPortfolio({ status: "loading", items: null });

    getJsonList(
      (signal) => import("~/lib/api/portfolio").then(({ portfolioApi }) => portfolioApi.list({ query: { lang }, init: { signal } })),
      (s) => `HTTP ${s}: Failed to fetch portfolio items`,
      controller.signal,
      PORTFOLIO_TIMEOUT_MS,
    )
      .then((body) => {
        const items = body.map(toPortfolioItem).filter((v): v is HomePortfolioItem => v !== null);
        console.info(`Loaded ${items.length} portfolio items`);
        // An empty answer keeps the cached list.
        if (items.length === 0 && cached && cached.items.length > 0) return;
        writeCache(mode, portfolioKey, items);
        setPortfolio({ status: "ready", items });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted && !(err instanceof HttpError)) return;
        const message = err instanceof HttpError ? err.message : "Failed to load portfolio items";
        console.error("Portfolio load failed:", message);
        const httpStatus = err instanceof HttpError ? err.status : null;
        setPortfolio((prev) => (prev.status === "ready" ? prev : { status: "error", items: null, httpStatus }));
      });
    return () => controller.abort();
  }, [initial.portfolio, mode, attempt, lang, portfolioKey]);

  React.useEffect(() => {
    const controller = new AbortController();
    if (initial.press) {
      setPress({ status: "ready", items: initial.press, source: "server" });
      writeCache(mode, pressKey, initial.press);
      return;
    }
    const cached = readCache(mode, pressKey, isHomePress);
    const cachedSelection = cached ? homepageSelection(cached.items) : null;
    if (cachedSelection) setPress({ status: "ready", items: cachedSelection, source: "cache" });
    else setPress({ status: "loading", items: null });

    getJsonList(
      (signal) => import("~/lib/api/press").then(({ pressApi }) => pressApi.homepage({ query: { lang }, init: { signal } })),
      () => "Failed to load homepage press releases",
      controller.signal,
    )
      .then((body) => {
        const items = homepageSelection(body.map(toHomePress).filter((v): v is HomePress => v !== null));
        console.info(`Loaded ${items.length} homepage press releases`);
        writeCache(mode, pressKey, items);
        setPress({ status: "ready", items, source: "server" });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted && !(err instanceof HttpError)) return;
        console.error("Failed to load homepage press releases", err);
        if (cachedSelection) setPress({ status: "ready", items: cachedSelection, source: "cache" });
        else
          void fallbackHomepagePress()
            .then((items) => setPress({ status: "ready", items, source: "fallback" }))
            // Offline: the built-in releases cannot be fetched either; the section says there is nothing to show.
            .catch(() => setPress({ status: "ready", items: [], source: "fallback" }));
      });
    return () => controller.abort();
  }, [initial.press, mode, lang, pressKey]);

  const retryPortfolio = React.useCallback(() => {
    setPortfolio({ status: "loading", items: null });
    setAttempt((n) => n + 1);
  }, []);

  return { portfolio, press, retryPortfolio };
}
