// @vitest-environment happy-dom
/**
 * 'Sent alerts' in a DOM, the API mocked: what an admin reads of each alert (kind, release, correction number, lists in
 * words, status, e-mails sent and failed), that opens are not tracked, the pages of a long list, and a correction
 * alert sent only after a confirmation naming its list.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api/client";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { catalog } from "../../../../server/i18n";
import { button, cleanUp, click, renderIn } from "../data-room/test-render";
import { SentAlerts } from "./sent-alerts";
import { AT, dialogButton, openDialog, pageText } from "./test-utils";
import type { AlertRow } from "./types";

const api = vi.hoisted(() => ({ sendCorrection: vi.fn() }));
const listAlerts = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("~/lib/api/alerts-admin", async (original) => ({ ...(await original<object>()), alertsAdminApi: api, listAlerts }));
vi.mock("~/lib/toast", () => ({ toast }));

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };

const alert = (extra: Partial<AlertRow> = {}): AlertRow => ({
  id: 3,
  kind: "press",
  itemId: 12,
  title: "Meridian reports third-quarter results",
  edition: 1,
  lists: ["press:financialResults"],
  status: "done",
  recipients: 1240,
  sent: 1236,
  failed: 4,
  waiting: 0,
  createdAt: AT,
  finishedAt: "2026-11-20T08:05:00.000Z",
  ...extra,
});
const reminder = alert({
  id: 2,
  kind: "calendar-reminder",
  itemId: 5,
  title: "Annual general assembly",
  edition: 0,
  lists: ["calendar"],
  status: "sending",
  finishedAt: null,
  waiting: 30,
});

afterEach(cleanUp);
beforeEach(() => {
  vi.clearAllMocks();
  listAlerts.mockResolvedValue({ rows: [alert(), reminder], total: 2 });
  api.sendCorrection.mockResolvedValue(alert({ id: 4, edition: 2, status: "pending" }));
});

describe("[admin] the sent alerts", () => {
  it("[admin] name each alert's kind, item, correction and lists in words, with its e-mails, and say opens are not tracked", async () => {
    await renderIn(<SentAlerts />, CATALOGS.en);
    expect(listAlerts).toHaveBeenCalledWith({ limit: 25, offset: 0 }, expect.any(AbortSignal));
    expect(pageText()).toContain("Opens and clicks are not tracked: these figures count the e-mails written, sent and failed, not who read them.");
    const [first, second] = [...document.querySelectorAll("tbody tr")].map((r) => r.textContent ?? "");
    expect(first).toContain("Press release");
    expect(first).toContain("Meridian reports third-quarter results");
    expect(first).toContain("Correction 1");
    expect(first).toContain("Press: Financial Results");
    expect(first).toContain("Done");
    expect(first).toContain("Recipients1,240");
    expect(first).toContain("Sent1,236");
    expect(first).toContain("Failed4");
    expect(second).toContain("Calendar reminder");
    expect(second).toContain("Financial calendar");
    expect(second).toContain("Sending");
    expect(second).toContain("Waiting30");
    expect(second).toContain("Not yet");
    expect(second).not.toContain("Correction");
    // Only a release's alert can be sent again as a correction.
    expect(button("Send correction alert: “Meridian reports third-quarter results”")).toBeDefined();
    expect(button("Send correction alert: “Annual general assembly”")).toBeUndefined();
  });

  it("[admin] a correction alert is sent only after the confirmation that names its list", async () => {
    await renderIn(<SentAlerts />, CATALOGS.en);
    await click(button("Send correction alert: “Meridian reports third-quarter results”"));
    const dialog = openDialog()!;
    expect(dialog.getAttribute("role")).toBe("alertdialog");
    expect(dialog.textContent).toContain("Send a correction alert?");
    expect(dialog.textContent).toContain(
      "This release is e-mailed again, marked as corrected, to every confirmed subscriber of its list. Each of them gets one more e-mail, so send it only when the correction matters to investors.",
    );
    expect(dialog.textContent).toContain("Sent toPress: Financial Results");
    expect(api.sendCorrection).not.toHaveBeenCalled();

    await click(dialogButton("Send correction alert"));
    expect(api.sendCorrection).toHaveBeenCalledWith({ body: { kind: "press", id: 12 } });
    expect(toast.success).toHaveBeenCalledWith("The correction alert is on its way", { description: "Meridian reports third-quarter results" });
    expect(openDialog()).toBeNull();
    expect(listAlerts).toHaveBeenCalledTimes(2);
  });

  it("[admin] a release no longer published is refused with the server's message, and the dialog stays", async () => {
    api.sendCorrection.mockRejectedValue(new ApiError(409, "Only a published release can be sent again.", undefined, "PUBLICATION_STATE"));
    await renderIn(<SentAlerts />, CATALOGS.en);
    await click(button("Send correction alert: “Meridian reports third-quarter results”"));
    await click(dialogButton("Send correction alert"));
    expect(toast.error).toHaveBeenCalledWith("The correction alert could not be sent", { description: "Only a published release can be sent again." });
    expect(openDialog()).not.toBeNull();
  });

  it("[admin] a long list comes 25 at a time from the server (X-Total-Count)", async () => {
    listAlerts.mockResolvedValue({ rows: [alert(), reminder], total: 60 });
    await renderIn(<SentAlerts />, CATALOGS.en);
    expect(pageText()).toContain("Showing 1–25 of 60");
    expect(pageText()).toContain("Page 1 of 3");
    await click(button("Next"));
    expect(listAlerts).toHaveBeenLastCalledWith({ limit: 25, offset: 25 }, expect.any(AbortSignal));
    expect(pageText()).toContain("Page 2 of 3");
  });

  it("[admin] reads in Arabic, with Western digits", async () => {
    await renderIn(<SentAlerts />, CATALOGS.ar, "ar", "/ar/admin");
    const text = pageText();
    expect(text).toContain("لا نتتبّع فتح الرسائل ولا النقر على روابطها");
    expect(text).toContain("التصحيح 1");
    expect(text).toContain("البيانات الصحفية: نتائج مالية");
    expect(text).toContain("1,240");
    expect(text).not.toMatch(/[\u0660-\u0669]/);
    expect(button("إرسال تنبيه بالتصحيح: «Meridian reports third-quarter results»")).toBeDefined();
  });
});
