/**
 * The readable comparison of two revisions' texts: HTML becomes plain text (each block on its own line, entities
 * decoded), then the two texts are compared word by word (jsdiff). Words are found with Intl.Segmenter in the text's
 * language where the runtime has it, so Arabic words are compared as words, not letter by letter.
 */
import { diffWords, type Change } from "diff";

/** Elements that start a new line of text: blocks, list items, table rows and cells, line breaks. */
const BLOCK =
  /^(address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul)$/i;

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** `&amp;`, `&#39;`, `&#x2014;` and the few named entities sanitized HTML keeps, as characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/**
 * The text of an HTML fragment as a reader sees it: tags removed, every block on a line of its own, runs of spaces
 * made one, blank lines dropped. Scripts and styles are dropped with their content (stored HTML has none, but a
 * comparison must never show one). Not a sanitizer: the result is shown as text, never as HTML.
 */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\/?([a-z][a-z0-9]*)\b[^>]*>/gi, (_tag, name: string) => (BLOCK.test(name) ? "\n" : ""));
  return decodeEntities(marked.replace(/<[^>]*>/g, ""))
    .split("\n")
    .map((line) => line.replace(/[ \t\r\f\v\u00a0]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** One piece of a comparison: text both have, text only the newer one has, or text only the older one had. */
export type DiffPart = { kind: "same" | "added" | "removed"; text: string };

type Segmenter = { segment(input: string): Iterable<{ segment: string }> };
type SegmenterCtor = new (locale: string, options: { granularity: "word" }) => Segmenter;

/** A word segmenter for `lang`, when the runtime has one (every current browser and Node.js does). */
function segmenter(lang: "en" | "ar"): Segmenter | undefined {
  const Ctor = (Intl as unknown as { Segmenter?: SegmenterCtor }).Segmenter;
  return Ctor ? new Ctor(lang, { granularity: "word" }) : undefined;
}

/**
 * The changes from `older` to `newer`, word by word, line breaks kept; neighbouring pieces of one kind are joined. `lang` is the texts' language (how words are found).
 */
export function wordDiff(older: string, newer: string, lang: "en" | "ar" = "en"): DiffPart[] {
  const intlSegmenter = segmenter(lang);
  const changes: Change[] = diffWords(older, newer, intlSegmenter ? { intlSegmenter } : {});
  const parts: DiffPart[] = [];
  for (const c of changes) {
    const kind = c.added ? "added" : c.removed ? "removed" : "same";
    const last = parts.at(-1);
    if (last && last.kind === kind) last.text += c.value;
    else if (c.value) parts.push({ kind, text: c.value });
  }
  return parts;
}

/** The text of a field's value for comparison: HTML as text, anything else trimmed; empty for none. */
export const comparableText = (value: string | null | undefined, html = false) => (value ? (html ? htmlToText(value) : value.trim()) : "");
