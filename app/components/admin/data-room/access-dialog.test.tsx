// @vitest-environment happy-dom
/**
 * The access dialog in a DOM, the API mocked: what an admin sees for a PDF and for a spreadsheet, with and without a
 * confidentiality notice, and the requests a save sends (the rules with the Cairo offset and `updatedAt`, then the
 * investors), and a change made meanwhile (409).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api/client";
import type { DocumentDto } from "../../../../shared/api/documents";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { catalog } from "../../../../server/i18n";
import { AccessDialog } from "./access-dialog";
import { button, cleanUp, click, labelled, renderIn, settle, type } from "./test-render";

const api = vi.hoisted(() => ({ grants: vi.fn(), notices: vi.fn(), setAccess: vi.fn(), setGrants: vi.fn() }));
const users = vi.hoisted(() => ({ list: vi.fn() }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("~/lib/api/data-room-admin", () => ({ dataRoomAdminApi: api }));
vi.mock("~/lib/api/users", () => ({ usersApi: users }));
vi.mock("~/lib/toast", () => ({ toast }));

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };
const UPDATED = "2026-11-27T08:00:00.000Z";

const doc = (extra: Partial<DocumentDto> = {}): DocumentDto => ({
  id: 7,
  title: "Board pack",
  description: null,
  fileName: "board-pack.pdf",
  fileUrl: "/api/documents/7/download",
  fileType: "application/pdf",
  fileSize: 12_000,
  categoryId: null,
  categoryName: null,
  isPublic: false,
  periodYear: null,
  periodKind: null,
  publishedAt: "2026-11-01",
  uploadedById: 1,
  uploadedAt: UPDATED,
  updatedAt: UPDATED,
  version: 1,
  versionUpdatedAt: UPDATED,
  versionNote: null,
  viewable: true,
  downloadMode: "original",
  requiresConfidentiality: false,
  pageText: true,
  restricted: false,
  expiresAt: null,
  contentLocale: "en",
  revokedAt: null,
  archivedAt: null,
  ...extra,
});

const investor = (id: number, fullName: string) => ({
  id,
  email: `${fullName.split(" ")[0].toLowerCase()}@investor.test`,
  fullName,
  role: "investor",
  isVerified: true,
  locale: "en",
  twoFactor: false,
  lastSignInAt: null,
  disabledAt: null,
  createdAt: UPDATED,
});
const notice = { version: 1, text: "Confidential.", textAr: "سري.", createdAt: UPDATED, createdBy: "admin@example.test", acceptances: 0 };

/** The checkbox of an investor in the search results. */
const investorBox = (name: string) =>
  [...document.querySelectorAll("label")].find((l) => l.textContent?.includes(name))?.querySelector<HTMLInputElement>("input[type=checkbox]");

afterEach(cleanUp);
beforeEach(() => {
  vi.clearAllMocks();
  api.grants.mockResolvedValue([]);
  api.notices.mockResolvedValue([notice]);
  api.setAccess.mockImplementation(async ({ body }: { body: Record<string, unknown> }) => doc({ ...body, updatedAt: "2026-11-27T09:00:00.000Z" }));
  api.setGrants.mockImplementation(async ({ body }: { body: { userIds: number[] } }) =>
    body.userIds.map((userId) => ({ userId, email: "x@investor.test", fullName: null, role: "investor", grantedAt: UPDATED })),
  );
  users.list.mockResolvedValue({ users: [investor(11, "Laila Mansour"), investor(12, "Omar Haddad"), investor(13, "Karim Fawzy")], nextBefore: null });
});

describe("[admin] the access dialog", () => {
  it("[admin] sends the rules (Cairo offset, the updatedAt read) and then exactly the investors chosen", async () => {
    const onSaved = vi.fn();
    await renderIn(<AccessDialog doc={doc()} onOpenChange={() => {}} onSaved={onSaved} onStale={() => {}} />, CATALOGS.en);
    expect(api.grants).toHaveBeenCalledWith({ params: { id: 7 } });
    expect(document.body.textContent).toContain("Every investor (Investor Only)");

    await click(labelled("Only these investors"));
    await settle(350);
    expect(users.list).toHaveBeenLastCalledWith(expect.objectContaining({ query: { q: undefined, role: "investor" } }));
    await click(investorBox("Laila Mansour"));
    await click(investorBox("Omar Haddad"));
    expect(document.body.textContent).toContain("2 investors chosen");

    await click(labelled("Expires on"));
    await type(labelled("Date"), "2026-12-31");
    await type(labelled("Time (Cairo)"), "23:59");
    expect(document.body.textContent).toContain("Readers lose access on Dec 31, 2026, 23:59 (UTC+02:00).");
    await click(labelled("Stamped with the reader’s name"));
    await click(labelled("Readers must accept the confidentiality notice"));
    await click(button("Save access"));

    expect(api.setAccess).toHaveBeenCalledWith({
      params: { id: 7 },
      body: {
        restricted: true,
        expiresAt: "2026-12-31T23:59:00+02:00",
        downloadMode: "stamped",
        requiresConfidentiality: true,
        pageText: true,
        updatedAt: UPDATED,
      },
    });
    expect(api.setGrants).toHaveBeenCalledWith({ params: { id: 7 }, body: { userIds: [11, 12] } });
    expect(api.setAccess.mock.invocationCallOrder[0]).toBeLessThan(api.setGrants.mock.invocationCallOrder[0]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 7, restricted: true }), 2);
    expect(toast.success).toHaveBeenCalledWith("Access saved", { description: "Board pack" });
  });

  it("[admin] turns a document's page text off, with what that costs said beside it, in both languages", async () => {
    await renderIn(<AccessDialog doc={doc({ downloadMode: "none" })} onOpenChange={() => {}} onSaved={() => {}} onStale={() => {}} />, CATALOGS.en);
    const box = labelled("Readers may have each page's text (for screen readers)") as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(document.getElementById(box.getAttribute("aria-describedby")!)?.textContent).toContain("every read is in the access log");
    await click(box);
    await click(button("Save access"));
    expect(api.setAccess).toHaveBeenCalledWith(expect.objectContaining({ body: expect.objectContaining({ downloadMode: "none", pageText: false }) }));
    cleanUp();
    await renderIn(<AccessDialog doc={doc({ pageText: false })} onOpenChange={() => {}} onSaved={() => {}} onStale={() => {}} />, CATALOGS.ar);
    expect((labelled("يمكن للقرّاء الحصول على نص كل صفحة (لقارئات الشاشة)") as HTMLInputElement).checked).toBe(false);
  });

  it("[admin] a summer expiry carries Egypt's summer offset; leaving the investors as they were sends no grants", async () => {
    api.grants.mockResolvedValue([{ userId: 11, email: "laila@investor.test", fullName: "Laila Mansour", role: "investor", grantedAt: UPDATED }]);
    await renderIn(<AccessDialog doc={doc({ restricted: true })} onOpenChange={() => {}} onSaved={() => {}} onStale={() => {}} />, CATALOGS.en);
    expect(document.body.textContent).toContain("1 investor chosen");
    await click(labelled("Expires on"));
    await type(labelled("Date"), "2027-07-01");
    await type(labelled("Time (Cairo)"), "12:00");
    await click(button("Save access"));
    expect(api.setAccess).toHaveBeenCalledWith(
      expect.objectContaining({ body: expect.objectContaining({ restricted: true, expiresAt: "2027-07-01T12:00:00+03:00" }) }),
    );
    expect(api.setGrants).not.toHaveBeenCalled();
  });

  it("[admin] 'Only these investors' with nobody chosen is refused before anything is sent", async () => {
    await renderIn(<AccessDialog doc={doc()} onOpenChange={() => {}} onSaved={() => {}} onStale={() => {}} />, CATALOGS.en);
    await click(labelled("Only these investors"));
    await click(button("Save access"));
    expect(api.setAccess).not.toHaveBeenCalled();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("Choose at least one investor, or let every investor read it.");
  });

  it("[admin] a spreadsheet offers the original file only, and without a notice the requirement links to Settings", async () => {
    api.notices.mockResolvedValue([]);
    const xlsx = doc({ fileName: "figures.xlsx", fileType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", viewable: false });
    await renderIn(<AccessDialog doc={xlsx} onOpenChange={() => {}} onSaved={() => {}} onStale={() => {}} />, CATALOGS.en);
    expect(labelled("Original file").disabled).toBe(false);
    expect(labelled("Stamped with the reader’s name").disabled).toBe(true);
    expect(labelled("View only").disabled).toBe(true);
    expect(document.body.textContent).toContain("This file is XLSX: only a PDF can be stamped or kept to the viewer, so it is downloaded as it is.");
    expect(labelled("Readers must accept the confidentiality notice").disabled).toBe(true);
    const link = [...document.querySelectorAll("a")].find((a) => a.textContent === "Write one in Settings");
    expect(link?.getAttribute("href")).toBe("/admin/settings#confidentiality-notice");
  });

  it("[admin] a Public document cannot be restricted: both audience choices are disabled and say why", async () => {
    await renderIn(<AccessDialog doc={doc({ isPublic: true })} onOpenChange={() => {}} onSaved={() => {}} onStale={() => {}} />, CATALOGS.en);
    expect(labelled("Every signed-in member (Public)").disabled).toBe(true);
    expect(labelled("Only these investors").disabled).toBe(true);
    expect(document.body.textContent).toContain("make it Investor Only first (Edit)");
    await click(button("Save access"));
    expect(api.setAccess).toHaveBeenCalledWith(expect.objectContaining({ body: expect.objectContaining({ restricted: false }) }));
  });

  it("[admin] a change made meanwhile (409) says so, reloads the list and closes", async () => {
    api.setAccess.mockRejectedValue(new ApiError(409, "This document was changed by someone else.", undefined, "CONFLICT"));
    const onStale = vi.fn();
    const onOpenChange = vi.fn();
    await renderIn(<AccessDialog doc={doc()} onOpenChange={onOpenChange} onSaved={() => {}} onStale={onStale} />, CATALOGS.en);
    await click(button("Save access"));
    expect(toast.error).toHaveBeenCalledWith("Edit conflict", { description: "This document was changed by someone else." });
    expect(onStale).toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("[admin] reads in Arabic", async () => {
    await renderIn(<AccessDialog doc={doc()} onOpenChange={() => {}} onSaved={() => {}} onStale={() => {}} />, CATALOGS.ar, "ar", "/ar/admin");
    const text = document.body.textContent ?? "";
    expect(text).toContain("من يستطيع قراءتها");
    expect(text).toContain("هؤلاء المستثمرون فقط");
    expect(text).toContain("مختوم باسم القارئ");
    expect(text).toContain("يجب أن يقبل القرّاء إشعار السرية");
    expect(button("حفظ قواعد الوصول")).toBeDefined();
  });
});
