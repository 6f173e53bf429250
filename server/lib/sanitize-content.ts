import sanitizeHtml from "sanitize-html";

// The cleaner itself, with no way to a worker thread: it runs in place for short content and inside the HTML
// worker threads (server/workers/html-tasks.ts) for long content, so it must not import the pool that starts them.

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
