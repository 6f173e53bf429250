import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api/client";
import manage from "../../shared/i18n/catalogs/en/manage.json";
import { uploadsRoutes } from "./api/routes/uploads";
import { UPLOAD_FAILED, isAbort, uploadTo, uploadWithProgress } from "./upload";

/** A stand-in for the browser's XMLHttpRequest: the test plays the network by calling its handlers. */
class FakeXhr {
  static last: FakeXhr;
  method = "";
  url = "";
  withCredentials = false;
  headers: Record<string, string> = {};
  sent: unknown;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

afterEach(() => vi.unstubAllGlobals());
const form = () => {
  const f = new FormData();
  f.append("title", "Annual Report");
  return f;
};

describe("[upload] the upload client", () => {
  it("posts the form with credentials, reports whole percentages and resolves with the JSON answer", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const progress: number[] = [];
    const body = form();
    const done = uploadWithProgress<{ id: number }>("/api/admin/documents", body, { onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.withCredentials, xhr.headers.Accept, xhr.sent]).toEqual(["POST", "/api/admin/documents", true, "application/json", body]);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 3 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 2, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 3 });
    xhr.answer(201, JSON.stringify({ id: 7 }));
    await expect(done).resolves.toEqual({ id: 7 });
    expect(progress).toEqual([33, 100]);
  });

  it("sends a contract endpoint's upload to its path with its query, and resolves with the stored answer", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const body = form();
    const done = uploadTo(uploadsRoutes.image, { query: { kind: "logo" }, body });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.sent]).toEqual(["POST", "/api/admin/uploads?kind=logo", body]);
    const stored = { url: "/uploads/a.webp", width: 256, height: 128, variants: { "128": "/uploads/a-128.webp", "256": "/uploads/a.webp" } };
    xhr.answer(201, JSON.stringify(stored));
    await expect(done).resolves.toEqual(stored);
  });

  it("rejects with the server's status, message and field errors", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const done = uploadWithProgress("/api/admin/documents", form());
    FakeXhr.last.answer(400, JSON.stringify({ message: "Please check the form", errors: { title: "Title must be at least 2 characters" } }));
    const err = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: "Please check the form", errors: { title: "Title must be at least 2 characters" } });
  });

  it("says 'Error uploading file' (a message id the UI translates) when the answer has no message or the connection fails", async () => {
    expect(manage[UPLOAD_FAILED]).toBe("Error uploading file");
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const proxy = uploadWithProgress("/api/admin/uploads?kind=image", form());
    FakeXhr.last.answer(502, "<html>Bad gateway</html>");
    await expect(proxy).rejects.toMatchObject({ status: 502, message: UPLOAD_FAILED });
    const offline = uploadWithProgress("/api/admin/uploads?kind=image", form());
    FakeXhr.last.onerror?.();
    await expect(offline).rejects.toMatchObject({ status: 0, message: UPLOAD_FAILED });
    const empty = uploadWithProgress("/api/admin/uploads?kind=image", form());
    FakeXhr.last.answer(200, "");
    await expect(empty).rejects.toMatchObject({ status: 200, message: UPLOAD_FAILED });
  });

  it("aborts the request when the signal fires, and rejects with an AbortError", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const controller = new AbortController();
    const done = uploadWithProgress("/api/admin/documents", form(), { signal: controller.signal });
    controller.abort();
    expect(FakeXhr.last.aborted).toBe(true);
    const err = await done.catch((e: unknown) => e);
    expect(isAbort(err)).toBe(true);
    expect(isAbort(new ApiError(0, UPLOAD_FAILED))).toBe(false);
  });

  it("does not send at all when the signal has already fired", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    FakeXhr.last = undefined as unknown as FakeXhr;
    const controller = new AbortController();
    controller.abort();
    const err = await uploadWithProgress("/api/admin/documents", form(), { signal: controller.signal }).catch((e: unknown) => e);
    expect(isAbort(err)).toBe(true);
    expect(FakeXhr.last).toBeUndefined();
  });
});
