import { expect, test } from "./fixtures";

/**
 * What Chromium's DevTools "Issues" panel lists for a page (Lighthouse's best-practices audit fails on several of
 * them): a script that tries eval under the Content-Security-Policy, even when it catches the refusal; a lazy image
 * without explicit dimensions; a blocked resource.
 */
test("[browser] the public pages log no DevTools issues: no CSP refusal, no lazy image without dimensions", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  let issues: string[] = [];
  cdp.on("Audits.issueAdded", ({ issue }) => issues.push(`${issue.code} ${JSON.stringify(issue.details).slice(0, 200)}`));
  await cdp.send("Audits.enable");
  for (const path of ["/", "/press-releases", "/auth"]) {
    issues = [];
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(issues, path).toEqual([]);
  }
});
