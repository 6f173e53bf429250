/**
 * The editors' lane of worker threads (server/workers/html-pool.ts): parsing and cleaning untrusted HTML, rendering
 * the editor's documents, converting .docx files, extracting pages. This module is both the task table and the
 * thread's entry point. It is only ever imported dynamically, so the bundler emits it as its own chunk and
 * `import.meta.url` names a file a Worker can load, in the built server as in development and tests.
 */
import { isMainThread, workerData } from "node:worker_threads";
import { docxToHtml } from "../lib/docx-import";
import { renderDoc } from "../lib/rich-text";
import { sanitizeContent } from "../lib/sanitize-content";
import type { RichTextLanguage } from "../../shared/rich-text-schema";
import { decodeBody, extractFromHtml, rehostContentImages } from "../services/extract-page";
import { serveTasks } from "./task-protocol";

export const WORKER_ENTRY = import.meta.url;
export const WORKER_MARK = "meridian-editor-worker";

export const tasks = {
  sanitize: (input: { content: string }) => sanitizeContent(input.content),
  extractPage: (input: { body: Uint8Array; contentType: string; pageUrl: string }) => extractFromHtml(decodeBody(input.body, input.contentType), input.pageUrl),
  rehostImages: (input: { content: string; copies: Record<string, string> }) => rehostContentImages(input.content, input.copies),
  renderDoc: (input: { doc: Record<string, unknown>; language: RichTextLanguage }) => renderDoc(input.doc, input.language),
  docxToHtml: (input: { bytes: Uint8Array }) => docxToHtml(input.bytes),
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;

if (!isMainThread && (workerData as Record<string, unknown> | undefined)?.[WORKER_MARK]) void serveTasks(tasks);
