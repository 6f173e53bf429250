// @vitest-environment happy-dom
/**
 * The preferences page in a DOM, the API mocked: the token of the address is sent in the body of a POST once the
 * page shows (never by a loader), the address and its lists are shown, 'Unsubscribe from all' asks first and then
 * says the address receives nothing; a link that no longer works offers a new one.
 */
import type * as React from "react";
import { catalog } from "../../server/i18n";
import { namespacesFor } from "../../shared/i18n/namespaces";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api/client";
import { button, cleanUp, click, labelled, renderAt, settle, text, type, localeOf } from "~/components/alerts/test-render";
import { loadSubscribeResolver } from "~/components/alerts/subscribe-resolver";
import AlertsPreferencesPage from "./alerts-preferences";

const api = vi.hoisted(() => ({ preferences: vi.fn(), updatePreferences: vi.fn(), unsubscribe: vi.fn(), requestManageLink: vi.fn(), subscribe: vi.fn() }));
vi.mock("~/lib/api/alerts", () => ({ alertsApi: api }));

const TOKEN = "Abc_def-1234567890.xyz";
const prefs = { email: "laila@example.com", status: "confirmed" as const, lists: ["press:news", "calendar"], locale: "en" as const };
const page = <AlertsPreferencesPage />;

/** Renders `node` at `path` with that page's catalogs, as the server gives them. */
const show = (node: React.ReactNode, path: string) => renderAt(node, path, catalog(localeOf(path), namespacesFor(path.split("?")[0])));

// The form loads its schema when first used; here it is there from the start.
beforeAll(async () => {
  await loadSubscribeResolver();
});
afterEach(cleanUp);
beforeEach(() => {
  vi.clearAllMocks();
  api.preferences.mockResolvedValue(prefs);
  api.unsubscribe.mockResolvedValue({ ...prefs, status: "unsubscribed", lists: [] });
});

describe("[alerts] the preferences page", () => {
  it("[alerts] reads the preferences with the link's token in a POST body and shows the address and its lists", async () => {
    await show(page, `/alerts/preferences?token=${TOKEN}`);
    expect(api.preferences).toHaveBeenCalledWith({ body: { token: TOKEN } });
    expect(text(document.querySelector('[data-testid="alerts-email"]'))).toBe("laila@example.com");
    expect(labelled("News").checked).toBe(true);
    expect(labelled("New events and reminders").checked).toBe(true);
    expect(labelled("Acquisition").checked).toBe(false);
    expect(labelled("English").checked).toBe(true);
  });

  it("[alerts] 'Unsubscribe from all' asks first, can be cancelled, then unsubscribes and says so", async () => {
    await show(page, `/alerts/preferences?token=${TOKEN}`);
    await click(button("Unsubscribe from all"));
    expect(api.unsubscribe).not.toHaveBeenCalled();
    const question = document.querySelector('[data-testid="alerts-unsubscribe-confirm"]');
    expect(text(question)).toContain("Unsubscribe \u2068laila@example.com\u2069 from every alert?");
    expect(document.activeElement?.textContent).toContain("from every alert?");

    await click(button("Keep my alerts"));
    expect(document.querySelector('[data-testid="alerts-unsubscribe-confirm"]')).toBeNull();
    expect(document.activeElement?.textContent?.trim()).toBe("Unsubscribe from all");

    await click(button("Unsubscribe from all"));
    await click(button("Yes, unsubscribe"));
    await settle();
    expect(api.unsubscribe).toHaveBeenCalledWith({ body: { token: TOKEN } });
    const done = document.querySelector('[data-testid="alerts-unsubscribed"]');
    expect(text(done)).toContain("You are unsubscribed");
    expect(text(done)).toContain("laila@example.com\u2069 will receive no more alerts from us.");
    expect(document.activeElement?.textContent).toBe("You are unsubscribed");
    // The way back: the sign-up form, the address filled in.
    expect(labelled("E-mail address").value).toBe("laila@example.com");
    expect(document.querySelector('[data-testid="alert-lists"] input:checked')).toBeNull();
  });

  it("[alerts] saving with no list says the address is unsubscribed", async () => {
    api.updatePreferences.mockResolvedValue({ ...prefs, status: "unsubscribed", lists: [] });
    await show(page, `/alerts/preferences?token=${TOKEN}`);
    await click(labelled("News"));
    await click(labelled("New events and reminders"));
    expect(text()).toContain("With no alert chosen, saving unsubscribes this address");
    await click(button("Save preferences"));
    await settle();
    expect(api.updatePreferences).toHaveBeenCalledWith({ body: { token: TOKEN, lists: [], locale: "en" } });
    expect(text(document.querySelector('[data-testid="alerts-preferences-saved"]'))).toBe(
      "Saved. With no alert chosen, this address is unsubscribed and receives nothing.",
    );
  });

  it("[alerts] a link that no longer works says so and offers a new one, answered alike for any address", async () => {
    api.preferences.mockRejectedValue(new ApiError(400, "This link no longer manages a subscription. Ask for a new link below.", undefined, "INVALID_TOKEN"));
    api.requestManageLink.mockResolvedValue({ message: "If this address receives our alerts, we have sent it a link." });
    await show(page, `/alerts/preferences?token=${TOKEN}`);
    expect(text()).toContain("This link no longer manages a subscription.");
    const email = labelled("E-mail address");
    await type(email, "laila@example.com");
    await click(button("Send me a link"));
    await settle();
    expect(api.requestManageLink).toHaveBeenCalledWith({ body: { email: "laila@example.com", locale: "en" } });
    expect(text(document.querySelector('[data-testid="alerts-manage-link-sent"]'))).toBe("If this address receives our alerts, we have sent it a link.");
  });

  it("[alerts] an address without a token asks for nothing and offers a new link", async () => {
    await show(page, "/ar/alerts/preferences");
    expect(api.preferences).not.toHaveBeenCalled();
    expect(text()).toContain("هذا الرابط غير مكتمل. اطلب رابطًا جديدًا أدناه.");
    expect(button("أرسل إليّ رابطًا")).toBeTruthy();
  });
});
