// @vitest-environment happy-dom
/**
 * The alert sign-up form in a DOM, the API mocked: the body it sends (the address, the lists in the contract's order,
 * the language), the server's one neutral answer read out in a live region and the form cleared, field errors (the
 * shared schema's in the browser, the server's under their fields) and a refusal for too many requests.
 */
import type * as React from "react";
import { catalog } from "../../../server/i18n";
import { namespacesFor } from "../../../shared/i18n/namespaces";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api/client";
import { SubscribeForm } from "./subscribe-form";
import { loadSubscribeResolver } from "./subscribe-resolver";
import { button, cleanUp, click, labelled, renderAt, settle, submit, text, type, localeOf } from "./test-render";

const api = vi.hoisted(() => ({ subscribe: vi.fn() }));
vi.mock("~/lib/api/alerts", () => ({ alertsApi: api }));

const NEUTRAL = "If this address can receive alerts, we have sent it a link to confirm.";
const live = () => document.querySelector('[data-testid="alerts-subscribe-sent"]')!;

/** Renders `node` at `path` with that page's catalogs, as the server gives them. */
const show = (node: React.ReactNode, path: string) => renderAt(node, path, catalog(localeOf(path), namespacesFor(path.split("?")[0])));

// The form loads its schema when first used; here it is there from the start.
beforeAll(async () => {
  await loadSubscribeResolver();
});
afterEach(cleanUp);
beforeEach(() => {
  vi.clearAllMocks();
  api.subscribe.mockResolvedValue({ message: NEUTRAL });
});

describe("[alerts] the sign-up form", () => {
  it("[alerts] sends the address, the lists in order and the language, reads out the neutral answer and clears the form", async () => {
    await show(<SubscribeForm />, "/investors");
    expect(live().getAttribute("aria-live")).toBe("polite");
    expect(text(live())).toBe("");
    await type(labelled("E-mail address"), "  Investor@Example.com ");
    // Ticked out of order; sent in the contract's order.
    await click(labelled("New events and reminders"));
    await click(labelled("Financial Results"));
    await click(labelled("New reports and public documents"));
    await click(labelled("Arabic"));
    await submit(labelled("E-mail address"));

    expect(api.subscribe).toHaveBeenCalledTimes(1);
    expect(api.subscribe).toHaveBeenCalledWith({
      body: { email: "investor@example.com", lists: ["press:financialResults", "documents", "calendar"], locale: "ar" },
    });
    expect(text(live())).toBe(NEUTRAL);
    expect(labelled("E-mail address").value).toBe("");
    expect(document.querySelectorAll<HTMLInputElement>('[data-testid="alert-lists"] input:checked')).toHaveLength(0);
    expect(labelled("English").checked).toBe(true);
  });

  it("[alerts] 'All categories' ticks every press category, and the page's language is the default", async () => {
    await show(<SubscribeForm />, "/ar/press-releases");
    expect(labelled("العربية").checked).toBe(true);
    await type(labelled("البريد الإلكتروني"), "a@example.com");
    await click(labelled("جميع الفئات"));
    expect(document.querySelectorAll('[data-testid="alert-lists"] input:checked')).toHaveLength(11);
    await submit(labelled("البريد الإلكتروني"));
    const body = api.subscribe.mock.calls[0][0].body;
    expect(body.lists).toHaveLength(10);
    expect(body.lists.every((l: string) => l.startsWith("press:"))).toBe(true);
    expect(body.locale).toBe("ar");
  });

  it("[alerts] shows the schema's messages under the fields and sends nothing", async () => {
    await show(<SubscribeForm />, "/investors");
    await type(labelled("E-mail address"), "not an address");
    await submit(labelled("E-mail address"));
    expect(api.subscribe).not.toHaveBeenCalled();
    expect(text()).toContain("Please enter a valid email address");
    expect(text()).toContain("Choose at least one kind of alert.");
    expect(labelled("E-mail address").getAttribute("aria-invalid")).toBe("true");
  });

  it("[alerts] shows the server's field errors under their fields, and a rate limit's message above the button", async () => {
    await show(<SubscribeForm />, "/investors");
    api.subscribe.mockRejectedValueOnce(new ApiError(400, "Please check the form.", { email: "This address cannot receive e-mail." }, "VALIDATION"));
    await type(labelled("E-mail address"), "a@example.com");
    await click(labelled("News"));
    await submit(labelled("E-mail address"));
    expect(document.getElementById(labelled("E-mail address").getAttribute("aria-describedby")!)?.textContent).toBe("This address cannot receive e-mail.");

    api.subscribe.mockRejectedValueOnce(
      new ApiError(429, "Too many alert requests from your connection. Please try again in an hour.", undefined, "TOO_MANY_REQUESTS"),
    );
    await click(button("Subscribe"));
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toContain("Too many alert requests from your connection.");
    expect(text(live())).toBe("");
  });
});
