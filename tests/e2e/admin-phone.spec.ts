import type { Page } from "@playwright/test";
import { expect, MEMBER_NAME, test, openBrowser } from "./fixtures";

/** Within the phone's width, without scrolling sideways (a box that scrolls inside the page would move it). */
async function expectWithinWidth(page: Page, locator: ReturnType<Page["locator"]>) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The page does not scroll sideways: everything is reachable by scrolling down only. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth > document.scrollingElement!.clientWidth);

test("[admin] on a 390 px phone, applications and portfolio show cards with Approve/Reject and edit/delete in view @mobile", async ({
  page,
  browser,
  signIn,
}) => {
  test.slow(); // a new member who applies, then two tabs on a phone
  await page.setViewportSize({ width: 390, height: 844 });
  const memberContext = await openBrowser(browser);
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, "regular", { fresh: true });
  const applied = await memberPage.request.post("/api/investor-applications", {
    data: { company: "Nile Family Office", position: "Partner", motivation: "We would like to review the annual reports before investing." },
  });
  expect(applied.ok()).toBe(true);
  await memberContext.close();

  await signIn(page, "admin");
  await page.goto("/admin/applications");
  await page.locator('header[data-hydrated="true"]').waitFor();
  const card = page.getByRole("row").filter({ hasText: MEMBER_NAME }).first();
  for (const name of [`Approve ${MEMBER_NAME}`, `Reject ${MEMBER_NAME}`]) await expectWithinWidth(page, card.getByRole("button", { name }));
  expect(await scrollsSideways(page)).toBe(false);

  await page.goto("/admin");
  await page.locator('header[data-hydrated="true"]').waitFor();
  const first = page.getByRole("table", { name: "Portfolio companies" }).getByRole("row").nth(1);
  await expectWithinWidth(page, first.getByRole("button", { name: /^Edit / }));
  await expectWithinWidth(page, first.getByRole("button", { name: /^Delete / }));
});

test("[admin] on a phone the screens' strip shows the current screen, in both languages @mobile", async ({ page, signIn }) => {
  await signIn(page, "admin");
  for (const [path, name] of [
    ["/admin/security", "Security"],
    ["/ar/admin/security", "الأمان"],
  ] as const) {
    await page.goto(path);
    await page.locator('header[data-hydrated="true"]').waitFor();
    await expect(page.locator('nav a[aria-current="page"]', { hasText: name })).toBeInViewport({ ratio: 1 });
    expect(await scrollsSideways(page)).toBe(false);
  }
});
