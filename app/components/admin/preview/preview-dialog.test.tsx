// @vitest-environment happy-dom
/**
 * The dashboard's preview window in a DOM (happy-dom), the API mocked: the admin preview in both languages, a new
 * link's address shown once with its expiry in Cairo time, and the list with a revoke button for each working link.
 */
import * as React from "react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "~/i18n/provider";
import type { Locale } from "../../../../shared/i18n/locales";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { catalog } from "../../../../server/i18n";
import { PreviewDialog } from "./preview-dialog";

const api = vi.hoisted(() => ({ list: vi.fn(), create: vi.fn(), revoke: vi.fn() }));
vi.mock("~/lib/api/preview", () => ({ previewApi: api }));
vi.mock("~/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };
const TOKEN_URL = "https://site.test/preview/Ab3_-x9ZqW0kLmN8pQrStUvWxYz0123456789abcdE";
const link = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  createdAt: "2026-11-27T08:00:00.000Z",
  expiresAt: "2026-11-30T08:00:00.000Z",
  revokedAt: null,
  active: true,
  createdBy: { id: 1, name: "Mona Adel" },
  ...extra,
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
});
beforeEach(() => {
  vi.clearAllMocks();
  api.list.mockResolvedValue({ links: [link(2), link(1, { active: false, revokedAt: "2026-11-27T09:00:00.000Z" })] });
  api.create.mockResolvedValue({ id: 3, url: TOKEN_URL, expiresAt: "2026-11-30T10:00:00.000Z" });
  api.revoke.mockImplementation(async ({ params }: { params: { linkId: number } }) =>
    link(params.linkId, { active: false, revokedAt: "2026-11-27T10:00:00.000Z" }),
  );
});

async function render(locale: Locale) {
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => {
    root.render(
      <I18nProvider locale={locale} messages={CATALOGS[locale]}>
        <PreviewDialog id={7} title="Quarterly results" open onOpenChange={() => {}} />
      </I18nProvider>,
    );
  });
  cleanup = () => act(() => root.unmount());
}

const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent?.includes(name) || b.getAttribute("aria-label") === name);

describe("[admin] the preview window", () => {
  it("[admin] opens the admin preview in English and Arabic and lists the release's links, newest first", async () => {
    await render("en");
    const hrefs = [...document.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual(expect.arrayContaining(["/preview/press/7", "/ar/preview/press/7"]));
    expect(api.list).toHaveBeenCalledWith({ query: { type: "press", id: 7 } });
    const text = document.body.textContent ?? "";
    expect(text).toContain("Active until");
    expect(text).toContain("Revoked");
    expect(text).toContain("Made by Mona Adel");
    // Only the working link can be revoked.
    expect([...document.querySelectorAll("button")].filter((b) => b.textContent === "Revoke")).toHaveLength(1);
  });

  it("[admin] a new link's address is shown once, with a copy button and its expiry in Cairo time", async () => {
    await render("en");
    await act(async () => button("Create a link")!.click());
    expect(api.create).toHaveBeenCalledWith({ body: { type: "press", id: 7, lang: "en" } });
    const input = document.querySelector<HTMLInputElement>("#preview-link-url")!;
    expect(input.value).toBe(TOKEN_URL);
    expect(input.readOnly).toBe(true);
    expect(button("Copy")).toBeDefined();
    expect(document.body.textContent).toContain("(Cairo time)");
    expect(document.body.textContent).toContain("shown only this once");
  });

  it("[admin] revoking a link marks it revoked at once", async () => {
    await render("en");
    const revoke = [...document.querySelectorAll("button")].find((b) => b.textContent === "Revoke")!;
    await act(async () => revoke.click());
    expect(api.revoke).toHaveBeenCalledWith({ params: { linkId: 2 } });
    expect([...document.querySelectorAll("button")].filter((b) => b.textContent === "Revoke")).toHaveLength(0);
  });

  it("[admin] reads in Arabic", async () => {
    await render("ar");
    const text = document.body.textContent ?? "";
    expect(text).toContain("فتح المعاينة");
    expect(text).toContain("إنشاء رابط");
    expect(text).toContain("فعّال حتى");
  });
});
