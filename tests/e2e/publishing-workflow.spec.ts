/**
 * The publishing workflow end to end, on a server of its own backed by PostgreSQL (so the test can reach into the
 * database as an intruder would): an admin writes a release in both languages in the editor and schedules it two
 * minutes ahead; a colleague who is not signed in opens a preview link; the release is on no public path until its
 * time and on all of them right after; an edit after publication shows as a correction; an earlier revision is
 * restored as a draft; the audit trail lists every step and its check passes, then fails once a row is altered in
 * the database.
 */
import type { APIRequestContext } from "@playwright/test";
import pg from "pg";
import { authenticatorApp, type AuthenticatorApp } from "../helpers/authenticator";
import { freshPostgres } from "../helpers/postgres";
import { E2E_ADMIN, expect, test, uid, openBrowser } from "./fixtures";
import { E2E_BASE_PORT, startServer, type E2EServer } from "./server";

const POSTGRES_ADMIN_URL = process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// Above the ports of the workers (base + n), their own servers (base + 5 + n) and the template's (base + 7).
const PORT = E2E_BASE_PORT + 15;

let server: E2EServer;
let database: Awaited<ReturnType<typeof freshPostgres>>;
let app: AuthenticatorApp;

/** Signs `api` in as the administrator of the workflow's server: password, then the app's code. */
async function signInAdmin(api: APIRequestContext) {
  const res = await api.post(`${server.baseURL}/api/login`, { data: E2E_ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
  if (!(await res.json()).twoFactorRequired) return;
  const second = await api.post(`${server.baseURL}/api/login/two-factor`, { data: { code: await app.next() } });
  expect(second.ok(), await second.text()).toBe(true);
}

/** One statement on the server's database, as someone with access to it (not through the application). */
async function sql(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Now plus `minutes`, as the wall-clock time in Cairo a schedule's field takes ('YYYY-MM-DDTHH:mm'). */
function cairoIn(minutes: number) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Africa/Cairo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/** What a visitor's browser finds of the release: on the home page, the press list, search, the feed and the API. */
async function publicSightings(api: APIRequestContext, id: number, word: string) {
  const base = server.baseURL;
  const [home, list, search, searchApi, rss, apiList, apiOne] = await Promise.all([
    api.get(`${base}/`),
    api.get(`${base}/press-releases`),
    api.get(`${base}/search?q=${word}`),
    api.get(`${base}/api/search?q=${word}`),
    api.get(`${base}/rss.xml`),
    api.get(`${base}/api/press-releases`),
    api.get(`${base}/api/press-releases/${id}`),
  ]);
  return {
    home: (await home.text()).includes(word),
    list: (await list.text()).includes(word),
    // The search page repeats the words searched for: a result is a link to the release.
    search: (await search.text()).includes(`/press-releases/${id}"`),
    searchApi: ((await searchApi.json()) as { press: { items: { id: number }[] } }).press.items.some((r) => r.id === id),
    rss: (await rss.text()).includes(word),
    api: ((await apiList.json()) as { id: number }[]).some((r) => r.id === id),
    detail: apiOne.status() === 200,
  };
}

const NOWHERE = { home: false, list: false, search: false, searchApi: false, rss: false, api: false, detail: false };
const EVERYWHERE = { home: true, list: true, search: true, searchApi: true, rss: true, api: true, detail: true };

test.describe("[workflow] a market-sensitive release from draft to correction", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    database = await freshPostgres(POSTGRES_ADMIN_URL, "e2e_workflow");
    server = await startServer(PORT, { env: { DATABASE_URL: database.url } });
    // The administrator sets up an authenticator app, as every admin must.
    const api = await playwright.request.newContext();
    try {
      const login = await api.post(`${server.baseURL}/api/login`, { data: E2E_ADMIN });
      expect(login.ok()).toBe(true);
      const { secret } = await (await api.post(`${server.baseURL}/api/account/two-factor/app`)).json();
      app = authenticatorApp(secret);
      const confirmed = await api.post(`${server.baseURL}/api/account/two-factor/app/confirm`, { data: { code: await app.toConfirm() } });
      expect(confirmed.ok(), await confirmed.text()).toBe(true);
    } finally {
      await api.dispose();
    }
  });

  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  test("write, schedule, preview, publish on time, correct, restore, audit", async ({ page, browser, playwright }) => {
    const word = `Zephyrine${uid()}`;
    const title = `Results for the third quarter ${word}`;
    const titleAr = `نتائج الربع الثالث ${word}`;
    await signInAdmin(page.request);
    // The home page shows the releases flagged for it: make room for this one among the seeded three.
    await sql("update press_releases set show_on_homepage = false");

    // 1. Written in both languages in the editor, saved and scheduled two minutes ahead (Cairo time).
    await page.goto(`${server.baseURL}/admin/press`);
    await page.getByRole("button", { name: "Add Press Release" }).click();
    const form = page.getByRole("dialog", { name: "Create New Press Release" });
    await form.getByLabel("Title", { exact: true }).fill(title);
    await form.getByLabel("Summary", { exact: true }).fill("Revenue grew in every sector; the board proposes an interim dividend.");
    await form.getByLabel("Title (Arabic)", { exact: true }).fill(titleAr);
    await form.getByLabel("Summary (Arabic)", { exact: true }).fill("نمت الإيرادات في كل القطاعات، ويقترح المجلس توزيع أرباح مرحلية.");
    await form.getByLabel("Sector", { exact: true }).selectOption("finance");
    await form.getByRole("switch", { name: "Show on Homepage" }).click();
    const english = form.getByRole("textbox", { name: "Content", exact: true });
    await english.click();
    await page.keyboard.type("Meridian Crest Holdings reports revenue of EGP 4.2 billion for the quarter, up 18 percent.");
    await form.getByRole("button", { name: "Bold" }).first().click();
    const arabic = form.getByRole("textbox", { name: "Content (Arabic)", exact: true });
    await arabic.click();
    await page.keyboard.type("أعلنت ميريديان كريست القابضة عن إيرادات بلغت 4.2 مليار جنيه للربع، بزيادة 18 في المئة.");
    await form.getByRole("button", { name: "Save and schedule…" }).click();

    const schedule = page.getByRole("dialog", { name: "Schedule publication" });
    await expect(schedule).toBeVisible();
    await schedule.getByLabel("Publish on (Cairo time)").fill(cairoIn(2));
    await expect(schedule.getByText(/It will go out on/)).toBeVisible();
    await schedule.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(schedule).toBeHidden();

    const [stored] = await sql("select id, publication, publish_at, schedule_zone, content, content_ar from press_releases where title = $1", [title]);
    expect(stored.publication).toBe("scheduled");
    expect(stored.schedule_zone).toBe("Africa/Cairo");
    expect(stored.content).toContain("EGP 4.2 billion");
    expect(stored.content_ar).toContain("4.2 مليار");
    const id = stored.id as number;
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row.getByText("Scheduled", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Scheduled publications" }).getByText(title)).toBeVisible();

    // 2. A preview link for a colleague without an account.
    await row.getByRole("button", { name: `Publication of “${title}”` }).click();
    await page.getByRole("menuitem", { name: "Preview and share…" }).click();
    const share = page.getByRole("dialog", { name: "Preview" });
    await share.getByRole("button", { name: "Create a link" }).click();
    const link = await share.getByRole("textbox", { name: "Preview link" }).inputValue();
    expect(link).toMatch(new RegExp(`^${server.baseURL}/(ar/)?preview/`));
    await page.keyboard.press("Escape");

    const colleague = await openBrowser(browser);
    const colleaguePage = await colleague.newPage();
    const previewAnswer = await colleaguePage.goto(link);
    expect(previewAnswer?.status()).toBe(200);
    expect(previewAnswer?.headers()["x-robots-tag"]).toContain("noindex");
    expect(previewAnswer?.headers()["cache-control"]).toContain("no-store");
    await expect(colleaguePage.getByRole("heading", { level: 1 })).toContainText(word);
    await expect(colleaguePage.getByText("EGP 4.2 billion", { exact: false })).toBeVisible();
    await colleague.close();

    // 3. Nowhere public before its time, as a visitor sees it.
    const visitor = await playwright.request.newContext();
    expect(await publicSightings(visitor, id, word)).toEqual(NOWHERE);

    // Two minutes of waiting, shortened: the due time moves to a few seconds from now, as if the clock had run on.
    await sql("update press_releases set publish_at = now() + interval '4 seconds' where id = $1", [id]);
    expect(await publicSightings(visitor, id, word)).toEqual(NOWHERE);
    await expect.poll(() => publicSightings(visitor, id, word), { timeout: 15_000, intervals: [500] }).toEqual(EVERYWHERE);
    const [published] = await sql("select publication, publish_lag_ms from press_releases where id = $1", [id]);
    expect(published.publication).toBe("published");
    expect(published.publish_lag_ms).toBeLessThan(5_000);

    // 4. An edit after publication is a correction, dated on the page with its note.
    await page.goto(`${server.baseURL}/admin/press`);
    await page
      .getByRole("row")
      .filter({ hasText: title })
      .getByRole("button", { name: `Edit “${title}”` })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit Press Release" });
    await edit.getByLabel("Summary", { exact: true }).fill("Revenue grew in every sector; the board proposes an interim dividend of EGP 0.40.");
    await edit.getByLabel("Correction note (public, optional)", { exact: true }).fill("The dividend per share was added.");
    await edit.getByRole("button", { name: "Update Press Release" }).click();
    await expect(edit).toBeHidden();
    const article = await visitor.get(`${server.baseURL}/press-releases/${id}`);
    const html = await article.text();
    expect(html).toContain("Updated on");
    expect(html).toContain("The dividend per share was added.");

    // 5. The first revision restored as a draft: off the site again.
    await page
      .getByRole("row")
      .filter({ hasText: title })
      .getByRole("button", { name: `Publication of “${title}”` })
      .click();
    await page.getByRole("menuitem", { name: "Revisions…" }).click();
    const revisions = page.getByRole("dialog", { name: "Revisions" });
    await revisions.getByRole("button", { name: "Restore revision 1 as a draft" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restore as draft" }).click();
    await expect(page.getByText("Revision #1 restored as a draft")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("row").filter({ hasText: title }).getByText("Draft", { exact: true })).toBeVisible();
    expect(await publicSightings(visitor, id, word)).toEqual(NOWHERE);
    await visitor.dispose();

    // 6. The audit trail shows every step; its check passes, and fails once a row is changed behind its back.
    await page.goto(`${server.baseURL}/admin/audit`);
    for (const action of [
      "Press release created",
      "Press release scheduled",
      "Press release published",
      "Press release edited",
      "Press release restored from a revision (as a draft)",
    ]) {
      await expect(page.getByRole("row").filter({ hasText: action }).first()).toBeVisible();
    }
    const published2 = page.getByRole("row").filter({ hasText: "Press release published" }).first();
    await expect(published2).toContainText("System");
    await expect(page.getByRole("status").filter({ hasText: /Chain intact: \d+ events verified/ })).toBeVisible();

    const [edited] = await sql("select id from audit_events where action = 'press.update' order by id desc limit 1");
    await sql(`update audit_events set actor_email = 'someone.else@example.test' where id = $1`, [edited.id]);
    await page.reload();
    await expect(page.getByRole("alert").filter({ hasText: `Tampering detected at event #${edited.id}` })).toBeVisible();
  });
});
