/**
 * A release's stored HTML as the editor's document, for releases written before the editor: parsed with the editor's
 * own schema (ProseMirror's parser over linkedom's document, which parses HTML without a browser) and checked by the
 * same allow-list as a document the dashboard sends. Links get the site's own rel and target, as the editor gives
 * them; HTML holding what the editor cannot (an http: link, an image from elsewhere) is not converted.
 */
import { getSchema, type JSONContent } from "@tiptap/core";
import { DOMParser } from "@tiptap/pm/model";
import { parseHTML } from "linkedom";
import { LINK_REL, richTextExtensions, type RichTextLanguage } from "../../shared/rich-text-schema";
import { renderDoc, validateDoc } from "./rich-text";

const parsers = new Map<RichTextLanguage, DOMParser>();
const parserFor = (language: RichTextLanguage) => {
  let parser = parsers.get(language);
  if (!parser) parsers.set(language, (parser = DOMParser.fromSchema(getSchema(richTextExtensions(language)))));
  return parser;
};

/** The words of some HTML, blocks apart and whitespace collapsed: what a reader reads, whatever the markup. */
export function textOf(html: string): string {
  const spaced = html.replace(/<\/?(p|h[1-6]|li|ul|ol|blockquote|table|thead|tbody|tr|td|th|br|div|img)\b[^>]*>/gi, " $&");
  const { document } = parseHTML(`<!doctype html><html><body>${spaced}</body></html>`);
  return (document.body.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** The addresses some HTML links to and shows images from, in order. */
function addressesOf(html: string): string[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return [...document.querySelectorAll("a[href], img[src]")].map((el) => el.getAttribute("href") ?? el.getAttribute("src") ?? "");
}

/** Every link mark takes the site's rel and target (the editor's own values); nothing else about it changes. */
function withSiteLinks(node: JSONContent): JSONContent {
  const marks = node.marks?.map((m) => (m.type === "link" ? { ...m, attrs: { ...m.attrs, rel: LINK_REL, target: "_blank", class: null } } : m));
  return { ...node, ...(marks ? { marks } : {}), ...(node.content ? { content: node.content.map(withSiteLinks) } : {}) };
}

export type Conversion = { ok: true; doc: JSONContent; html: string } | { ok: false; reason: string };

/**
 * `html` as the editor's document and that document's HTML (what the server stores from it), or why not: the
 * allow-list refused something, or the text read differently after the conversion (nothing is lost silently).
 */
export function htmlToDoc(html: string, language: RichTextLanguage): Conversion {
  try {
    const { document } = parseHTML(`<!doctype html><html><body><div id="content">${html}</div></body></html>`);
    const parsed = parserFor(language)
      .parse(document.getElementById("content") as never)
      .toJSON() as JSONContent;
    const doc = validateDoc(withSiteLinks(parsed), language);
    const rendered = renderDoc(doc, language);
    if (textOf(rendered) !== textOf(html)) return { ok: false, reason: "the text would change" };
    // The parser leaves out a link or an image the editor cannot hold (an http: address): that is a change too.
    if (addressesOf(rendered).join("\n") !== addressesOf(html).join("\n")) return { ok: false, reason: "a link or an image the editor cannot hold" };
    return { ok: true, doc, html: rendered };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}
