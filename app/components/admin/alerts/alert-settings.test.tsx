// @vitest-environment happy-dom
/**
 * The alert settings card in a DOM, the API mocked: the rate and the reminders as read, the shared rule's bounds
 * before anything is sent, and the body a save sends.
 */
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { catalog } from "../../../../server/i18n";
import { button, cleanUp, click, labelled, renderIn, type } from "../data-room/test-render";
import { AlertSettingsCard } from "./alert-settings";
import { pageText } from "./test-utils";

const api = vi.hoisted(() => ({ settings: vi.fn(), setSettings: vi.fn() }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("~/lib/api/alerts-admin", async (original) => ({ ...(await original<object>()), alertsAdminApi: api }));
vi.mock("~/lib/toast", () => ({ toast }));

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };

afterEach(cleanUp);
beforeEach(() => {
  vi.clearAllMocks();
  api.settings.mockResolvedValue({ perMinute: 300, reminders: true });
  api.setSettings.mockImplementation(async ({ body }: { body: unknown }) => body);
});

const reminders = () => document.querySelector<HTMLButtonElement>('[role="switch"]')!;

describe("[admin] the alert settings", () => {
  it("[admin] show the rate and the reminders as saved, with their explanations", async () => {
    await renderIn(<AlertSettingsCard />, CATALOGS.en);
    expect(labelled("Alert e-mails per minute").value).toBe("300");
    expect(reminders().getAttribute("aria-checked")).toBe("true");
    expect(reminders().getAttribute("aria-label")).toBe("Send calendar reminders the day before");
    expect(pageText()).toContain("From 10 to 6,000, over all alerts together");
    expect(pageText()).toContain("At 09:00 Cairo time the day before an event, subscribers of the calendar list get a reminder.");
  });

  it("[admin] a rate outside 10–6,000 is refused before sending; a good one is saved with the reminders turned off", async () => {
    await renderIn(<AlertSettingsCard />, CATALOGS.en);
    await type(labelled("Alert e-mails per minute"), "6001");
    await click(button("Save settings"));
    expect(api.setSettings).not.toHaveBeenCalled();
    expect(document.getElementById("alert-settings-perMinute-error")?.textContent).toBe("Enter a whole number of e-mails per minute from 10 to 6,000.");

    await type(labelled("Alert e-mails per minute"), "1200");
    await click(reminders());
    await click(button("Save settings"));
    expect(api.setSettings).toHaveBeenCalledWith({ body: { perMinute: 1200, reminders: false } });
    expect(toast.success).toHaveBeenCalledWith("Alert settings saved");
  });

  it("[admin] a card that could not be loaded says so and tries again", async () => {
    api.settings.mockRejectedValueOnce(new Error("offline"));
    await renderIn(<AlertSettingsCard />, CATALOGS.en);
    expect(document.querySelector('[role="alert"]')?.textContent).toContain("The alert settings could not be loaded.");
    await click(button("Try again"));
    await act(async () => {});
    expect(labelled("Alert e-mails per minute").value).toBe("300");
  });

  it("[admin] reads in Arabic", async () => {
    await renderIn(<AlertSettingsCard />, CATALOGS.ar, "ar", "/ar/admin");
    expect(labelled("رسائل التنبيه في الدقيقة").value).toBe("300");
    expect(pageText()).toContain("إرسال تذكير بأحداث التقويم قبلها بيوم");
    expect(button("حفظ الإعدادات")).toBeDefined();
  });
});
