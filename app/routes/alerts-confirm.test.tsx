// @vitest-environment happy-dom
/**
 * The confirmation page in a DOM, the API mocked: opening the link sends nothing (a mail scanner that follows it
 * confirms no one); the button sends the token in a POST body, and the page then says what the address receives and
 * links to its preferences; a link that does not work says so and offers the sign-up form.
 */
import type * as React from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { button, cleanUp, click, localeOf, renderAt, settle, text } from "~/components/alerts/test-render";
import { loadSubscribeResolver } from "~/components/alerts/subscribe-resolver";
import { ApiError } from "~/lib/api/client";
import { catalog } from "../../server/i18n";
import { namespacesFor } from "../../shared/i18n/namespaces";
import AlertsConfirmPage from "./alerts-confirm";

const api = vi.hoisted(() => ({ confirm: vi.fn(), subscribe: vi.fn() }));
vi.mock("~/lib/api/alerts", () => ({ alertsApi: api }));

const TOKEN = "7F5uX2Ykav446Kdumy83YOVqNMv7cRt6VlckeS1QW6M";
const show = (node: React.ReactNode, path: string) => renderAt(node, path, catalog(localeOf(path), namespacesFor(path.split("?")[0])));

beforeAll(async () => {
  await loadSubscribeResolver();
});
afterEach(cleanUp);
beforeEach(() => {
  vi.clearAllMocks();
  api.confirm.mockResolvedValue({
    message: "Your subscription is confirmed.",
    lists: ["press:news", "calendar"],
    locale: "ar",
    manageToken: "manage_Token-123456789",
  });
});

describe("[alerts] the confirmation page", () => {
  it("[alerts] opening the link confirms nothing; the button does, then shows the lists and the preferences link", async () => {
    await show(<AlertsConfirmPage />, `/alerts/confirm?token=${TOKEN}`);
    await settle();
    expect(api.confirm).not.toHaveBeenCalled();
    await click(button("Confirm my subscription"));
    await settle();
    expect(api.confirm).toHaveBeenCalledWith({ body: { token: TOKEN } });
    const done = document.querySelector('[data-testid="alerts-confirmed"]');
    expect(text(done)).toContain("Your subscription is confirmed.");
    expect(text(done)).toContain("News");
    expect(text(done)).toContain("New events and reminders");
    expect(text(done)).toContain("E-mails in Arabic");
    const manage = [...document.querySelectorAll("a")].find((a) => a.textContent?.trim() === "Change your preferences");
    expect(manage?.getAttribute("href")).toBe("/alerts/preferences?token=manage_Token-123456789");
    expect(document.activeElement?.textContent).toBe("Your subscription is confirmed.");
  });

  it("[alerts] an expired link says so and offers the sign-up form", async () => {
    api.confirm.mockRejectedValue(
      new ApiError(400, "This confirmation link is invalid or has expired. Subscribe again to get a new one.", undefined, "INVALID_TOKEN"),
    );
    await show(<AlertsConfirmPage />, `/ar/alerts/confirm?token=${TOKEN}`);
    await click(button("تأكيد اشتراكي"));
    await settle();
    expect(text()).toContain("This confirmation link is invalid or has expired.");
    expect(document.querySelector('[data-testid="alerts-subscribe-form"]')).not.toBeNull();
  });
});
