import type { EndpointDef } from "../../shared/api/contract";
import type { ErrorCode } from "../../shared/api/error-codes";
import type { MessageId } from "../../shared/i18n/messages";
import { ApiError, href, type CallInput, type CallOutput } from "./api/client";
import type { Route } from "./api/route";

/**
 * Shown when the server gives no message of its own, or the connection fails. A message id: whoever shows an
 * upload's error message passes it through `t.maybe()`.
 */
export const UPLOAD_FAILED = "manage.upload.failed" satisfies MessageId;

export type UploadOptions = { onProgress?: (percent: number) => void; signal?: AbortSignal };

/**
 * POSTs multipart form data with XMLHttpRequest, because fetch cannot report upload progress.
 * Progress is reported as a whole percentage (0-100). Resolves with the JSON answer of a 2xx response;
 * rejects with an ApiError carrying the server's message and field errors (status 0 when the connection
 * failed), or with an AbortError DOMException when `signal` aborts.
 */
export function uploadWithProgress<T>(url: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = opts;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("Aborted", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: (T & { message?: string; errors?: Record<string, string>; code?: ErrorCode }) | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body);
      else reject(new ApiError(xhr.status, body?.message ?? UPLOAD_FAILED, body?.errors, body?.code));
    };
    xhr.onerror = () => reject(new ApiError(0, UPLOAD_FAILED));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Calls a multipart endpoint of the API contract with upload progress: the URL is the endpoint's (path parameters and
 * query from `input`), the body `input.body`, and the answer is typed by the endpoint's response schema.
 */
export function uploadTo<E extends EndpointDef & { multipart: object }>(
  endpoint: Route<E>,
  input: CallInput<E>,
  opts: UploadOptions = {},
): Promise<CallOutput<E>> {
  const url = (href as (e: Route, input: unknown) => string)(endpoint, input);
  return uploadWithProgress<CallOutput<E>>(url, (input as { body: FormData }).body, opts);
}

/** True for the rejection of an aborted upload (the user cancelled or left: nothing to report). */
export const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";
