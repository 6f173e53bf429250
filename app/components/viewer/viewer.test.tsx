// @vitest-environment happy-dom
/**
 * The document viewer and the confidentiality gate in a DOM (happy-dom), the API mocked: what a reader sees and
 * can do. The bar (title, 'Updated on', the page counter, zoom, the download's label), moving by page with the
 * keyboard and the buttons, the announcement of the page, each reason the viewer cannot show a document in both
 * languages, and the gate before a view and before a download, which records the version the reader was shown.
 */
import * as React from "react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import type { ViewerSession } from "../../../shared/api/data-room";
import type { Locale } from "../../../shared/i18n/locales";
import { namespacesFor } from "../../../shared/i18n/namespaces";
import { catalog } from "../../../server/i18n";
import { DocumentList, EMPTY_TEXT } from "../portal/document-library";
import type { PortalDocument } from "../portal/types";
import { DocumentViewer } from "./document-viewer";

const api = vi.hoisted(() => ({
  openView: vi.fn(),
  refreshView: vi.fn(),
  fetchPageText: vi.fn(),
  fetchDocumentFile: vi.fn(),
  confidentiality: vi.fn(),
  accept: vi.fn(),
  reading: vi.fn(),
  beacon: vi.fn(() => true),
}));
vi.mock("~/lib/api/data-room", () => ({
  openView: api.openView,
  refreshView: api.refreshView,
  fetchPageText: api.fetchPageText,
  fetchDocumentFile: api.fetchDocumentFile,
  sendReadingBeacon: api.beacon,
  dataRoomApi: { confidentiality: api.confidentiality, accept: api.accept, reading: api.reading },
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() }));
vi.mock("~/lib/toast", () => ({ toast }));

const CATALOGS = { en: catalog("en", namespacesFor("/investor-portal/documents/5")), ar: catalog("ar", namespacesFor("/ar/investor-portal/documents/5")) };

const session = (overrides: Partial<ViewerSession> = {}): ViewerSession => {
  const pageCount = overrides.pageCount ?? 42;
  return {
    viewId: "K7Q2-M9XD",
    documentId: 5,
    title: "Annual Report 2025",
    contentLocale: "en",
    version: 1,
    versionUpdatedAt: "2026-03-01T10:00:00.000Z",
    versionNote: null,
    pageCount,
    downloadMode: "original",
    pageText: true,
    fileUrl: "/api/documents/5/download",
    urlsExpireAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    pages: Array.from({ length: pageCount }, (_, i) => ({
      page: i + 1,
      image: `/api/document-views/K7Q2-M9XD/pages/${i + 1}?exp=1&sig=abcdefghijklmnop`,
      text: `/api/document-views/K7Q2-M9XD/pages/${i + 1}/text?exp=1&sig=abcdefghijklmnop`,
      aspect: 1.414,
    })),
    ...overrides,
  };
};

const NOTICE = {
  version: 3,
  text: "Everything in this data room is confidential.\nDo not share it.",
  contentLocale: "en" as const,
  createdAt: "2026-02-01T09:00:00.000Z",
};

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let cleanup: (() => void) | undefined;
beforeEach(() => {
  vi.clearAllMocks();
  api.openView.mockResolvedValue(session());
  api.refreshView.mockResolvedValue(session());
  api.fetchPageText.mockResolvedValue({ page: 1, text: "Revenue grew." });
  api.reading.mockResolvedValue(undefined);
  api.confidentiality.mockResolvedValue({ notice: NOTICE, acceptedVersion: null, accepted: false });
  api.accept.mockResolvedValue({ notice: NOTICE, acceptedVersion: 3, accepted: true });
  api.fetchDocumentFile.mockResolvedValue({ ok: true, blob: new Blob(["%PDF"]), fileName: "annual-report-2025.pdf" });
});
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
});

/** Lets the viewer's timers and the mocked answers run. */
const settle = (ms = 10) => act(async () => void (await new Promise((r) => setTimeout(r, ms))));

async function render(node: React.ReactNode, locale: Locale = "en") {
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => {
    root.render(
      <MemoryRouter>
        <I18nProvider locale={locale} messages={CATALOGS[locale]}>
          {node}
        </I18nProvider>
      </MemoryRouter>,
    );
  });
  cleanup = () => act(() => root.unmount());
  await settle();
}

const viewer = (locale: Locale = "en") => render(<DocumentViewer documentId={5} />, locale);
const text = () => document.body.textContent ?? "";
const byLabel = (name: string) => document.querySelector<HTMLElement>(`[aria-label="${name}"]`);
const button = (name: string) =>
  [...document.querySelectorAll("button")].find((b) => b.getAttribute("aria-label") === name || b.textContent?.trim() === name) as
    HTMLButtonElement | undefined;
const pageInput = () => document.querySelector<HTMLInputElement>('[data-testid="page-input"]')!;
const key = (k: string, target: EventTarget = document.body) =>
  act(() => void target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true })));
const click = (el: HTMLElement | undefined | null) => act(async () => void el!.click());

describe("[viewer] the bar and the pages", () => {
  it("[viewer] shows the title, the page counter and a box of the page's shape for every page, each named 'Page n of 42'", async () => {
    await viewer();
    expect(api.openView).toHaveBeenCalledWith(5, "en");
    expect(document.querySelector("h1")?.textContent).toBe("Annual Report 2025");
    expect(pageInput().value).toBe("1");
    expect(document.querySelector('[data-testid="page-total"]')?.textContent).toBe("/ 42");
    expect(document.querySelectorAll("[data-page]")).toHaveLength(42);
    expect(text()).not.toContain("Updated on");
    expect(text()).toContain("Every page shows your name and this view's code, K7Q2-M9XD.");
    for (const name of ["Back to the library", "Previous page", "Next page", "Zoom out", "Zoom in", "Fit to width", "Download"])
      expect(byLabel(name), name).not.toBeNull();
    expect(document.querySelector('[role="region"][aria-label="Document pages"]')?.getAttribute("tabindex")).toBe("0");
  });

  it("[viewer] moves by page with PageDown/PageUp, j/k, the arrows, Home and End, the buttons and the page box, and announces the page", async () => {
    await viewer();
    await key("PageDown");
    expect(pageInput().value).toBe("2");
    await key("j");
    await key("ArrowDown");
    expect(pageInput().value).toBe("4");
    await key("k");
    await key("PageUp");
    await key("ArrowUp");
    expect(pageInput().value).toBe("1");
    expect(button("Previous page")?.disabled).toBe(true);
    await key("End");
    expect(pageInput().value).toBe("42");
    expect(button("Next page")?.disabled).toBe(true);
    await key("Home");
    await click(button("Next page"));
    expect(pageInput().value).toBe("2");

    // Typing a page number: the keys stay in the box, Enter goes there.
    const input = pageInput();
    await act(async () => {
      input.focus();
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      setter.call(input, "17");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await key("j", input);
    await key("Enter", input);
    expect(pageInput().value).toBe("17");

    // A modified key is the browser's (Ctrl+End, Alt+ArrowDown).
    input.blur();
    await act(async () => void document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "End", ctrlKey: true, bubbles: true })));
    expect(pageInput().value).toBe("17");

    await settle(700);
    expect(document.querySelector('[data-testid="page-announcement"]')?.textContent).toBe("Page 17 of 42");
    expect(document.querySelector('[data-testid="page-announcement"]')?.getAttribute("aria-live")).toBe("polite");
  });

  it("[viewer] zooms with + and - and the buttons, and fits the width", async () => {
    await viewer();
    const zoom = () => document.querySelector('[data-testid="zoom-value"]')?.textContent;
    expect(zoom()).toBe("100%");
    await key("+");
    expect(zoom()).toBe("110%");
    await key("-");
    await key("-");
    expect(zoom()).toBe("90%");
    await click(button("Zoom in"));
    expect(zoom()).toBe("100%");
    const fit = byLabel("Fit to width")!;
    expect(fit.getAttribute("aria-pressed")).toBe("false");
    await click(fit);
    expect(fit.getAttribute("aria-pressed")).toBe("true");
  });

  it("[viewer] a later version says when it was updated and why; the download says when it is stamped, and is absent for a document read online only", async () => {
    api.openView.mockResolvedValue(
      session({ version: 2, versionUpdatedAt: "2026-04-12T09:00:00.000Z", versionNote: "Corrected the dividend table.", downloadMode: "stamped" }),
    );
    await viewer();
    expect(document.querySelector('[data-testid="viewer-updated"]')?.textContent).toBe("Updated on April 12, 2026: Corrected the dividend table.");
    expect(byLabel("Download (stamped with your name)")).not.toBeNull();
    cleanup?.();
    document.body.innerHTML = "";

    api.openView.mockResolvedValue(session({ downloadMode: "none", fileUrl: null }));
    await viewer();
    expect(byLabel("Download")).toBeNull();
    expect(text()).not.toContain("Download");
  });

  it("[viewer] in Arabic: the bar's names and the counter", async () => {
    api.openView.mockResolvedValue(session({ title: "التقرير السنوي 2025", contentLocale: "ar", version: 2, versionNote: "تصحيح جدول التوزيعات." }));
    await viewer("ar");
    expect(api.openView).toHaveBeenCalledWith(5, "ar");
    expect(document.querySelector("h1")?.textContent).toBe("التقرير السنوي 2025");
    expect(text()).toContain("حُدِّثت في");
    expect(text()).toContain("تصحيح جدول التوزيعات.");
    for (const name of ["العودة إلى المكتبة", "الصفحة السابقة", "الصفحة التالية", "تكبير", "تصغير", "ملاءمة العرض", "تنزيل"])
      expect(byLabel(name), name).not.toBeNull();
    await key("PageDown");
    await settle(700);
    expect(document.querySelector('[data-testid="page-announcement"]')?.textContent).toBe("الصفحة 2 من 42");
  });

  it("[viewer] downloads through the checked route under the server's file name", async () => {
    const saved: string[] = [];
    const clickSpy = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      await viewer();
      await click(byLabel("Download"));
      await settle();
      expect(api.fetchDocumentFile).toHaveBeenCalledWith(5);
      expect(saved).toEqual(["annual-report-2025.pdf"]);
      expect(toast.error).not.toHaveBeenCalled();
    } finally {
      clickSpy.mockRestore();
    }
  });

  it("[viewer] a stamped copy that is being prepared says so, is asked for again after Retry-After, and is saved when ready", async () => {
    const saved: string[] = [];
    const clickSpy = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      api.fetchDocumentFile.mockResolvedValueOnce({ ok: false, status: 202, code: "PREPARING", retryAfter: 0.01 });
      await viewer();
      await click(byLabel("Download"));
      await settle(100);
      expect(toast.info).toHaveBeenCalledWith("Preparing your stamped copy", {
        id: "download-5",
        description: "Your copy with its watermark is being prepared. It will download by itself when it is ready; keep this page open.",
        duration: Infinity,
      });
      expect(api.fetchDocumentFile).toHaveBeenCalledTimes(2);
      expect(saved).toEqual(["annual-report-2025.pdf"]);
      expect(toast.dismiss).toHaveBeenCalledWith("download-5");
      expect(toast.error).not.toHaveBeenCalled();
    } finally {
      clickSpy.mockRestore();
    }
  });

  it("[viewer] a download the server refuses or cannot make says why, in the server's words", async () => {
    const why = "Your earlier stamped copies are still being prepared. Please wait until they have downloaded, then try again.";
    api.fetchDocumentFile.mockResolvedValueOnce({ ok: false, status: 429, code: "TOO_MANY_REQUESTS", message: why, retryAfter: 15 });
    await viewer();
    await click(byLabel("Download"));
    await settle();
    expect(toast.error).toHaveBeenCalledWith("Failed to download document", { description: why });
    api.fetchDocumentFile.mockResolvedValueOnce({ ok: false, status: 503 });
    await click(byLabel("Download"));
    await settle();
    expect(toast.error).toHaveBeenLastCalledWith("Failed to download document", {
      description: "There was a problem downloading the document. Please try again.",
    });
  });

  it("[viewer] a page near the screen gets its image at the width it needs, named 'Page n of 42', with its text for screen readers", async () => {
    // Without IntersectionObserver every page counts as near.
    vi.stubGlobal("IntersectionObserver", undefined);
    try {
      api.openView.mockResolvedValue(session({ pageCount: 3 }));
      await viewer();
      await settle(20);
      const images = [...document.querySelectorAll("img")];
      expect(images.map((i) => i.alt)).toEqual(["Page 1 of 3", "Page 2 of 3", "Page 3 of 3"]);
      expect(images[2].getAttribute("src")).toBe("/api/document-views/K7Q2-M9XD/pages/3?exp=1&sig=abcdefghijklmnop&w=800");
      expect(images[0].getAttribute("draggable")).toBe("false");
      const menu = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
      images[0].dispatchEvent(menu);
      expect(menu.defaultPrevented).toBe(true);
      expect(api.fetchPageText).toHaveBeenCalledWith("/api/document-views/K7Q2-M9XD/pages/1/text?exp=1&sig=abcdefghijklmnop", expect.anything());
      const texts = [...document.querySelectorAll('[data-testid="page-text"]')];
      expect(texts[0].className).toContain("sr-only");
      expect(texts[0].textContent).toBe("Text of page 1: Revenue grew.");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("[viewer] a document whose page text is off asks for no text, and tells a screen reader why", async () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    try {
      const off = session({ pageCount: 2 });
      api.openView.mockResolvedValue({ ...off, pageText: false, pages: off.pages.map((p) => ({ ...p, text: null })) });
      await viewer();
      await settle(20);
      expect(api.fetchPageText).not.toHaveBeenCalled();
      const texts = [...document.querySelectorAll('[data-testid="page-text"]')];
      expect(texts.map((t) => t.textContent)).toEqual(
        [1, 2].map(
          (n) =>
            `Text of page ${n}: The company has turned off the text of this document's pages, so a screen reader cannot read them here. Ask the company for an accessible copy.`,
        ),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("[viewer] when a document cannot be shown", () => {
  const refusal = (status: number, code?: ConstructorParameters<typeof ApiError>[3]) => new ApiError(status, "server text", undefined, code);

  it.each([
    [410, "en", "This document has been updated", "A newer version replaced the file you were reading.", "Open the new version"],
    [404, "en", "This document is no longer available", "it is no longer shared with you", null],
    [503, "en", "The viewer is unavailable right now", "Please try again in a few minutes.", "Try again"],
    [429, "en", "Too many requests", "Please wait a few minutes, then try again.", "Try again"],
    [422, "en", "This document can't be read online", "Only PDF documents open in the viewer.", null],
    [410, "ar", "تم تحديث هذه الوثيقة", "حلّت نسخة أحدث محل الملف الذي كنت تقرؤه.", "فتح النسخة الجديدة"],
    [404, "ar", "لم تعد هذه الوثيقة متاحة", "أو لم تعد مشارَكة معك", null],
    [503, "ar", "العارض غير متاح حاليًا", "بعد بضع دقائق", "إعادة المحاولة"],
    [429, "ar", "طلبات كثيرة في وقت قصير", "يُرجى الانتظار بضع دقائق", "إعادة المحاولة"],
  ] as const)("[viewer] %i in %s: '%s'", async (status, locale, title, line, action) => {
    api.openView.mockRejectedValue(refusal(status));
    await viewer(locale);
    const alert = document.querySelector('[role="alert"]');
    expect(alert?.querySelector("h2")?.textContent).toBe(title);
    expect(alert?.textContent).toContain(line);
    // Our own words, not the server's message.
    expect(text()).not.toContain("server text");
    expect(alert?.querySelector("a")?.getAttribute("href")).toBe(locale === "ar" ? "/ar/investor-portal" : "/investor-portal");
    const buttons = [...(alert?.querySelectorAll("button") ?? [])].map((b) => b.textContent?.trim());
    expect(buttons).toEqual(action ? [action] : []);
    if (action) {
      api.openView.mockResolvedValue(session());
      await click([...alert!.querySelectorAll("button")][0]);
      await settle();
      expect(api.openView).toHaveBeenCalledTimes(2);
      expect(document.querySelector("h1")?.textContent).toBe("Annual Report 2025");
    }
  });

  it("[viewer] a view replaced while reading (410 on fresh addresses) says so and offers the new version", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      api.refreshView.mockRejectedValue(refusal(410, "GONE"));
      await viewer();
      await act(async () => void (await vi.advanceTimersByTimeAsync(9 * 60_000 + 1_000)));
      expect(api.refreshView).toHaveBeenCalledWith("K7Q2-M9XD", "en");
      expect(document.querySelector('[role="alert"] h2')?.textContent).toBe("This document has been updated");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("[viewer] the confidentiality gate", () => {
  const required = () => new ApiError(403, "Accept the notice", undefined, "CONFIDENTIALITY_REQUIRED");
  const dialog = () => document.querySelector('[role="dialog"]');

  it("[viewer] shows the notice when the view needs it, records the version shown, then opens the document", async () => {
    api.openView.mockRejectedValueOnce(required()).mockResolvedValue(session());
    await viewer();
    expect(api.confidentiality).toHaveBeenCalledWith({ query: { lang: "en" } });
    expect(dialog()?.textContent).toContain("Confidentiality notice");
    expect(document.querySelector('[data-testid="confidentiality-text"]')?.textContent).toBe(NOTICE.text);
    expect(document.querySelector('[data-testid="confidentiality-text"]')?.getAttribute("role")).toBe("region");
    await click(button("I accept"));
    await settle();
    expect(api.accept).toHaveBeenCalledWith({ body: { version: 3 } });
    expect(api.openView).toHaveBeenCalledTimes(2);
    expect(dialog()).toBeNull();
    expect(document.querySelector("h1")?.textContent).toBe("Annual Report 2025");
  });

  it("[viewer] declining leaves the document closed, with the way back to the notice", async () => {
    api.openView.mockRejectedValueOnce(required()).mockRejectedValueOnce(required()).mockResolvedValue(session());
    await viewer();
    await click(button("Cancel"));
    await settle();
    expect(api.accept).not.toHaveBeenCalled();
    expect(document.querySelector('[role="alert"] h2')?.textContent).toBe("Confidentiality notice not accepted");
    await click(button("Read the notice"));
    await settle();
    expect(dialog()?.textContent).toContain("Everything in this data room is confidential.");
  });

  it("[viewer] a notice replaced meanwhile (409) is shown instead, and that version is the one accepted", async () => {
    api.openView.mockRejectedValueOnce(required()).mockResolvedValue(session());
    api.accept.mockRejectedValueOnce(new ApiError(409, "newer", undefined, "CONFLICT"));
    const newer = { ...NOTICE, version: 4, text: "The notice, version four." };
    await viewer();
    api.confidentiality.mockResolvedValue({ notice: newer, acceptedVersion: null, accepted: false });
    await click(button("I accept"));
    await settle();
    expect(document.querySelector('[data-testid="confidentiality-text"]')?.textContent).toBe(newer.text);
    expect(dialog()?.textContent).toContain("The notice has just been updated.");
    await click(button("I accept"));
    await settle();
    expect(api.accept).toHaveBeenLastCalledWith({ body: { version: 4 } });
    expect(document.querySelector("h1")?.textContent).toBe("Annual Report 2025");
  });

  it("[viewer] in Arabic, the notice is asked for in Arabic with Arabic buttons", async () => {
    api.openView.mockRejectedValueOnce(required()).mockResolvedValue(session());
    api.confidentiality.mockResolvedValue({
      notice: { ...NOTICE, text: "كل ما في غرفة البيانات سرّي.", contentLocale: "ar" },
      acceptedVersion: null,
      accepted: false,
    });
    await viewer("ar");
    expect(api.confidentiality).toHaveBeenCalledWith({ query: { lang: "ar" } });
    expect(dialog()?.textContent).toContain("إشعار السرية");
    expect(button("أوافق")).toBeDefined();
    expect(button("إلغاء")).toBeDefined();
    expect(document.querySelector('[data-testid="confidentiality-text"]')?.getAttribute("dir")).toBe("rtl");
  });
});

describe("[portal] the library's download behind the gate", () => {
  const doc = (overrides: Partial<PortalDocument> = {}): PortalDocument => ({
    id: 9,
    title: "Board Pack",
    description: null,
    fileName: "board-pack.pdf",
    fileUrl: "/api/documents/9/download",
    fileType: "application/pdf",
    fileSize: 1000,
    categoryId: null,
    categoryName: null,
    isPublic: false,
    periodYear: null,
    periodKind: null,
    publishedAt: "2026-03-01",
    uploadedById: 1,
    uploadedAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    version: 1,
    versionUpdatedAt: "2026-03-01T10:00:00.000Z",
    versionNote: null,
    viewable: true,
    downloadMode: "stamped",
    requiresConfidentiality: true,
    pageText: true,
    restricted: false,
    expiresAt: null,
    contentLocale: "en",
    ...overrides,
  });
  const library = (docs: PortalDocument[]) => render(<DocumentList documents={docs} emptyText={EMPTY_TEXT.all} showCategory />);
  const downloadLink = () => document.querySelector<HTMLAnchorElement>('a[href="/api/documents/9/download"]')!;

  it("[portal] asks for the notice before the first download of a document that requires it, and downloads once accepted", async () => {
    await library([doc()]);
    await click(downloadLink());
    await settle();
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain("Confidentiality notice");
    expect(api.fetchDocumentFile).not.toHaveBeenCalled();
    await click(button("I accept"));
    await settle();
    expect(api.accept).toHaveBeenCalledWith({ body: { version: 3 } });
    expect(api.fetchDocumentFile).toHaveBeenCalledWith(9);
  });

  it("[portal] a notice already accepted downloads at once; a 403 CONFIDENTIALITY_REQUIRED (a new notice) shows it and tries again", async () => {
    api.confidentiality.mockResolvedValueOnce({ notice: NOTICE, acceptedVersion: 3, accepted: true });
    api.fetchDocumentFile.mockResolvedValueOnce({ ok: false, status: 403, code: "CONFIDENTIALITY_REQUIRED" });
    await library([doc()]);
    await click(downloadLink());
    await settle();
    expect(api.fetchDocumentFile).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    await click(button("I accept"));
    await settle();
    expect(api.fetchDocumentFile).toHaveBeenCalledTimes(2);
  });

  it("[portal] declining downloads nothing; a document gone since says so", async () => {
    await library([doc()]);
    await click(downloadLink());
    await settle();
    await click(button("Cancel"));
    await settle();
    expect(api.fetchDocumentFile).not.toHaveBeenCalled();

    api.fetchDocumentFile.mockResolvedValueOnce({ ok: false, status: 404, code: "NOT_FOUND" });
    await click(document.querySelector<HTMLAnchorElement>('a[href="/api/documents/9/download"]')!);
    await settle();
    await click(button("I accept"));
    await settle();
    expect(toast.error).toHaveBeenCalledWith("This document is no longer available", expect.anything());
  });

  it("[portal] a document that does not require the notice never asks for it", async () => {
    await library([doc({ requiresConfidentiality: false, downloadMode: "original" })]);
    await click(downloadLink());
    await settle();
    expect(api.confidentiality).not.toHaveBeenCalled();
    expect(api.fetchDocumentFile).toHaveBeenCalledWith(9);
  });
});
