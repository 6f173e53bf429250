// @vitest-environment happy-dom
/**
 * The Alerts tab in a DOM, the API mocked: its sections, named in both languages, each loading its list only when it
 * is opened.
 */
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { catalog } from "../../../../server/i18n";
import { cleanUp, renderIn } from "../data-room/test-render";
import { AlertsTab } from "./alerts-tab";
import { pageText } from "./test-utils";

const api = vi.hoisted(() => ({ settings: vi.fn(), subscriberStats: vi.fn() }));
const calendar = vi.hoisted(() => ({ adminList: vi.fn() }));
const lists = vi.hoisted(() => ({ listAlerts: vi.fn(), listSubscribers: vi.fn(), listSuppressions: vi.fn() }));
vi.mock("~/lib/api/alerts-admin", async (original) => ({ ...(await original<object>()), alertsAdminApi: api, calendarAdminApi: calendar, ...lists }));
vi.mock("~/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };

afterEach(cleanUp);
beforeEach(() => {
  vi.clearAllMocks();
  lists.listAlerts.mockResolvedValue({ rows: [], total: 0 });
  lists.listSubscribers.mockResolvedValue({ rows: [], total: 0 });
  lists.listSuppressions.mockResolvedValue({ rows: [], total: 0 });
  api.subscriberStats.mockResolvedValue({ confirmed: 0, pending: 0, unsubscribed: 0, suppressed: 0, perList: [] });
  api.settings.mockResolvedValue({ perMinute: 300, reminders: true });
  calendar.adminList.mockResolvedValue([]);
});

const tabs = () => [...document.querySelectorAll('[role="tablist"] [role="tab"]')].map((t) => t.textContent);
/** Radix tabs switch on a primary-button press. */
const open = (name: string) =>
  act(async () => {
    const tab = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === name)!;
    tab.dispatchEvent(new MouseEvent("mousedown", { bubbles: true, button: 0 }));
  });

describe("[admin] the Alerts tab", () => {
  it("[admin] opens on the sent alerts; each section loads when it is opened", async () => {
    await renderIn(<AlertsTab releases={[]} />, CATALOGS.en);
    expect(document.querySelector('[role="tablist"]')?.getAttribute("aria-label")).toBe("Alerts sections");
    expect(tabs()).toEqual(["Sent alerts", "Subscribers", "Suppression list", "Financial calendar", "Sending settings"]);
    expect(pageText()).toContain("No alert has been sent yet.");
    expect(lists.listSubscribers).not.toHaveBeenCalled();
    expect(api.settings).not.toHaveBeenCalled();

    await open("Subscribers");
    expect(lists.listSubscribers).toHaveBeenCalled();
    expect(pageText()).toContain("No one has subscribed yet.");
    await open("Financial calendar");
    expect(pageText()).toContain("No event in the calendar yet.");
    await open("Sending settings");
    expect(api.settings).toHaveBeenCalled();
    expect(pageText()).toContain("Alert e-mails per minute");
  });

  it("[admin] reads in Arabic", async () => {
    await renderIn(<AlertsTab releases={[]} />, CATALOGS.ar, "ar", "/ar/admin");
    expect(tabs()).toEqual(["التنبيهات المرسلة", "المشتركون", "قائمة الحظر", "التقويم المالي", "إعدادات الإرسال"]);
    expect(document.querySelector("h2")?.textContent).toBe("تنبيهات المستثمرين");
  });
});
