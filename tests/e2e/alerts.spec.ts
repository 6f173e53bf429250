import { linkIn } from "../helpers/smtp";
import { E2E_ADMIN, adminLogin, expect, test, uid } from "./fixtures";

// The test adds calendar events and releases: it runs on a server of its own.
test.use({ freshServer: true });

test("[alerts] an Arabic visitor subscribes, confirms with the button, sees the calendar with Hijri dates, gets alerts in Arabic and unsubscribes from one", async ({
  page,
  playwright,
  mailbox,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "one run covers the flow; the phone layout is in the screenshots");
  // The admin of this test's own server.
  const adminApi = await playwright.request.newContext({ baseURL });
  await adminLogin(adminApi, baseURL!, E2E_ADMIN);
  const email = `investor-${uid()}@e2e.test`;
  await page.goto("/ar/investors#alerts");
  const form = page.getByRole("form", { name: "الاشتراك في تنبيهات المستثمرين" });
  await form.getByLabel("البريد الإلكتروني").fill(email);
  await form.getByRole("checkbox", { name: "جميع الفئات" }).check();
  await form.getByRole("checkbox", { name: "المواعيد الجديدة والتذكيرات" }).check();
  await form.getByRole("button", { name: "اشترك" }).click();
  await expect(page.getByText("شكرًا لك. إن كان بإمكان هذا العنوان تلقي تنبيهاتنا فقد أرسلنا إليه رسالة")).toBeVisible();

  // The confirmation link opens a page that confirms only when its button is pressed.
  const confirmation = await mailbox.waitFor((m) => m.to.includes(email) && m.kind === "alert-confirm");
  expect(confirmation.subject).toContain("أكِّد اشتراكك");
  await page.goto(linkIn(confirmation, `${baseURL}/ar/alerts/confirm?token=`));
  await expect(page.getByRole("heading", { name: "تأكيد الاشتراك", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "تأكيد اشتراكي" }).click();
  await expect(page.getByText("تم تأكيد اشتراكك.")).toBeVisible();

  // An event added in the dashboard: on the investors page with its Umm al-Qura date, and e-mailed in Arabic.
  const title = `Capital markets day ${uid()}`;
  const titleAr = `يوم أسواق المال ${uid()}`;
  const created = await adminApi.post("/api/admin/calendar", { data: { kind: "other", date: "2030-03-10", time: "10:00", title, titleAr } });
  expect(created.status()).toBe(201);
  const eventMail = await mailbox.waitFor((m) => m.to.includes(email) && m.subject === `المفكرة المالية: ${titleAr}`, 20_000);
  expect(eventMail.text).toContain("5 ذو القعدة 1451 هـ");
  await page.goto("/ar/investors#calendar");
  const event = page.getByRole("listitem").filter({ hasText: titleAr });
  await expect(event).toContainText("10 مارس 2030");
  await expect(event).toContainText("5 ذو القعدة 1451 هـ");
  await page.screenshot({ path: testInfo.outputPath("investors-calendar-ar.png"), fullPage: true });

  // A release published in the dashboard: one alert, in Arabic, with the unsubscribe headers.
  const release = await adminApi.post("/api/press-releases", {
    data: {
      title: `Quarterly results ${uid()}`,
      summary: "A summary that is long enough to pass validation.",
      content: "<p>This is the body of a test press release. It has more than fifty characters.</p>",
      date: "2026-11-27",
      company: "BravoPay",
      sector: "finance",
      category: "Financial Results",
      image: "/uploads/bravopay.webp",
      featured: false,
      showOnHomepage: false,
      companyLogo: null,
      titleAr: "نتائج الربع الثالث",
      summaryAr: "ملخص تجريبي طويل بما يكفي لاجتياز التحقق.",
      contentAr: "<p>هذا هو نص بيان صحفي تجريبي، وهو أطول من خمسين حرفًا بما يكفي لاجتياز التحقق.</p>",
      publication: "published",
    },
  });
  expect(release.status()).toBe(201);
  const alert = await mailbox.waitFor((m) => m.to.includes(email) && m.kind === "alert-press", 20_000);
  expect(alert.subject).toBe("بيان صحفي: نتائج الربع الثالث");
  expect(alert.parsed.headerLines.some((h) => h.key === "list-unsubscribe-post")).toBe(true);

  // The alert's 'Unsubscribe' link opens the preferences page with its confirmation asked at once: one press stops it all.
  const unsubscribeLink = /href="([^"]*\/ar\/alerts\/preferences\?token=[^"]*&amp;unsubscribe=1)"/.exec(alert.html)![1].replace(/&amp;/g, "&");
  await page.goto(unsubscribeLink);
  await expect(page.getByRole("heading", { name: /هل تريد إلغاء اشتراك/ })).toContainText(email);
  await page.getByRole("button", { name: "نعم، ألغِ الاشتراك" }).click();
  await expect(page.getByRole("heading", { name: "تم إلغاء اشتراكك" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("preferences-unsubscribed-ar.png"), fullPage: true });
  await adminApi.dispose();
});
