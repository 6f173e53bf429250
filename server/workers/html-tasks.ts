/**
 * The editors' lane of worker threads (server/workers/html-pool.ts): parsing and cleaning untrusted HTML, rendering
 * the editor's documents, converting .docx files, extracting pages. This module is both the task table and the
 * thread's entry point. It is only ever imported dynamically, so the bundler emits it as its own chunk and
 * `import.meta.url` names a file a Worker can load, in the built server as in development and tests.
 */
import { isMainThread, workerData } from "node:worker_threads";
import type { RichTextLanguage } from "../../shared/rich-text-schema";
import { serveTasks } from "./task-protocol";

export const WORKER_ENTRY = import.meta.url;
export const WORKER_MARK = "meridian-editor-worker";

// Each tool is loaded by the thread the first time a task needs it: a save needs only the cleaner and the renderer,
// so a thread that only saves never holds the page extractor's DOM or the .docx converter.
const cleaner = () => import("../lib/sanitize-content");
const renderer = () => import("../lib/rich-text");
const extractor = () => import("../features/extract/extract-page");
const converter = () => import("../lib/docx-import");

export const tasks = {
  sanitize: async (input: { content: string }) => (await cleaner()).sanitizeContent(input.content),
  extractPage: async (input: { body: Uint8Array; contentType: string; pageUrl: string }) => {
    const { extractFromHtml, decodeBody } = await extractor();
    return extractFromHtml(decodeBody(input.body, input.contentType), input.pageUrl);
  },
  rehostImages: async (input: { content: string; copies: Record<string, string> }) => (await extractor()).rehostContentImages(input.content, input.copies),
  renderDoc: async (input: { doc: Record<string, unknown>; language: RichTextLanguage }) => (await renderer()).renderDoc(input.doc, input.language),
  docxToHtml: async (input: { bytes: Uint8Array }) => (await converter()).docxToHtml(input.bytes),
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;

/** The libraries each task loads before its time limit starts. */
const tools: Partial<Record<TaskName, () => Promise<unknown>>> = { extractPage: extractor, rehostImages: extractor, docxToHtml: converter };

// What every save needs is loaded before the thread says it is ready; the rest when first asked for.
if (!isMainThread && (workerData as Record<string, unknown> | undefined)?.[WORKER_MARK])
  void serveTasks(tasks, () => Promise.all([cleaner(), renderer()]), tools as Record<string, () => Promise<unknown>>);
