import sanitizeHtml from "sanitize-html";
import { runHtmlTask } from "../workers/html-pool";
import { AppError } from "./errors";

/** Content up to this size is cleaned in place (well under 100 ms even when hostile); longer content in a worker thread. */
export const INLINE_SANITIZE_CHARS = 16 * 1024;
const SANITIZE_TIME_LIMIT_MS = 10_000;
export const CONTENT_TOO_COMPLEX = "The content is too complex to clean up safely. Please simplify its formatting and try again.";

/**
 * sanitizeContent for text of any size without holding the request thread: the HTML parser's cost
 * grows with nesting and tag count, so long content is cleaned in a worker thread with a time limit.
 */
export async function sanitizeContentOffThread(input: string): Promise<string> {
  if (input.length <= INLINE_SANITIZE_CHARS) return sanitizeContent(input);
  try {
    return await runHtmlTask("sanitize", { content: input }, { timeoutMs: SANITIZE_TIME_LIMIT_MS });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("UNPROCESSABLE", CONTENT_TOO_COMPLEX, { errors: { content: CONTENT_TOO_COMPLEX }, internal: String(err) });
  }
}

/** Press content is rendered as HTML, so it is cleaned before it is stored. */
export function sanitizeContent(input: string): string {
  // Plain text with blank lines becomes paragraphs.
  const html = looksLikeHtml(input)
    ? input
    : input
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, "<br />")}</p>`)
        .join("\n");
  return sanitizeHtml(html, CONTENT_RULES);
}

/** What press content may contain: simple formatting, links and images over http(s). */
export const CONTENT_RULES: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "a",
    "ul",
    "ol",
    "li",
    "blockquote",
    "h2",
    "h3",
    "h4",
    "figure",
    "figcaption",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "hr",
  ],
  allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "width", "height"], th: ["colspan", "rowspan"], td: ["colspan", "rowspan"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
    h1: "h2",
  },
};

/**
 * True when the text has a tag opening ('<' then a letter) with a '>' somewhere after it. Two
 * linear scans: a pattern such as /<[a-z][\s\S]*>/ retries from every '<a' and is quadratic on
 * text like '<a<a<a…' with no '>', long enough to stall the whole server.
 */
export function looksLikeHtml(input: string): boolean {
  const open = input.search(/<[a-z]/i);
  return open !== -1 && input.indexOf(">", open + 2) !== -1;
}

export function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
