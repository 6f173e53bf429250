// @vitest-environment happy-dom
/**
 * 'Subscribers' in a DOM, the API mocked: the counts per status and per list and language, the search and filters
 * sent to the server, the rows in words, removing one after a confirmation that says the address is suppressed,
 * and the CSV link in the dashboard's language.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { catalog } from "../../../../server/i18n";
import { button, cleanUp, click, renderIn, settle, type } from "../data-room/test-render";
import { Subscribers } from "./subscribers";
import { AT, choose, dialogButton, openDialog, pageText, selectNamed } from "./test-utils";
import type { SubscriberRow, SubscriberStats } from "./types";

const api = vi.hoisted(() => ({ subscriberStats: vi.fn(), removeSubscriber: vi.fn() }));
const listSubscribers = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("~/lib/api/alerts-admin", async (original) => ({ ...(await original<object>()), alertsAdminApi: api, listSubscribers }));
vi.mock("~/lib/toast", () => ({ toast }));

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };

const stats: SubscriberStats = {
  confirmed: 1820,
  pending: 37,
  unsubscribed: 112,
  suppressed: 9,
  perList: [
    { list: "press:financialResults", en: 900, ar: 420 },
    { list: "calendar", en: 310, ar: 190 },
  ],
};
const subscriber = (extra: Partial<SubscriberRow> = {}): SubscriberRow => ({
  id: 41,
  email: "laila@investor.test",
  status: "confirmed",
  lists: ["press:financialResults", "calendar"],
  locale: "ar",
  createdAt: AT,
  confirmedAt: "2026-11-20T08:10:00.000Z",
  unsubscribedAt: null,
  source: "form",
  ...extra,
});

afterEach(cleanUp);
beforeEach(() => {
  vi.clearAllMocks();
  api.subscriberStats.mockResolvedValue(stats);
  api.removeSubscriber.mockResolvedValue({ message: "Removed." });
  listSubscribers.mockResolvedValue({
    rows: [
      subscriber(),
      subscriber({ id: 40, email: "omar@investor.test", status: "pending", lists: ["documents"], locale: "en", confirmedAt: null, source: "account" }),
    ],
    total: 2,
  });
});

describe("[admin] the alert subscribers", () => {
  it("[admin] show the counts per status, per list and language, and each subscriber in words", async () => {
    await renderIn(<Subscribers />, CATALOGS.en);
    const counts = document.querySelector('dl[aria-label="Subscribers by status"]')!.textContent;
    expect(counts).toContain("Confirmed1,820");
    expect(counts).toContain("Awaiting confirmation37");
    expect(counts).toContain("Unsubscribed112");
    expect(counts).toContain("Suppressed addresses9");
    const perList = document.querySelector('table[aria-label="Confirmed subscribers per list and language"]')!;
    expect([...perList.querySelectorAll("tbody tr")].map((r) => r.textContent)).toEqual(["Press: Financial Results9004201,320", "Financial calendar310190500"]);

    const table = document.querySelector('table[aria-label="Alert subscribers"]')!;
    const [laila, omar] = [...table.querySelectorAll("tbody tr")].map((r) => r.textContent ?? "");
    expect(laila).toContain("laila@investor.test");
    expect(laila).toContain("Confirmed");
    expect(laila).toContain("Press: Financial Results");
    expect(laila).toContain("Financial calendar");
    expect(laila).toContain("Arabic");
    expect(laila).toContain("Sign-up form");
    expect(omar).toContain("Awaiting confirmation");
    expect(omar).toContain("Reports and documents");
    expect(omar).toContain("Not yet");
    expect(omar).toContain("Member account");

    const csv = [...document.querySelectorAll("a")].find((a) => a.textContent === "Export CSV");
    expect(csv?.getAttribute("href")).toBe("/api/admin/alert-subscribers/export.csv?lang=en");
  });

  it("[admin] the search, the list and the status go to the server, from the first page", async () => {
    await renderIn(<Subscribers />, CATALOGS.en);
    expect(listSubscribers).toHaveBeenLastCalledWith({ q: undefined, list: undefined, status: undefined, limit: 25, offset: 0 }, expect.any(AbortSignal));
    await type(document.querySelector<HTMLInputElement>('input[aria-label="Search by e-mail"]')!, " laila ");
    await settle(350);
    await choose(selectNamed("List"), "calendar");
    await choose(selectNamed("Status"), "confirmed");
    expect(listSubscribers).toHaveBeenLastCalledWith({ q: "laila", list: "calendar", status: "confirmed", limit: 25, offset: 0 }, expect.any(AbortSignal));
    expect([...selectNamed("List")!.options].map((o) => o.textContent)).toContain("Press: Financial Results");

    listSubscribers.mockResolvedValue({ rows: [], total: 0 });
    await choose(selectNamed("Status"), "unsubscribed");
    expect(pageText()).toContain("No subscriber matches these filters.");
  });

  it("[admin] removing asks first, says the address is suppressed, then deletes it and reloads the counts", async () => {
    await renderIn(<Subscribers />, CATALOGS.en);
    await click(button("Remove laila@investor.test"));
    const dialog = openDialog()!;
    expect(dialog.textContent).toContain("Remove this subscriber?");
    expect(dialog.textContent).toContain("laila@investor.test");
    expect(dialog.textContent).toContain(
      "This removes the subscriber and adds the address to the suppression list: no alert is sent to it again unless it subscribes and confirms anew.",
    );
    expect(api.removeSubscriber).not.toHaveBeenCalled();
    await click(dialogButton("Remove"));
    expect(api.removeSubscriber).toHaveBeenCalledWith({ params: { id: 41 } });
    expect(toast.success).toHaveBeenCalledWith("Subscriber removed and address suppressed", { description: "laila@investor.test" });
    expect(openDialog()).toBeNull();
    expect(api.subscriberStats).toHaveBeenCalledTimes(2);
    expect(listSubscribers).toHaveBeenCalledTimes(2);
  });

  it("[admin] reads in Arabic, and the CSV's headings follow the dashboard's language", async () => {
    await renderIn(<Subscribers />, CATALOGS.ar, "ar", "/ar/admin");
    const text = pageText();
    expect(text).toContain("مؤكَّدون1,820");
    expect(text).toContain("بانتظار التأكيد");
    expect(text).toContain("نموذج الاشتراك");
    expect(button("حذف laila@investor.test")).toBeDefined();
    const csv = [...document.querySelectorAll("a")].find((a) => a.textContent === "تصدير CSV");
    expect(csv?.getAttribute("href")).toBe("/api/admin/alert-subscribers/export.csv?lang=ar");
  });
});
