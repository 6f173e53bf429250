import { PRESS_LIMITS } from "../../shared/limits";
import type { RichTextLanguage } from "../../shared/rich-text-schema";
import { runHtmlTask } from "../workers/html-pool";
import { AppError } from "./errors";
import { renderDoc } from "./rich-text";
import { sanitizeContentOffThread } from "./sanitize";

/** A document up to this size (JSON) is checked and rendered in place; a longer one in an HTML worker thread. */
export const INLINE_RENDER_CHARS = 32 * 1024;
const RENDER_TIME_LIMIT_MS = 10_000;

type Doc = Record<string, unknown>;

/**
 * The HTML of the editor's document `doc`, for the field `field` of a release in `language`: refused with a 400 that
 * names the field when the document holds anything the editor's allow-list does not (server/lib/rich-text.ts).
 */
export async function renderRichText(doc: Doc, language: RichTextLanguage, field: string): Promise<string> {
  try {
    if (JSON.stringify(doc).length <= INLINE_RENDER_CHARS) return renderDoc(doc, language);
    return await runHtmlTask("renderDoc", { doc, language }, { timeoutMs: RENDER_TIME_LIMIT_MS });
  } catch (err) {
    if (err instanceof AppError && err.code === "VALIDATION") {
      throw AppError.fromText("VALIDATION", err.messageId, { errors: { [field]: err.messageId }, internal: err.internal });
    }
    if (err instanceof AppError) throw err;
    throw new AppError("UNPROCESSABLE", "errors.contentTooComplex", { errors: { [field]: "errors.contentTooComplex" }, internal: String(err) });
  }
}

/** True when HTML has no text at all (an editor left with one empty paragraph). */
const isBlank = (html: string) => html.replace(/<[^>]*>/g, "").trim() === "";

/**
 * The stored content fields of a release write. With the editor's document, the HTML is the server's render of it
 * (the HTML the client sent is ignored); with HTML alone (older clients, the API), the HTML is cleaned as before and
 * the document is cleared, since it no longer matches. The Arabic fields, absent from a write, stay as stored; an
 * Arabic document with no text clears the Arabic content.
 */
export async function storedContent(input: { content: string; contentDoc?: Doc | null; contentAr?: string | null; contentArDoc?: Doc | null }) {
  const english = input.contentDoc
    ? { content: await renderRichText(input.contentDoc, "en", "contentDoc"), contentDoc: input.contentDoc }
    : { content: await sanitizeContentOffThread(input.content), contentDoc: null };
  if (english.contentDoc && english.content.length < PRESS_LIMITS.content.min) {
    throw AppError.fromText("VALIDATION", `validation.press.content.min?min=${PRESS_LIMITS.content.min}`, {
      errors: { content: `validation.press.content.min?min=${PRESS_LIMITS.content.min}` },
    });
  }
  if (input.contentArDoc) {
    const html = await renderRichText(input.contentArDoc, "ar", "contentArDoc");
    return { ...english, ...(isBlank(html) ? { contentAr: null, contentArDoc: null } : { contentAr: html, contentArDoc: input.contentArDoc }) };
  }
  if (input.contentAr === undefined) return english;
  const contentAr = input.contentAr ? await sanitizeContentOffThread(input.contentAr) : null;
  return { ...english, contentAr: contentAr || null, contentArDoc: null };
}
