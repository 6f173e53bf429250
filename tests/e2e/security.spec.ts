import { expect, test } from "@playwright/test";

test("[security] pages carry a nonce-based CSP and hydrate without violations", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  const res = await page.goto("/auth");
  const csp = res?.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).toContain("frame-ancestors 'none'");
  // Hydrated: client-side validation runs (it needs the bundle to have executed).
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  expect(violations).toEqual([]);
});

test("[security] a cross-site form post is refused", async ({ request }) => {
  const res = await request.post("/api/contact", {
    headers: { Origin: "https://evil.example" },
    data: { fullName: "Eve Evil", email: "eve@evil.example", subject: "Hello", message: "Cross-site message attempt" },
  });
  expect(res.status()).toBe(403);
});
