import { runHtmlTask } from "../workers/html-pool";
import { AppError } from "./errors";
import { sanitizeContent } from "./sanitize-content";

/** Content up to this size is cleaned in place (well under 100 ms even when hostile); longer content in a worker thread. */
export const INLINE_SANITIZE_CHARS = 16 * 1024;
const SANITIZE_TIME_LIMIT_MS = 10_000;

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
    throw new AppError("UNPROCESSABLE", "errors.contentTooComplex", { errors: { content: "errors.contentTooComplex" }, internal: String(err) });
  }
}
