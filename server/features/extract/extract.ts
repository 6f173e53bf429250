/**
 * 'Extract Content from URL': fetches a public web page (through safeFetch), reads it in a worker
 * thread (server/features/extract/extract-page.ts), copies its images to this site's uploads, and matches
 * the publisher against the portfolio companies.
 *
 * Nothing in the answer points at the source site's images: each image is fetched through the
 * same guarded fetch (size cap, image content type), re-encoded by the upload pipeline and served
 * from /uploads; an image that cannot be copied is left out and named in `warnings`.
 */
import { UPLOAD_LIMITS_MB, type UploadKind } from "../../../shared/schemas";
import { sectorOf } from "../../../shared/sectors";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales";
import type { MessageId } from "../../../shared/i18n/messages";
import { AppError } from "../../lib/errors";
import { message } from "../../lib/messages";
import { safeFetch, SafeFetchError, type LookupFunction, type SafeFetchFailure } from "../../lib/safe-fetch";
import { runHtmlTask, TaskTimeoutError } from "../../workers/html-pool";
import { NOTHING_EXTRACTED, type ExtractedPage } from "./extract-page";
import type { StoredImage } from "../uploads/uploads";

export { NOTHING_EXTRACTED };

export type ExtractOptions = {
  /** Deadline for fetching the page; 10 s by default. Tests shorten it. */
  timeoutMs?: number;
  /** Time limit for reading the fetched page (parsing, Readability, sanitizing); 15 s by default. */
  processTimeoutMs?: number;
  /** Time for copying all images, after the page is read; 10 s by default. */
  imageTimeoutMs?: number;
  /** Largest page accepted; 3 MB by default. */
  maxBytes?: number;
  maxRedirects?: number;
  /**
   * Exact origins (e.g. "http://127.0.0.1:41234") exempt from the private-address rules so tests
   * can serve fixture pages. Only code passes this (createServices' options); it is never read from
   * the environment, and it is refused outright when NODE_ENV is production.
   */
  allowOrigins?: readonly string[];
  /** DNS resolution; tests inject answers. */
  resolve?: LookupFunction;
};

/** A portfolio company as matching needs it. */
export type CompanyRef = { name: string; sector: string; companyLogo: string | null };

export type ExtractDependencies = {
  /** The portfolio companies the publisher is matched against. */
  companies: () => Promise<CompanyRef[]>;
  /** The upload pipeline: validates the bytes, re-encodes, stores under /uploads. */
  storeImage: (buffer: Buffer, kind: UploadKind) => Promise<StoredImage>;
};

/**
 * What the admin form receives: the page's texts, date, category, source and language as read (`image` and `logo`
 * now copied to /uploads or null: the matched company's logo, else the site's), the matched portfolio company and
 * its sector (as the press form writes it), and what could not be carried over (for the editor to review). The
 * admin form fills the Arabic fields (titleAr, summaryAr, contentAr) when `language` is 'ar'.
 */
export type ExtractedContent = Omit<ExtractedPage, "siteNames" | "documentTitle" | "contentImages"> & {
  company: string | null;
  sector: string | null;
  warnings: string[];
};

export const EXTRACT_TIMEOUT_MS = 10_000;
export const EXTRACT_PROCESS_TIMEOUT_MS = 15_000;
export const EXTRACT_IMAGE_TIMEOUT_MS = 10_000;
export const EXTRACT_MAX_BYTES = 3 * 1024 * 1024;
/** At most this many images of the article body are copied; the rest are left out. */
export const MAX_CONTENT_IMAGES = 12;
/** All copied images of one extraction together, before re-encoding. */
const MAX_IMAGE_BYTES_TOTAL = 40 * 1024 * 1024;
const IMAGE_CONCURRENCY = 3;
const MAX_CONCURRENT = 4;

export const PAGE_TOO_COMPLEX = "errors.extract.tooComplex" satisfies MessageId;

const STATUS_FOR: Record<SafeFetchFailure, "UNPROCESSABLE" | "BAD_GATEWAY"> = {
  scheme: "UNPROCESSABLE",
  credentials: "UNPROCESSABLE",
  port: "UNPROCESSABLE",
  "blocked-address": "UNPROCESSABLE",
  dns: "UNPROCESSABLE",
  timeout: "BAD_GATEWAY",
  "too-large": "BAD_GATEWAY",
  redirects: "BAD_GATEWAY",
  status: "BAD_GATEWAY",
  network: "BAD_GATEWAY",
};

export function createExtractService(opts: ExtractOptions & Partial<ExtractDependencies> & { nodeEnv: "development" | "production" | "test" }) {
  if (opts.allowOrigins?.length && opts.nodeEnv === "production") {
    // Belt and braces: the allow-list is a test seam and must never be live in production.
    throw new Error("extract: allowOrigins is a test-only option and cannot be used in production");
  }
  let running = 0;

  return {
    /** Reads the page at `url`; what was left out is described in `locale` (English by default). */
    async extract(url: string, { locale = DEFAULT_LOCALE }: { locale?: Locale } = {}): Promise<ExtractedContent> {
      if (running >= MAX_CONCURRENT) throw new AppError("TOO_MANY_REQUESTS", "errors.extract.busy");
      running++;
      try {
        const page = await readPage(url, opts);
        const company = matchCompany(await (opts.companies?.() ?? Promise.resolve([])), page);
        const images = await copyImages(page, company, opts, locale);
        return {
          title: page.title,
          summary: page.summary,
          content: images.content,
          date: page.date,
          image: images.image,
          logo: company?.companyLogo || images.logo,
          category: page.category,
          originalUrl: page.originalUrl,
          company: company?.name ?? null,
          // The press form stores a sector as its slug from the one list (shared/sectors.ts).
          sector: company ? (sectorOf(company.sector)?.value ?? null) : null,
          warnings: images.warnings,
          language: page.language,
        };
      } finally {
        running--;
      }
    },
  };
}

export type ExtractService = ReturnType<typeof createExtractService>;

function fetchOptions(opts: ExtractOptions) {
  return { maxRedirects: opts.maxRedirects ?? 5, allowOrigins: opts.allowOrigins, resolve: opts.resolve };
}

/** Fetch, then parse in a worker thread: a hostile page costs that thread its time limit, never the server. */
async function readPage(url: string, opts: ExtractOptions): Promise<ExtractedPage> {
  let res;
  try {
    res = await safeFetch(url, { ...fetchOptions(opts), timeoutMs: opts.timeoutMs ?? EXTRACT_TIMEOUT_MS, maxBytes: opts.maxBytes ?? EXTRACT_MAX_BYTES });
  } catch (err) {
    if (err instanceof SafeFetchError)
      throw new AppError(STATUS_FOR[err.reason], err.messageId, { values: err.values, internal: `extract ${err.reason}: ${url}` });
    throw err;
  }
  const mime = res.contentType.split(";")[0].trim().toLowerCase();
  if (mime && mime !== "text/html" && mime !== "application/xhtml+xml") {
    throw new AppError("UNPROCESSABLE", "errors.extract.notHtml");
  }
  try {
    return await runHtmlTask(
      "extractPage",
      { body: res.body, contentType: res.contentType, pageUrl: res.url },
      { timeoutMs: opts.processTimeoutMs ?? EXTRACT_PROCESS_TIMEOUT_MS },
    );
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Over the time limit, over the thread's memory limit, or too deeply nested to parse.
    throw new AppError("UNPROCESSABLE", PAGE_TOO_COMPLEX, { internal: `extract ${err instanceof TaskTimeoutError ? "timeout" : String(err)}: ${url}` });
  }
}

// ------------------------------------------------------------------------------ company matching

/** Legal forms and filler words that do not distinguish one company from another. */
const NAME_NOISE = new Set([
  "co",
  "company",
  "inc",
  "incorporated",
  "ltd",
  "limited",
  "llc",
  "plc",
  "sae",
  "s",
  "a",
  "e",
  "corp",
  "corporation",
  "group",
  "the",
]);

/** 'Kahwa Coffee Co.' -> 'kahwa coffee'; 'Café Ñandú' -> 'cafe nandu'. Letters of every script are kept. */
export function normaliseCompanyName(name: string): string {
  return name
    .slice(0, 300)
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !NAME_NOISE.has(w))
    .join(" ");
}

/**
 * The portfolio company a page belongs to: first a publisher name (og:site_name, JSON-LD publisher or
 * organization) equal to a company's name, then a company named in the page's title (the earliest
 * mention wins; a longer name wins a tie). Case, accents and legal forms ('Co.', 'S.A.E.') are ignored.
 */
export function matchCompany(companies: CompanyRef[], page: Pick<ExtractedPage, "siteNames" | "title" | "documentTitle">): CompanyRef | null {
  const named = companies.map((c) => ({ company: c, key: normaliseCompanyName(c.name) })).filter((c) => c.key);
  for (const site of page.siteNames) {
    const key = normaliseCompanyName(site);
    const hit = named.find((c) => c.key === key);
    if (hit) return hit.company;
  }
  let best: { company: CompanyRef; at: number; length: number } | null = null;
  for (const text of [page.title, page.documentTitle, ...page.siteNames]) {
    const haystack = ` ${normaliseCompanyName(text)} `;
    for (const c of named) {
      // Very short names ('AB') only count as a whole publisher name, never inside a sentence.
      if (c.key.length < 3) continue;
      const at = haystack.indexOf(` ${c.key} `);
      if (at === -1) continue;
      if (!best || at < best.at || (at === best.at && c.key.length > best.length)) best = { company: c.company, at, length: c.key.length };
    }
    if (best) return best.company;
  }
  return null;
}

// ------------------------------------------------------------------------------ image copies

type ImageJob = { url: string; kind: UploadKind; role: "lead" | "logo" | "content" };

const IMAGE_ACCEPT = "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1";

/** The images of one page together may not be larger than this (in MB). */
const TOTAL_MB = MAX_IMAGE_BYTES_TOTAL / 1024 / 1024;

/** Thrown when the page's images together pass the total. */
class TotalTooLarge extends Error {}

const LEFT_OUT: Record<ImageJob["role"], MessageId> = {
  lead: "errors.extract.warning.lead",
  logo: "errors.extract.warning.logo",
  content: "errors.extract.warning.content",
};

/** Why an image was left out, in words for the editor, in `locale`. */
function reasonOf(err: unknown, job: ImageJob, locale: Locale): string {
  if (err instanceof TotalTooLarge) return message(locale, "errors.extract.reason.totalTooLarge", { mb: TOTAL_MB });
  if (err instanceof SafeFetchError) {
    if (err.reason === "too-large") return message(locale, "errors.extract.reason.tooLarge", { mb: UPLOAD_LIMITS_MB[job.kind] });
    // The status code stays in Latin digits in every language, as HTTP writes it.
    if (err.reason === "status")
      return err.status ? message(locale, "errors.extract.reason.status", { status: String(err.status) }) : message(locale, "errors.extract.reason.notSent");
    if (err.reason === "timeout") return message(locale, "errors.extract.reason.timeout");
    if (err.reason === "blocked-address") return message(locale, "errors.extract.reason.blocked");
    return message(locale, err.messageId, err.values);
  }
  if (err instanceof AppError && err.code === "UNSUPPORTED_MEDIA") return message(locale, "errors.extract.reason.notImage");
  if (err instanceof AppError) return err.localized(locale).message;
  return message(locale, "errors.extract.reason.failed");
}

async function copyImages(page: ExtractedPage, company: CompanyRef | null, opts: ExtractOptions & Partial<ExtractDependencies>, locale: Locale) {
  const warnings: string[] = [];
  const jobs: ImageJob[] = [];
  if (page.image) jobs.push({ url: page.image, kind: "banner", role: "lead" });
  if (page.logo && !company?.companyLogo) jobs.push({ url: page.logo, kind: "logo", role: "logo" });
  const kept = page.contentImages.slice(0, MAX_CONTENT_IMAGES);
  for (const url of kept) jobs.push({ url, kind: "image", role: "content" });
  const skipped = page.contentImages.length - kept.length;
  if (skipped > 0) warnings.push(message(locale, "errors.extract.warning.imagesCapped", { count: skipped, max: MAX_CONTENT_IMAGES }));

  const copies = new Map<string, string>();
  const failures = new Map<string, string>();
  const store = opts.storeImage;
  const deadline = Date.now() + (opts.imageTimeoutMs ?? EXTRACT_IMAGE_TIMEOUT_MS);
  let bytes = 0;

  const copy = async (job: ImageJob) => {
    const key = `${job.kind} ${job.url}`;
    if (copies.has(key) || failures.has(key)) return;
    const remaining = deadline - Date.now();
    try {
      if (!store) throw new Error("no upload pipeline");
      if (remaining <= 0) throw new SafeFetchError("timeout", "errors.fetch.timeout");
      if (bytes >= MAX_IMAGE_BYTES_TOTAL) throw new TotalTooLarge();
      const limit = UPLOAD_LIMITS_MB[job.kind] * 1024 * 1024;
      let res;
      try {
        res = await safeFetch(job.url, {
          ...fetchOptions(opts),
          timeoutMs: remaining,
          maxBytes: Math.min(limit, MAX_IMAGE_BYTES_TOTAL - bytes),
          headers: { Accept: IMAGE_ACCEPT },
        });
      } catch (err) {
        if (err instanceof SafeFetchError && err.reason === "too-large" && MAX_IMAGE_BYTES_TOTAL - bytes < limit) throw new TotalTooLarge();
        throw err;
      }
      const mime = res.contentType.split(";")[0].trim().toLowerCase();
      if (!mime.startsWith("image/") || mime === "image/svg+xml") throw new AppError("UNSUPPORTED_MEDIA", "errors.extract.reason.notImage");
      bytes += res.body.length;
      const stored = await store(res.body, job.kind);
      copies.set(key, stored.url);
    } catch (err) {
      failures.set(key, reasonOf(err, job, locale));
    }
  };

  // A few at a time: each is a fetch plus a sharp re-encode.
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: Math.min(IMAGE_CONCURRENCY, queue.length) }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await copy(job);
    }),
  );

  const result = (job: ImageJob | undefined) => (job ? (copies.get(`${job.kind} ${job.url}`) ?? null) : null);
  const contentCopies: Record<string, string> = {};
  for (const url of page.contentImages) {
    const copied = copies.get(`image ${url}`);
    if (copied) contentCopies[url] = copied;
  }
  for (const job of jobs) {
    const reason = failures.get(`${job.kind} ${job.url}`);
    if (!reason) continue;
    warnings.push(message(locale, LEFT_OUT[job.role], { url: job.url, reason: reason.replace(/\.$/, "") }));
  }

  let content = page.content;
  if (page.contentImages.length) {
    try {
      content = await runHtmlTask("rehostImages", { content: page.content, copies: contentCopies }, { timeoutMs: EXTRACT_PROCESS_TIMEOUT_MS });
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError("UNPROCESSABLE", PAGE_TOO_COMPLEX, { internal: `extract rehost: ${String(err)}` });
    }
  }
  return {
    content,
    image: result(jobs.find((j) => j.role === "lead")),
    logo: result(jobs.find((j) => j.role === "logo")),
    warnings,
  };
}
