import type { ViewerSession } from "../../../shared/api/data-room";
import type { ReadingReport } from "../../../shared/data-room-schemas";
import type { ErrorCode } from "../../../shared/api/error-codes";
import { apiRequest, bindEndpoints, href, pageLanguage } from "./client";
import { dataRoomRoutes } from "./routes/data-room";
import { documentsRoutes } from "./routes/documents";

/** The data room's routes a reader calls: the viewer, reading reports, the confidentiality notice and its acceptance. */
const { openView: openViewRoute, view, pageText, reading, confidentiality, accept } = dataRoomRoutes;
export const dataRoomReaderRoutes = { openView: openViewRoute, view, pageText, reading, confidentiality, accept } as const;

/**
 * The data room as a reader meets it (the dashboard's calls are in data-room-admin.ts): a view and fresh page
 * addresses (prefer `openView` and `refreshView` below, which ask in the page's language), reading reports, the
 * confidentiality notice in force and its acceptance.
 */
export const dataRoomApi = bindEndpoints(dataRoomReaderRoutes);

/**
 * Opens a view of a document in the page's language (the title and the version's note), and reads it again with
 * fresh page addresses.
 */
export function openView(id: number, lang: string): Promise<ViewerSession> {
  return apiRequest("POST", `${href(dataRoomReaderRoutes.openView, { params: { id } })}?lang=${encodeURIComponent(lang)}`);
}
export function refreshView(viewId: string, lang: string): Promise<ViewerSession> {
  return apiRequest("GET", `${href(dataRoomReaderRoutes.view, { params: { viewId } })}?lang=${encodeURIComponent(lang)}`);
}

/** A document's file as the download route answers it, or why not (the status and the server's error code). */
export type DocumentFile =
  | { ok: true; blob: Blob; fileName: string | null }
  /** 202: a stamped copy is being made; the same call after `retryAfter` seconds collects it. */
  | { ok: false; status: 202; code: "PREPARING"; retryAfter: number; message?: string }
  /** A refusal or failure, with the server's message in the page's language when it sent one. */
  | { ok: false; status: number; code?: ErrorCode; message?: string; retryAfter?: number };

/**
 * Fetches a document's file through the checked download route (the original, or a copy stamped with the reader's
 * name), so the page can answer a refusal (CONFIDENTIALITY_REQUIRED, a document gone) instead of a broken tab.
 * `fileName` is the name the server gave in Content-Disposition. Network failures reject.
 */
export async function fetchDocumentFile(id: number): Promise<DocumentFile> {
  const res = await fetch(href(documentsRoutes.download, { params: { id } }), {
    credentials: "include",
    cache: "no-store",
    headers: { "Accept-Language": pageLanguage() },
  });
  if (res.status === 202) {
    const body = (await res.json().catch(() => undefined)) as { message?: string; retryAfter?: number } | undefined;
    const retryAfter = Number(res.headers.get("Retry-After") ?? body?.retryAfter ?? 3);
    return { ok: false, status: 202, code: "PREPARING", retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 3, message: body?.message };
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { code?: ErrorCode; message?: string } | undefined;
    const retryAfter = Number(res.headers.get("Retry-After"));
    return {
      ok: false,
      status: res.status,
      code: body?.code,
      message: body?.message,
      retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    };
  }
  return { ok: true, blob: await res.blob(), fileName: fileNameFromDisposition(res.headers.get("Content-Disposition")) };
}

/** One page's text for screen readers, from the signed address a view gave (`ViewerSession.pages[i].text`). */
export function fetchPageText(signedUrl: string, init?: RequestInit): Promise<{ page: number; text: string }> {
  return apiRequest("GET", signedUrl, undefined, init);
}

/**
 * Sends a reading report with `navigator.sendBeacon`, which the browser delivers even while the page is closing.
 * The body is JSON typed text/plain (a type that needs no preflight; the server reads it as JSON). False when the
 * browser has no beacon or refused to queue it (the caller may then try a normal request).
 */
export function sendReadingBeacon(viewId: string, report: ReadingReport): boolean {
  if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return false;
  const url = href(dataRoomReaderRoutes.reading, { params: { viewId }, body: report });
  try {
    return navigator.sendBeacon(url, new Blob([JSON.stringify(report)], { type: "text/plain" }));
  } catch {
    return false;
  }
}

/**
 * The file name in a Content-Disposition header (`filename*=UTF-8''…` first, then `filename="…"`); null without one.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"((?:[^"\\]|\\.)*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = plain ? (plain[1] ?? plain[2])?.trim().replace(/\\(.)/g, "$1") : null;
  return name || null;
}
