import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// A visitor may send 5 messages in 10 minutes, through the API and the no-JavaScript form together: these tests
// send 4 (failures are simulated with page.route), all as one visitor of their own, so the file stays under the
// limit whichever other tests share its server.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.10" } });

async function gotoContact(page: Page) {
  await page.goto("/#contact");
  await expect(page.locator("#home")).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
  // The form's checks load once it is near the screen.
  await expect(page.locator('#contact [data-checks="loaded"]')).toHaveCount(1, { timeout: 20_000 });
}

async function fill(page: Page, values: { fullName: string; email: string; subject: string; message: string }) {
  await page.getByLabel("Full Name", { exact: true }).fill(values.fullName);
  await page.getByLabel("Email", { exact: true }).fill(values.email);
  await page.getByLabel("Subject", { exact: true }).fill(values.subject);
  await page.getByLabel("Message", { exact: true }).fill(values.message);
}

/** What the admin's inbox holds (read through the worker's signed-in admin). */
async function storedSubjects(adminApi: APIRequestContext) {
  const res = await adminApi.get("/api/contact?limit=200");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Array<{ subject: string; fullName: string; email: string; message: string }>).map((r) => r.subject);
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

test("[contact] details, no social links until set, and the form fields", async ({ page }) => {
  await gotoContact(page);
  const section = page.locator("#contact");
  await expect(section.getByRole("heading", { name: "Contact Us" })).toBeVisible();
  await expect(section.getByText(/Cairo, Egypt/).first()).toBeVisible();
  await expect(section.getByText(/Business Park/).first()).toBeVisible();
  await expect(section.getByRole("link", { name: "+20 2 2555 0142" })).toHaveAttribute("href", "tel:+20225550142");
  await expect(section.getByRole("link", { name: "contact@meridiancrest.example" })).toHaveAttribute("href", "mailto:contact@meridiancrest.example");
  // No social profile is set on a fresh install, so no icon leads nowhere.
  for (const name of ["LinkedIn", "Twitter", "Facebook", "Instagram"]) await expect(section.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
  await expect(section.getByRole("heading", { name: "Send Us a Message" })).toBeVisible();
  await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("rows", "5");
  // The honeypot is out of sight, out of the tab order and hidden from assistive technology.
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
  await expect(honeypot.locator("xpath=..")).toHaveAttribute("aria-hidden", "true");
  expect(await honeypot.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThan(0);
});

test("[contact] the spec's validation messages appear inline", async ({ page }) => {
  await gotoContact(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Subject is required")).toBeVisible();
  await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
  await expect(page.getByLabel("Full Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Full Name", { exact: true }).fill("Amina Youssef");
  await expect(page.getByText("Name must be at least 2 characters")).toHaveCount(0);
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
});

test("[contact] sending: 'Sending...' while pending, 'Message Sent' toast, form reset, stored for the admin", async ({ page, adminApi }) => {
  await gotoContact(page);
  const subject = unique("Partnership enquiry");
  await fill(page, {
    fullName: "Amina Youssef",
    email: "amina@example.com",
    subject,
    message: "We would like to discuss a logistics partnership in Alexandria.",
  });
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/contact", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  const sending = page.getByRole("button", { name: "Sending..." });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  release();
  await expect(page.getByText("Message Sent", { exact: true })).toBeVisible();
  // Said once each: the title in the toast, the thank-you in the form.
  await expect(page.getByText(/Message Sent/)).toHaveCount(1);
  await expect(page.getByRole("status").filter({ hasText: "Thank you for your message." })).toHaveCount(1);
  await expect(page.getByText("Thank you for your message. Our team will get back to you shortly.")).toHaveCount(1);
  await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  expect(await storedSubjects(adminApi)).toContain(subject);
});

test("[contact] a refused message shows the server's message in the form (role=alert), not in a toast", async ({ page }) => {
  await gotoContact(page);
  await fill(page, { fullName: "Amina Youssef", email: "amina@example.com", subject: "Hello", message: "A message that the server refuses." });
  const limitMessage = "You have sent several messages in a short time. Please wait a few minutes before sending another.";
  await page.route("**/api/contact", (route) => route.fulfill({ status: 429, json: { message: limitMessage } }));
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: limitMessage })).toBeVisible();
  await expect(page.getByText(limitMessage)).toHaveCount(1);
  await expect(page.getByText("Error", { exact: true })).toHaveCount(0);
  // Nothing is lost: the visitor can try again later.
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("Hello");
});

test("[contact] a network failure shows the generic error sentence", async ({ page }) => {
  await gotoContact(page);
  await fill(page, { fullName: "Amina Youssef", email: "amina@example.com", subject: "Hello", message: "A message lost on the network." });
  await page.route("**/api/contact", (route) => route.abort());
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to send your message. Please try again." })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("[contact] the form posts to the page and shows field errors, keeping what was typed", async ({ page }) => {
    await page.goto("/#contact");
    await page.getByLabel("Full Name", { exact: true }).fill("A");
    await page.getByLabel("Email", { exact: true }).fill("amina@example.com");
    await page.getByLabel("Subject", { exact: true }).fill("Hi there");
    await page.getByLabel("Message", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("amina@example.com");
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("Hi there");
  });

  test("[contact] a valid post is stored and answered with 'Message Sent'", async ({ page, adminApi }) => {
    await page.goto("/#contact");
    const subject = unique("No-script enquiry");
    await fill(page, { fullName: "Karim Nour", email: "karim@example.com", subject, message: "Sent from a browser with JavaScript turned off." });
    await page.getByRole("button", { name: "Send Message" }).click();
    // Post/redirect/get: the thank-you page is a plain GET, safe to reload.
    await expect(page).toHaveURL(/\/\?sent#contact$/);
    await expect(page.getByRole("status").filter({ hasText: "Message Sent." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Send Us a Message" })).toBeInViewport();
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("");
    expect(await storedSubjects(adminApi)).toContain(subject);
  });

  test("[contact] a filled honeypot is answered like a success and not stored", async ({ page, adminApi }) => {
    await page.goto("/#contact");
    const subject = unique("Bot message");
    await fill(page, { fullName: "Spam Bot", email: "bot@example.com", subject, message: "Buy followers now, best prices guaranteed." });
    await page.locator('input[name="website"]').fill("http://spam.example", { force: true });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message Sent." })).toBeVisible();
    expect(await storedSubjects(adminApi)).not.toContain(subject);
  });
});

test("[contact] a cross-site post to the page is refused", async ({ request }) => {
  const res = await request.post("/?index", {
    headers: { Origin: "https://evil.example" },
    form: { fullName: "Eve Evil", email: "eve@evil.example", subject: "Hello", message: "Cross-site message attempt" },
  });
  expect(res.status()).toBe(403);
});

test("[contact] an opaque-origin post from another site is refused", async ({ request }) => {
  const res = await request.post("/?index", {
    headers: { Origin: "null", "Sec-Fetch-Site": "cross-site" },
    form: { fullName: "Eve Evil", email: "eve@evil.example", subject: "Hello", message: "Sandboxed cross-site attempt" },
  });
  expect(res.status()).toBe(403);
});

test("[contact] an oversized post to the page is refused before it is read", async ({ request, baseURL }) => {
  const res = await request.post("/?index", {
    headers: { Origin: new URL(baseURL!).origin },
    form: { fullName: "Big Sender", email: "big@example.com", subject: "Big", message: "x".repeat(70_000) },
  });
  expect(res.status()).toBe(413);
});

test("[contact] sending from a phone @mobile", async ({ page, adminApi }) => {
  await gotoContact(page);
  const subject = unique("Mobile enquiry");
  await fill(page, { fullName: "Layla Samir", email: "layla@example.com", subject, message: "Sent from my phone to ask about investor relations." });
  await page.getByRole("button", { name: "Send Message" }).tap();
  await expect(page.getByText("Message Sent", { exact: true })).toBeVisible();
  // Said once each: the title in the toast, the thank-you in the form.
  await expect(page.getByText(/Message Sent/)).toHaveCount(1);
  await expect(page.getByRole("status").filter({ hasText: "Thank you for your message." })).toHaveCount(1);
  await expect(page.getByText("Thank you for your message. Our team will get back to you shortly.")).toHaveCount(1);
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
  expect(await storedSubjects(adminApi)).toContain(subject);
});
