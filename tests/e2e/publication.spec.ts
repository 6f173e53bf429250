import type { Page } from "@playwright/test";
import { expect, test, uid } from "./fixtures";

// Releases this file unpublishes, schedules or withdraws are put back (published, flags as they were) after each test.
test.use({ restoresContent: true });

type Release = { id: number; title: string };

async function createRelease(page: Page): Promise<Release> {
  const res = await page.request.post("/api/press-releases", {
    data: {
      title: `Embargoed results ${uid()}`,
      summary: "A short summary of the announcement for the cards.",
      content: "The full text of the announcement, long enough to pass the fifty character minimum.",
      date: "2026-11-26",
      company: "BravoPay",
      sector: "finance",
      publication: "published",
    },
  });
  if (!res.ok()) throw new Error(`create release failed: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** Chooses `item` in the publication menu of the release's row. */
async function choose(page: Page, row: ReturnType<Page["getByRole"]>, title: string, item: string) {
  await row.getByRole("button", { name: `Publication of “${title}”` }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

/** The release's row in the dashboard's press table (searched by its title). */
async function releaseRow(page: Page, title: string) {
  await page.goto("/admin/press");
  await page.getByRole("searchbox").first().fill(title);
  return page.getByRole("table", { name: "Press releases" }).getByRole("row", { name: new RegExp(title) });
}

test("[publication] unpublish, schedule in Cairo time and publish from the dashboard; the public API follows", async ({ page, signIn }) => {
  await signIn(page, "admin");
  const release = await createRelease(page);
  const row = await releaseRow(page, release.title);
  await expect(row.getByText("Published", { exact: true })).toBeVisible();

  await choose(page, row, release.title, "Unpublish");
  await expect(row.getByText("Draft", { exact: true })).toBeVisible();
  expect((await page.request.get(`/api/press-releases/${release.id}`)).status()).toBe(404);

  await choose(page, row, release.title, "Schedule…");
  const dialog = page.getByRole("dialog", { name: "Schedule publication" });
  await expect(dialog).toBeVisible();
  // Autumn 2030: 23:30 on 31 October happens twice in Cairo; the editor picks which.
  await dialog.getByLabel("Publish on (Cairo time)").fill("2030-10-31T23:30");
  await expect(dialog.getByText("This time happens twice in Cairo on that day (the clocks go back an hour). Which one?")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Schedule", exact: true })).toBeDisabled();
  await dialog.getByRole("radio", { name: "UTC+02:00" }).check();
  await expect(dialog.getByText(/It will go out on .*\(UTC\+02:00\), which is .*21:30 \(UTC\+00:00\)\./)).toBeVisible();
  // Spring 2030: 00:30 on 26 April does not exist there.
  await dialog.getByLabel("Publish on (Cairo time)").fill("2030-04-26T00:30");
  await expect(dialog.getByText("This time does not exist in Cairo on that day: the clocks move forward an hour. Choose another time.")).toBeVisible();
  await dialog.getByLabel("Publish on (Cairo time)").fill("2030-01-15T09:00");
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Scheduled", { exact: true })).toBeVisible();
  await expect(row.getByText(/Goes out .*09:00 \(UTC\+02:00\), Cairo time/)).toBeVisible();
  const stored = await (await page.request.get(`/api/admin/press-releases/${release.id}`)).json();
  expect(stored).toMatchObject({ publication: "scheduled", publishAt: "2030-01-15T07:00:00.000Z", scheduleZone: "Africa/Cairo" });
  expect((await page.request.get(`/api/press-releases/${release.id}`)).status()).toBe(404);

  await choose(page, row, release.title, "Publish now");
  await expect(row.getByText("Published", { exact: true })).toBeVisible();
  expect((await page.request.get(`/api/press-releases/${release.id}`)).status()).toBe(200);
});

test("[publication] withdrawing asks first, then the release leaves the public list", async ({ page, signIn }) => {
  await signIn(page, "admin");
  const release = await createRelease(page);
  const row = await releaseRow(page, release.title);
  page.once("dialog", (d) => {
    expect(d.message()).toContain("disappears from every page, feed and search at once");
    void d.accept();
  });
  await choose(page, row, release.title, "Withdraw");
  await expect(row.getByText("Withdrawn", { exact: true })).toBeVisible();
  const list = await (await page.request.get("/api/press-releases")).json();
  expect(list.map((r: Release) => r.id)).not.toContain(release.id);
});

test.describe("[publication] on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("[publication] @mobile each card's publication menu is a full-size target and opens in view", async ({ page, signIn }) => {
    await signIn(page, "admin");
    const release = await createRelease(page);
    await page.goto("/admin/press");
    await page.getByRole("searchbox").first().fill(release.title);
    const trigger = page.getByRole("button", { name: `Publication of “${release.title}”` });
    const box = (await trigger.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(36);
    expect(box.height).toBeGreaterThanOrEqual(36);
    await trigger.click();
    for (const item of ["Unpublish", "Withdraw"]) await expect(page.getByRole("menuitem", { name: item })).toBeInViewport();
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
