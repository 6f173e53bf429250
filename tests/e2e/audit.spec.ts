import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// A server of its own for each test: the settings changed here, and the trail's count of events, are nobody else's.
test.use({ freshServer: true });

/** Changes the site mode as the signed-in admin of `page` (a setting every audit event names the same way). */
async function changeSiteMode(page: Page, mode: "production" | "development") {
  const res = await page.request.put("/api/admin/settings/environment", { data: { mode } });
  expect(res.ok(), await res.text()).toBe(true);
}

test("[audit] a settings change shows in the Audit trail tab with who, the item and the change; the chain is intact", async ({ page, signIn }) => {
  test.slow(); // a server of its own
  const admin = await signIn(page, "admin");
  await changeSiteMode(page, "production");
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { name: "Audit trail" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Chain intact: 1 event verified" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Setting changed" }).first();
  await expect(row.getByText(admin.email)).toBeVisible();
  await expect(row.getByRole("cell", { name: "Setting Site mode" })).toBeVisible();
  await expect(row).toContainText("Site mode: — → Production");
  await expect(row).toContainText(/\d{1,2}:\d{2}:\d{2}/);

  // Another change, then 'Refresh': the list and the check follow.
  await changeSiteMode(page, "development");
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Chain intact: 2 events verified" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Site mode: Production → Development" })).toBeVisible();
});

test("[audit] the filters narrow the list by item type, person and day, and clear again", async ({ page, signIn }) => {
  test.slow(); // a server of its own
  const admin = await signIn(page, "admin");
  await changeSiteMode(page, "production");
  const category = await page.request.post("/api/admin/document-categories", { data: { name: "Audit Filters", description: null } });
  expect(category.ok()).toBe(true);
  await page.goto("/admin/audit");
  const filters = page.getByRole("form", { name: "Filter the audit trail" });
  await expect(page.getByRole("row").filter({ hasText: "Document category created" })).toBeVisible();

  await filters.getByLabel("Item type").selectOption({ label: "Setting" });
  await filters.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: "Setting changed" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Document category created" })).toHaveCount(0);

  await filters.getByLabel("Item type").selectOption({ label: "All items" });
  await filters.getByLabel("Person").fill("nobody@example.test");
  await filters.getByLabel("Person").press("Enter");
  await expect(page.getByText("No events match these filters.")).toBeVisible();

  await filters.getByLabel("Person").fill(admin.email.toUpperCase());
  await filters.getByLabel("From (day)").fill("2099-01-01");
  await filters.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page.getByText("No events match these filters.")).toBeVisible();

  await filters.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Document category created" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Setting changed" })).toBeVisible();
});

test("[audit] Export CSV and Export JSON download the filtered events", async ({ page, signIn }) => {
  test.slow(); // a server of its own
  await signIn(page, "admin");
  await changeSiteMode(page, "production");
  await page.goto("/admin/audit");
  await expect(page.getByRole("row").filter({ hasText: "Setting changed" })).toBeVisible();

  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await csv.path())!, "utf8");
  expect(text.startsWith("\uFEFFEvent,Time (UTC),By,Account number,IP address,Browser,Action,Item type,Item ID,Changes,Hash\r\n")).toBe(true);
  expect(text).toContain("Setting changed,Setting,environmentMode,Site mode: — → Production,");

  const [json] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export JSON" }).click()]);
  expect(json.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.json$/);
  const events = JSON.parse(readFileSync((await json.path())!, "utf8")) as { action: string; hash: string }[];
  expect(events.map((e) => e.action)).toEqual(["settings.update"]);
  expect(events[0].hash).toMatch(/^[0-9a-f]{64}$/);
});

test("[audit] a chain the server finds broken is a red alert naming the event", async ({ page, signIn }) => {
  test.slow(); // a server of its own
  await signIn(page, "admin");
  // The server's database is its own process's: the check's answer stands in for an edited event.
  await page.route("**/api/admin/audit/verify", (route) =>
    route.fulfill({
      json: { ok: false, count: 6, anchorId: 0, headId: 9, headHash: "a".repeat(64), broken: { id: 7, problem: "hash-mismatch" } },
    }),
  );
  await page.goto("/admin/audit");
  await expect(page.getByRole("alert").filter({ hasText: "Tampering detected at event #7: its content was changed after it was recorded." })).toBeVisible();
  await page.unroute("**/api/admin/audit/verify");
  await page.getByRole("button", { name: "Check again" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Chain intact/ })).toBeVisible();
});

test("[audit] the Audit trail tab in Arabic on a phone: cards, Arabic words, Western digits @mobile", async ({ page, signIn }) => {
  test.slow(); // a server of its own
  await signIn(page, "admin");
  await changeSiteMode(page, "production");
  await page.goto("/ar/admin/audit");
  await expect(page.getByRole("heading", { name: "سجل التدقيق" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "السلسلة سليمة: تم التحقق من حدث واحد" })).toBeVisible();
  await expect(page.getByText("تغيير إعداد").first()).toBeVisible();
  await expect(page.getByText("وضع الموقع", { exact: true }).first()).toBeVisible();
  expect(await page.locator("body").innerText()).not.toMatch(/[\u0660-\u0669]/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/audit-ar-phone.png", fullPage: true });
});
