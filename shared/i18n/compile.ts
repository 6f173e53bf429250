import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { CompiledMessages, Messages } from "./messages";

/**
 * ICU texts parsed into the syntax trees the pages' formatter reads (shared/i18n/format-message.ts), so the browser
 * carries no ICU parser. Most messages are plain text: they stay a string (smaller files, nothing to walk).
 */
export function compileMessages(messages: Messages): CompiledMessages {
  const out: CompiledMessages = {};
  for (const [id, text] of Object.entries(messages)) {
    const elements = parse(text) as MessageFormatElement[];
    out[id] = elements.length === 1 && elements[0].type === TYPE.literal ? elements[0].value : elements;
  }
  return out;
}
