// @vitest-environment happy-dom
/**
 * Settings' confidentiality notice in a DOM, the API mocked: the text in force in both languages (Arabic right to
 * left), publishing a new version only after a confirmation that says every reader is asked again, the versions with
 * their acceptance counts, and who accepted one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { catalog } from "../../../../server/i18n";
import { NoticeCard } from "./notice-card";
import { button, cleanUp, click, renderIn, settle, type } from "./test-render";

const api = vi.hoisted(() => ({ notices: vi.fn(), publishNotice: vi.fn(), acceptances: vi.fn() }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("~/lib/api/data-room-admin", () => ({ dataRoomAdminApi: api }));
vi.mock("~/lib/toast", () => ({ toast }));

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };
const TEXT = "These documents are confidential. Read them only to evaluate your investment.";
const TEXT_AR = "هذه الوثائق سرية. لا تقرأها إلا لتقييم استثمارك في الشركة.";
const v = (version: number, acceptances: number, text = TEXT, textAr = TEXT_AR) => ({
  version,
  text,
  textAr,
  createdAt: "2026-11-20T08:00:00.000Z",
  createdBy: "mona@meridiancrest.example",
  acceptances,
});

afterEach(cleanUp);
beforeEach(() => {
  vi.clearAllMocks();
  api.notices.mockResolvedValue([v(2, 14), v(1, 30, "Old text that readers accepted.", "نص قديم قبله القرّاء من قبل.")]);
  api.publishNotice.mockImplementation(async ({ body }: { body: { text: string; textAr: string } }) => v(3, 0, body.text, body.textAr));
  api.acceptances.mockResolvedValue([
    { userId: 11, email: "laila@investor.test", fullName: "Laila Mansour", version: 2, acceptedAt: "2026-11-21T09:30:00.000Z", ipAddress: "196.219.10.4" },
  ]);
});

const area = (id: string) => document.getElementById(id) as HTMLTextAreaElement;

describe("[admin] the confidentiality notice in Settings", () => {
  it("[admin] shows the text in force in both languages, Arabic right to left, and the versions with their acceptances", async () => {
    await renderIn(<NoticeCard />, CATALOGS.en, "en", "/admin/settings");
    expect(area("notice-text").value).toBe(TEXT);
    expect(area("notice-textAr").value).toBe(TEXT_AR);
    expect(area("notice-textAr").getAttribute("dir")).toBe("rtl");
    expect(area("notice-textAr").getAttribute("lang")).toBe("ar");
    expect(document.body.textContent).toContain("Version 2 in force since Nov 20, 2026, 10:00:00 AM (Cairo time)");
    const rows = [...document.querySelectorAll("tbody tr")].map((r) => r.textContent);
    expect(rows[0]).toContain("v2");
    expect(rows[0]).toContain("In force");
    expect(rows[0]).toContain("14");
    expect(rows[1]).toContain("30");
    // Unchanged text: nothing to publish.
    expect(button("Publish new version")?.disabled).toBe(true);

    await click(button("Who accepted version 2"));
    expect(api.acceptances).toHaveBeenCalledWith({ query: { version: 2 } });
    const who = document.querySelector('section[aria-labelledby="notice-acceptances"]')!;
    expect(who.textContent).toContain("Laila Mansour");
    expect(who.textContent).toContain("Nov 21, 2026, 11:30:00 AM");
    expect(who.textContent).toContain("196.219.10.4");
  });

  it("[admin] publishing asks first ('Every reader will be asked to accept it again'), then sends both texts", async () => {
    await renderIn(<NoticeCard />, CATALOGS.en, "en", "/admin/settings");
    await type(area("notice-text"), `${TEXT} Do not forward them.`);
    await settle();
    await click(button("Publish new version"));
    const confirm = document.querySelector('[role="alertdialog"]')!;
    expect(confirm.textContent).toContain("Publish version 3 of the notice?");
    expect(confirm.textContent).toContain("Every reader will be asked to accept it again before their next view or download of a document that requires it.");
    expect(api.publishNotice).not.toHaveBeenCalled();
    await click(button("Publish"));
    expect(api.publishNotice).toHaveBeenCalledWith({ body: { text: `${TEXT} Do not forward them.`, textAr: TEXT_AR } });
    expect(toast.success).toHaveBeenCalledWith("Version 3 of the notice is in force");
    expect([...document.querySelectorAll("tbody tr")][0].textContent).toContain("v3");
  });

  it("[admin] a notice too short is refused by the shared rule before anything is asked", async () => {
    await renderIn(<NoticeCard />, CATALOGS.en, "en", "/admin/settings");
    await type(area("notice-textAr"), "قصير");
    await settle();
    await click(button("Publish new version"));
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(document.body.textContent).toContain("The Arabic notice must be 20 to 10,000 characters");
  });

  it("[admin] before any notice: the first one is published, with its own confirmation, in Arabic too", async () => {
    api.notices.mockResolvedValue([]);
    await renderIn(<NoticeCard />, CATALOGS.ar, "ar", "/ar/admin/settings");
    expect(document.body.textContent).toContain("لا يوجد إشعار بعد");
    await type(area("notice-text"), TEXT);
    await type(area("notice-textAr"), TEXT_AR);
    await settle();
    await click(button("نشر الإشعار"));
    expect(document.querySelector('[role="alertdialog"]')?.textContent).toContain("يقبله قرّاؤها قبل أول عرض أو تنزيل");
  });
});
