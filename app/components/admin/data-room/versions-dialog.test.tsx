// @vitest-environment happy-dom
/**
 * The versions window in a DOM, the API mocked: the list an admin sees (number, current, file, who, when in Cairo,
 * notes in both languages, views), each version's download link, and 'Restore as new version' after a confirmation
 * that names the version it becomes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DocumentVersionRow } from "../../../../shared/api/data-room";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { catalog } from "../../../../server/i18n";
import { button, cleanUp, click, renderIn, type } from "./test-render";
import { VersionsDialog } from "./versions-dialog";

const api = vi.hoisted(() => ({ versions: vi.fn(), restoreVersion: vi.fn() }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("~/lib/api/data-room-admin", async (original) => ({
  ...(await original<typeof import("~/lib/api/data-room-admin")>()),
  dataRoomAdminApi: api,
}));
vi.mock("~/lib/toast", () => ({ toast }));

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };

const version = (number: number, extra: Partial<DocumentVersionRow> = {}): DocumentVersionRow => ({
  number,
  current: false,
  fileName: `board-pack-v${number}.pdf`,
  fileType: "application/pdf",
  fileSize: 2_400_000,
  note: null,
  noteAr: null,
  restoredFrom: null,
  createdBy: "mona@meridiancrest.example",
  createdAt: "2026-11-27T08:05:00.000Z",
  views: 0,
  ...extra,
});

afterEach(cleanUp);
beforeEach(() => {
  vi.clearAllMocks();
  api.versions.mockResolvedValue([
    version(3, { current: true, restoredFrom: 1, views: 4 }),
    version(2, { note: "Corrected the figures on page 3.", noteAr: "تصحيح الأرقام في الصفحة 3.", views: 12 }),
    version(1, { createdBy: null }),
  ]);
  api.restoreVersion.mockResolvedValue({ id: 7, title: "Board pack", version: 4 });
});

const rows = () => [...document.querySelectorAll("tbody tr")];

describe("[admin] the versions window", () => {
  it("[admin] lists every version newest first, the current one marked, with its file, author, Cairo time, notes and views", async () => {
    await renderIn(<VersionsDialog doc={{ id: 7, title: "Board pack" }} onOpenChange={() => {}} onChanged={() => {}} />, CATALOGS.en);
    expect(api.versions).toHaveBeenCalledWith({ params: { id: 7 } });
    const [v3, v2, v1] = rows();
    expect(v3.textContent).toContain("v3");
    expect(v3.textContent).toContain("Current");
    expect(v3.textContent).toContain("Restored from v1");
    expect(v3.textContent).toContain("board-pack-v3.pdf");
    expect(v3.textContent).toContain("2.3 MB");
    expect(v3.textContent).toContain("mona@meridiancrest.example");
    // 08:05 UTC is 10:05 in Cairo in November.
    expect(v3.textContent).toContain("Nov 27, 2026, 10:05:00 AM");
    expect(v2.textContent).not.toContain("Current");
    expect(v2.querySelector('[lang="en"]')?.textContent).toBe("Corrected the figures on page 3.");
    const arabic = v2.querySelector('[lang="ar"]');
    expect(arabic?.textContent).toBe("تصحيح الأرقام في الصفحة 3.");
    expect(arabic?.getAttribute("dir")).toBe("rtl");
    expect(v2.textContent).toContain("12");
    expect(v1.textContent).toContain("Unknown");
    expect(v1.textContent).toContain("No note");

    // Every version downloads; only the earlier ones restore.
    const links = [...document.querySelectorAll("a[download]")].map((a) => a.getAttribute("href"));
    expect(links).toEqual([
      "/api/admin/documents/7/versions/3/download",
      "/api/admin/documents/7/versions/2/download",
      "/api/admin/documents/7/versions/1/download",
    ]);
    expect(button("Restore version 3 as a new version")).toBeUndefined();
    expect(button("Restore version 2 as a new version")).toBeDefined();
    expect(button("Upload new version")).toBeDefined();
  });

  it("[admin] restoring asks first, says which version it becomes, and sends the optional notes", async () => {
    const onChanged = vi.fn();
    await renderIn(<VersionsDialog doc={{ id: 7, title: "Board pack" }} onOpenChange={() => {}} onChanged={onChanged} />, CATALOGS.en);
    await click(button("Restore version 1 as a new version"));
    const confirm = document.querySelector('[role="alertdialog"]')!;
    expect(confirm.textContent).toContain("Restore version 1?");
    expect(confirm.textContent).toContain("The file of version 1 becomes the current one, as version 4.");
    expect(api.restoreVersion).not.toHaveBeenCalled();
    await type(confirm.querySelector<HTMLTextAreaElement>("#version-restore-note")!, "Back to the signed version.");
    await click(button("Restore as version 4"));
    expect(api.restoreVersion).toHaveBeenCalledWith({ params: { id: 7, number: 1 }, body: { note: "Back to the signed version.", noteAr: null } });
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ version: 4 }));
    expect(toast.success).toHaveBeenCalledWith("Version 1 restored as version 4", { description: "Board pack" });
    expect(api.versions).toHaveBeenCalledTimes(2);
  });

  it("[admin] reads in Arabic", async () => {
    await renderIn(<VersionsDialog doc={{ id: 7, title: "Board pack" }} onOpenChange={() => {}} onChanged={() => {}} />, CATALOGS.ar, "ar", "/ar/admin");
    const text = document.body.textContent ?? "";
    expect(text).toContain("الإصدار 3");
    expect(text).toContain("الحالي");
    expect(text).toContain("مستعاد من الإصدار 1");
    expect(button("استعادة الإصدار 2 كإصدار جديد")).toBeDefined();
    expect(button("رفع إصدار جديد")).toBeDefined();
  });
});
