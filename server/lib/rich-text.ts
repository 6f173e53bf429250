/**
 * The press editor's documents on the server: a document is checked against an allow-list built on the editor's own
 * schema (shared/rich-text-schema.ts: which nodes, marks and attributes, with which values, how big and how deep),
 * rendered to HTML with Tiptap's static renderer (no DOM), and the HTML then goes through the same cleaner as any
 * other content, with the one addition of the `dir` attribute. A document with anything else is refused, never
 * silently trimmed: what the writer saw in the editor is what the site shows.
 *
 * This module is pure and synchronous, so the HTML worker threads run it for long documents (server/workers).
 */
import { getSchema, type JSONContent } from "@tiptap/core";
import { Node as ProseMirrorNode, type Schema } from "@tiptap/pm/model";
import { renderToHTMLString } from "@tiptap/static-renderer/pm/html-string";
import sanitizeHtml from "sanitize-html";
import { withValues, type MessageId } from "../../shared/i18n/messages";
import { PRESS_LIMITS } from "../../shared/limits";
import { RICH_TEXT_LIMITS } from "../../shared/rich-text-limits";
import { HEADING_LEVELS, LINK_REL, isAllowedImage, isAllowedLink, richTextExtensions, type RichTextLanguage } from "../../shared/rich-text-schema";
import { AppError } from "./errors";
import { CONTENT_RULES } from "./sanitize-content";

type Check = (value: unknown) => boolean;

const direction: Check = (v) => v === null || v === "ltr" || v === "rtl" || v === "auto";
const shortText =
  (max: number): Check =>
  (v) =>
    v === null || (typeof v === "string" && v.length <= max);
const count =
  (max: number): Check =>
  (v) =>
    v === null || (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max);
const span: Check = (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 50;
const widths: Check = (v) => v === null || (Array.isArray(v) && v.length <= 50 && v.every((w) => w === null || (Number.isInteger(w) && w > 0 && w < 10_000)));

/**
 * Every attribute a node may carry and the values it may take: the editor's attributes (Tiptap writes every one,
 * null when unset). An attribute not listed here is refused even where the editor's schema has it.
 */
const NODE_ATTRIBUTES: Record<string, Record<string, Check>> = {
  doc: { dir: direction },
  paragraph: { dir: direction },
  heading: { dir: direction, level: (v) => (HEADING_LEVELS as readonly unknown[]).includes(v) },
  blockquote: { dir: direction },
  bulletList: { dir: direction },
  orderedList: { dir: direction, start: count(10_000), type: (v) => v === null || v === "1" || v === "a" || v === "A" || v === "i" || v === "I" },
  listItem: { dir: direction },
  hardBreak: { dir: direction },
  horizontalRule: { dir: direction },
  table: { dir: direction },
  tableRow: { dir: direction },
  tableCell: { dir: direction, colspan: span, rowspan: span, colwidth: widths, align: (v) => v === null || v === "left" || v === "center" || v === "right" },
  tableHeader: { dir: direction, colspan: span, rowspan: span, colwidth: widths, align: (v) => v === null || v === "left" || v === "center" || v === "right" },
  image: {
    dir: direction,
    src: (v) => typeof v === "string" && isAllowedImage(v),
    alt: shortText(500),
    title: shortText(500),
    width: count(10_000),
    height: count(10_000),
  },
  text: {},
};

/** The marks and their attributes; a link's target and rel are the site's own (LINK_REL), whatever the document says. */
const MARK_ATTRIBUTES: Record<string, Record<string, Check>> = {
  bold: {},
  italic: {},
  underline: {},
  link: {
    href: (v) => typeof v === "string" && v.length <= 2000 && isAllowedLink(v),
    target: (v) => v === null || v === "_blank",
    rel: (v) => v === null || v === LINK_REL,
    class: (v) => v === null,
    title: shortText(500),
  },
};

const NODE_KEYS = new Set(["type", "attrs", "content", "marks", "text"]);

/** A refusal of the document, with the message the field shows (its values carried in the text). */
const refuse = (id: MessageId, values?: Record<string, string | number>) => AppError.fromText("VALIDATION", values ? withValues(id, values) : id);

const schemas = new Map<RichTextLanguage, { schema: Schema; extensions: ReturnType<typeof richTextExtensions> }>();
function editorSchema(language: RichTextLanguage) {
  let entry = schemas.get(language);
  if (!entry) {
    const extensions = richTextExtensions(language);
    entry = { schema: getSchema(extensions), extensions };
    schemas.set(language, entry);
  }
  return entry;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Throws a VALIDATION AppError unless `doc` is a document the editor could have made: only the allow-listed nodes,
 * marks and attributes with allowed values (links https: or mailto:, images from /uploads/ or https:), within
 * RICH_TEXT_LIMITS, and in the structure the schema allows (no list item outside a list, no table without rows).
 */
export function validateDoc(doc: unknown, language: RichTextLanguage): JSONContent {
  if (!isPlainObject(doc) || doc.type !== "doc") throw refuse("validation.richText.invalid");
  if (JSON.stringify(doc).length > RICH_TEXT_LIMITS.docChars) throw refuse("validation.richText.tooLarge");
  const { schema } = editorSchema(language);
  let nodes = 0;
  const visit = (node: unknown, depth: number) => {
    if (depth > RICH_TEXT_LIMITS.depth || ++nodes > RICH_TEXT_LIMITS.nodes) throw refuse("validation.richText.tooLarge");
    if (!isPlainObject(node) || typeof node.type !== "string") throw refuse("validation.richText.invalid");
    const type = node.type;
    const allowed = Object.hasOwn(NODE_ATTRIBUTES, type) ? NODE_ATTRIBUTES[type] : undefined;
    if (!allowed || !schema.nodes[type]) throw refuse("validation.richText.notAllowed", { item: type.slice(0, 40) });
    for (const key of Object.keys(node)) if (!NODE_KEYS.has(key)) throw refuse("validation.richText.notAllowed", { item: key.slice(0, 40) });
    checkAttributes(type, node.attrs, allowed);
    if (type === "text") {
      if (typeof node.text !== "string" || node.text === "" || node.content !== undefined) throw refuse("validation.richText.invalid");
    } else if (node.text !== undefined || node.marks !== undefined) throw refuse("validation.richText.invalid");
    if (node.marks !== undefined) {
      if (!Array.isArray(node.marks) || node.marks.length > 8) throw refuse("validation.richText.invalid");
      for (const mark of node.marks) {
        if (!isPlainObject(mark) || typeof mark.type !== "string") throw refuse("validation.richText.invalid");
        const markAllowed = Object.hasOwn(MARK_ATTRIBUTES, mark.type) ? MARK_ATTRIBUTES[mark.type] : undefined;
        if (!markAllowed || !schema.marks[mark.type]) throw refuse("validation.richText.notAllowed", { item: mark.type.slice(0, 40) });
        for (const key of Object.keys(mark)) if (key !== "type" && key !== "attrs") throw refuse("validation.richText.notAllowed", { item: key.slice(0, 40) });
        checkAttributes(mark.type, mark.attrs, markAllowed);
      }
    }
    if (node.content !== undefined) {
      if (!Array.isArray(node.content)) throw refuse("validation.richText.invalid");
      for (const child of node.content) visit(child, depth + 1);
    }
  };
  visit(doc, 0);
  // The structure (which node may hold which) is the schema's own rule.
  try {
    ProseMirrorNode.fromJSON(schema, doc).check();
  } catch (err) {
    throw AppError.fromText("VALIDATION", "validation.richText.invalid", { internal: String(err) });
  }
  return doc as JSONContent;
}

function checkAttributes(type: string, attrs: unknown, allowed: Record<string, Check>) {
  if (attrs === undefined) return;
  if (!isPlainObject(attrs)) throw refuse("validation.richText.invalid");
  for (const [name, value] of Object.entries(attrs)) {
    const check = Object.hasOwn(allowed, name) ? allowed[name] : undefined;
    if (!check) throw refuse("validation.richText.notAllowed", { item: `${type} ${name}`.slice(0, 60) });
    if (!check(value)) {
      if (type === "link" && name === "href") throw refuse("validation.richText.link");
      if (type === "image" && name === "src") throw refuse("validation.richText.image");
      throw refuse("validation.richText.notAllowed", { item: `${type} ${name}`.slice(0, 60) });
    }
  }
}

/** The content rules plus the direction of each block, the one attribute the editor adds. */
export const RICH_TEXT_RULES: sanitizeHtml.IOptions = {
  ...CONTENT_RULES,
  allowedAttributes: Object.fromEntries(
    [...(CONTENT_RULES.allowedTags as string[]), "*"].map((tag) => {
      const own = (CONTENT_RULES.allowedAttributes as Record<string, sanitizeHtml.AllowedAttribute[]>)[tag] ?? [];
      return [tag, tag === "*" ? own : [...own, { name: "dir", multiple: false, values: ["ltr", "rtl", "auto"] }]];
    }),
  ),
};

/**
 * The HTML of a checked document `doc`, in `language` (the direction a block without one has): the static renderer's
 * output, cleaned with RICH_TEXT_RULES (the renderer escapes text; the cleaner is the second lock). Throws as
 * validateDoc does, and when the HTML is over the content's length limit.
 */
export function renderDoc(doc: unknown, language: RichTextLanguage): string {
  const content = validateDoc(doc, language);
  const html = sanitizeHtml(renderToHTMLString({ extensions: editorSchema(language).extensions, content }), RICH_TEXT_RULES);
  if (html.length > PRESS_LIMITS.content.max) throw refuse("validation.press.content.max", { max: PRESS_LIMITS.content.max });
  return html;
}
