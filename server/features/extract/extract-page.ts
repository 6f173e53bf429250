/**
 * The pure half of 'extract from URL': page bytes in, press-release fields out (Open Graph tags,
 * JSON-LD, then Readability's reading of the page), sanitized. It parses untrusted pages of up to
 * a few megabytes, so it runs in a worker thread (server/workers), never on the request thread.
 */
import { Readability } from "@mozilla/readability";
import { isMostlyArabic } from "../../../shared/search-normalize";
import { parseHTML } from "linkedom";
import sanitizeHtml from "sanitize-html";
import type { MessageId } from "../../../shared/i18n/messages";
import { PRESS_LIMITS } from "../../../shared/limits";
import { PRESS_CATEGORIES } from "../../../shared/schemas";
import { AppError } from "../../lib/errors";
import { CONTENT_RULES, sanitizeContent } from "../../lib/sanitize-content";

// What a page gives is trimmed to what a press release may hold, so the form opens with texts it accepts.
const TITLE_MAX = PRESS_LIMITS.title.max;
const SUMMARY_MAX = PRESS_LIMITS.summary.max;
const CONTENT_MAX = PRESS_LIMITS.content.max;

export const NOTHING_EXTRACTED = "errors.extract.nothing" satisfies MessageId;

/** What the page says, before images are copied and the company is matched. */
export type ExtractedPage = {
  title: string;
  summary: string;
  content: string;
  date: string | null;
  /** Absolute http(s) URLs on the source site (or elsewhere): the lead image and the site's logo. */
  image: string | null;
  logo: string | null;
  category: string;
  originalUrl: string;
  /** Names the page gives for who published it: og:site_name, application-name, JSON-LD publisher/organization. */
  siteNames: string[];
  /** The <title> of the document, which often ends with the site's name. */
  documentTitle: string;
  /** Every distinct image source in `content`, in order of appearance. */
  contentImages: string[];
  /** 'ar' when the page says it is Arabic (<html lang="ar...">, og:locale, Content-Language) or its text is mostly Arabic. */
  language: "en" | "ar";
};

/** Charset from the header, else from a <meta> in the first bytes, else UTF-8. */
export function decodeBody(body: Uint8Array, contentType: string): string {
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType.slice(0, 200))?.[1];
  const head = Buffer.from(body.subarray(0, 2048)).toString("latin1");
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  for (const label of [fromHeader, fromMeta, "utf-8"]) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // Unknown label: try the next one.
    }
  }
  return Buffer.from(body).toString("utf8");
}

type Doc = ReturnType<typeof parseHTML>["document"];
type El = ReturnType<Doc["querySelector"]> & {};

const clean = (s: unknown): string => (typeof s === "string" ? s.replace(/\s+/g, " ").trim() : "");

/** Cuts at a word boundary and marks the cut, so the result fits the form's limit. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

function absolute(value: string | null | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

function meta(doc: Doc, ...keys: string[]): string {
  for (const key of keys) {
    for (const attr of ["property", "name", "itemprop"]) {
      const el = doc.querySelector(`meta[${attr}="${key}" i]`);
      const value = clean(el?.getAttribute("content"));
      if (value) return value;
    }
  }
  return "";
}

type JsonLd = Record<string, unknown>;

/** Every JSON-LD object on the page, flattening @graph and arrays; broken blocks are skipped. */
function jsonLdObjects(doc: Doc): JsonLd[] {
  const out: JsonLd[] = [];
  const visit = (node: unknown, depth: number) => {
    if (depth > 4 || !node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.slice(0, 50).forEach((n) => visit(n, depth + 1));
    const obj = node as JsonLd;
    out.push(obj);
    if (obj["@graph"]) visit(obj["@graph"], depth + 1);
  };
  for (const script of doc.querySelectorAll('script[type="application/ld+json" i]')) {
    try {
      visit(JSON.parse(script.textContent ?? ""), 0);
    } catch {
      // Ignore invalid JSON-LD; pages often ship it broken.
    }
  }
  return out;
}

const ARTICLE_TYPES = /^(NewsArticle|Article|BlogPosting|Report|PressRelease|ReportageNewsArticle|AnalysisNewsArticle|WebPage)$/i;

const typesOf = (o: JsonLd) => (Array.isArray(o["@type"]) ? (o["@type"] as unknown[]) : [o["@type"]]).map(String);

function ldUrl(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return ldUrl(value[0]);
  if (value && typeof value === "object") {
    const o = value as JsonLd;
    return ldUrl(o.url ?? o.contentUrl ?? o["@id"]);
  }
  return "";
}

function isoDate(value: string): string | null {
  const v = clean(value);
  if (!v) return null;
  // Keep the calendar day as written; converting to UTC could move it by one.
  const direct = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  let y: number, m: number, d: number;
  if (direct) {
    [y, m, d] = [Number(direct[1]), Number(direct[2]), Number(direct[3])];
  } else {
    const t = Date.parse(v);
    if (Number.isNaN(t)) return null;
    const date = new Date(t);
    [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  }
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCMonth() !== m - 1 || y < 1990 || y > new Date().getUTCFullYear() + 1) return null;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

const CATEGORY_RULES: [RegExp, (typeof PRESS_CATEGORIES)[number]][] = [
  [/\b(acquires?|acquired|acquisitions?|takeover|buys|merger)\b/i, "Acquisition"],
  [/\b(series [a-e]|funding|raises?|raised|seed round|fundraising)\b/i, "Funding"],
  [/\b(partners?|partnership|joint venture|alliance|teams up|mou)\b/i, "Partnership"],
  [/\b(results|earnings|revenue|profit|quarterly|annual report|fiscal)\b/i, "Financial Results"],
  [/\b(invests?|investment|stake|backs)\b/i, "Investment"],
  [/\b(expands?|expansion|launch(es)? in|enters?|new market|opens)\b/i, "Expansion"],
  [/\b(awards?|wins|honou?red|recognised|recognized|prize)\b/i, "Award"],
  [/\b(sustainab\w*|esg|climate|renewable|solar|carbon|green)\b/i, "Sustainability"],
  [/\b(technology|digital|platform|software|ai|fintech|app)\b/i, "Technology"],
];

function categoryFor(...texts: string[]): string {
  const exact = texts[0] && PRESS_CATEGORIES.find((c) => c.toLowerCase() === texts[0].toLowerCase());
  if (exact) return exact;
  const text = texts.filter(Boolean).join(" \n ");
  for (const [pattern, category] of CATEGORY_RULES) if (pattern.test(text)) return category;
  return "News";
}

/** Relative links and images become absolute, so the sanitizer (http/https only) keeps them. */
function absolutize(doc: Doc, pageUrl: string) {
  const baseHref = doc.querySelector("base[href]")?.getAttribute("href");
  const base = absolute(baseHref, pageUrl) ?? pageUrl;
  for (const el of doc.querySelectorAll("a[href]")) {
    const href = absolute(el.getAttribute("href"), base);
    if (href) el.setAttribute("href", href);
    else el.removeAttribute("href");
  }
  for (const el of doc.querySelectorAll("img")) {
    const src = el.getAttribute("src") || el.getAttribute("data-src") || "";
    const abs = absolute(src, base);
    if (abs) el.setAttribute("src", abs);
    else el.remove();
  }
  return base;
}

/** Keeps whole top-level blocks up to the form's content limit. */
function limitHtml(html: string): string {
  if (html.length <= CONTENT_MAX) return html;
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  let out = "";
  for (const child of document.body.children as Iterable<El>) {
    const part = child.outerHTML;
    if (out.length + part.length > CONTENT_MAX) break;
    out += part;
  }
  return out;
}

const textToParagraphs = (text: string) =>
  sanitizeContent(
    text
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter(Boolean)
      .join("\n\n"),
  );

export function extractFromHtml(html: string, pageUrl: string): ExtractedPage {
  const { document: doc } = parseHTML(html);
  const base = absolutize(doc, pageUrl);

  const ld = jsonLdObjects(doc);
  const article =
    ld.find((o) => typesOf(o).some((t) => ARTICLE_TYPES.test(t) && !/^WebPage$/i.test(t))) ?? ld.find((o) => typesOf(o).some((t) => /^WebPage$/i.test(t)));
  const org = ld.find((o) => typesOf(o).some((t) => /^(Organization|Corporation|NewsMediaOrganization)$/i.test(t)));
  const publisher = (article?.publisher && typeof article.publisher === "object" ? (article.publisher as JsonLd) : undefined) ?? org;

  // Metadata first: Readability rewrites the document.
  const declaredLanguage = [
    doc.documentElement?.getAttribute("lang"),
    doc.documentElement?.getAttribute("xml:lang"),
    meta(doc, "og:locale", "language", "content-language"),
    doc.querySelector('meta[http-equiv="content-language" i]')?.getAttribute("content"),
  ]
    .map((v) => clean(v).toLowerCase())
    .find(Boolean);
  const ogTitle = meta(doc, "og:title", "twitter:title") || clean(article?.headline) || clean(article?.name);
  const ogDescription = meta(doc, "og:description", "description", "twitter:description") || clean(article?.description);
  const section = clean(meta(doc, "article:section")) || clean(Array.isArray(article?.articleSection) ? article?.articleSection[0] : article?.articleSection);
  const keywords = [meta(doc, "keywords", "news_keywords"), clean(Array.isArray(article?.keywords) ? article?.keywords.join(", ") : article?.keywords)]
    .join(" ")
    .slice(0, 2000);
  const dateCandidates = [
    clean(article?.datePublished),
    clean(article?.dateCreated),
    meta(
      doc,
      "article:published_time",
      "datePublished",
      "date",
      "pubdate",
      "publishdate",
      "publish-date",
      "dc.date.issued",
      "dcterms.date",
      "parsely-pub-date",
      "sailthru.date",
    ),
    clean(doc.querySelector("time[datetime]")?.getAttribute("datetime")),
  ];
  const image =
    absolute(meta(doc, "og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src"), base) ??
    absolute(ldUrl(article?.image), base) ??
    absolute(doc.querySelector('link[rel="image_src" i]')?.getAttribute("href"), base);
  const logo =
    absolute(ldUrl(publisher?.logo), base) ?? absolute(ldUrl(org?.logo), base) ?? absolute(meta(doc, "og:logo"), base) ?? absolute(largestIcon(doc), base);
  const documentTitle = clean(doc.querySelector("title")?.textContent).slice(0, 300);
  const siteNames = [meta(doc, "og:site_name", "application-name", "twitter:site"), clean(publisher?.name), clean(org?.name)]
    .map((n) => n.replace(/^@/, "").slice(0, 120))
    .filter(Boolean);

  let readable: ReturnType<Readability<string>["parse"]> = null;
  try {
    readable = new Readability(doc as unknown as Document, { charThreshold: 100 }).parse();
  } catch {
    readable = null;
  }

  const title = clip(ogTitle || clean(readable?.title) || documentTitle, TITLE_MAX);
  const contentHtml = readable?.content ? sanitizeContent(readable.content) : "";
  const content = limitHtml(contentHtml.trim() ? contentHtml : readable?.textContent ? textToParagraphs(readable.textContent) : "");
  const plain = clean(readable?.textContent);
  const summary = clip(ogDescription || clean(readable?.excerpt) || plain, SUMMARY_MAX);

  if (!title && !content) throw new AppError("UNPROCESSABLE", NOTHING_EXTRACTED);

  let date: string | null = null;
  for (const candidate of [...dateCandidates, clean(readable?.publishedTime)]) {
    date = isoDate(candidate);
    if (date) break;
  }

  return {
    title,
    summary,
    content,
    date,
    image,
    logo,
    category: categoryFor(section, keywords, title, summary),
    originalUrl: absolute(doc.querySelector('link[rel="canonical" i]')?.getAttribute("href"), pageUrl) ?? pageUrl,
    siteNames,
    documentTitle,
    contentImages: imageSources(content),
    language: declaredLanguage?.startsWith("ar") || isMostlyArabic(`${title} ${summary} ${plain.slice(0, 2000)}`) ? "ar" : "en",
  };
}

/** Distinct <img src> values of sanitized content, in order. */
function imageSources(content: string): string[] {
  const found = new Set<string>();
  sanitizeHtml(content, {
    allowedTags: false,
    allowedAttributes: false,
    exclusiveFilter: (frame) => {
      if (frame.tag === "img" && frame.attribs.src) found.add(frame.attribs.src);
      return false;
    },
  });
  return [...found];
}

/**
 * Points each content image at its copy on this site (`copies`: source URL -> /uploads/... URL)
 * and removes the images that were not copied: nothing stays hot-linked to another site.
 */
export function rehostContentImages(content: string, copies: Record<string, string>): string {
  return sanitizeHtml(content, {
    ...CONTENT_RULES,
    transformTags: {
      ...CONTENT_RULES.transformTags,
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: copies[attribs.src ?? ""] ?? "" } }),
    },
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  })
    .replace(/<figure>\s*<\/figure>/g, "")
    .replace(/<p>\s*<\/p>/g, "");
}

function largestIcon(doc: Doc): string | null {
  let best: { href: string; size: number } | null = null;
  for (const link of doc.querySelectorAll("link[rel][href]")) {
    const rel = (link.getAttribute("rel") ?? "").slice(0, 100).toLowerCase();
    if (!/\b(apple-touch-icon|icon)\b/.test(rel)) continue;
    const sizes = /(\d{1,5})x\d{1,5}/.exec((link.getAttribute("sizes") ?? "").slice(0, 40));
    const size = sizes ? Number(sizes[1]) : rel.includes("apple-touch-icon") ? 180 : 16;
    if (!best || size > best.size) best = { href: link.getAttribute("href") ?? "", size };
  }
  return best?.href ?? null;
}
