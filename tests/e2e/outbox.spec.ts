import { expect, test, uid } from "./fixtures";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.40" } });

test("[outbox] a contact message reaches the company's address; the admin reads it in the Outbox", async ({ page, signIn, mailbox }) => {
  const subject = `Warehouse partnership ${uid()}`;
  const sent = await page.request.post("/api/contact", {
    data: { fullName: "Sara Ali", email: "sara@example.test", subject, message: "We operate cold storage in Alexandria." },
  });
  expect(sent.status()).toBe(201);
  const mail = await mailbox.waitFor((m) => m.subject === `New contact message: ${subject}`);
  expect(mail.to).toBe("contact@meridiancrest.example");
  expect(mail.replyTo).toBe("sara@example.test");

  await signIn(page, "admin");
  await page.goto("/admin/outbox");
  await expect(page.getByRole("heading", { name: "Outbox" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row.getByText("Sent")).toBeVisible();
  await row.getByRole("button", { name: `Read “New contact message: ${subject}”` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("We operate cold storage in Alexandria.")).toBeVisible();
  await expect(dialog.getByText("contact@meridiancrest.example")).toBeVisible();
});

test("[outbox] the Outbox in Arabic on a phone @mobile", async ({ page, signIn, mailbox }) => {
  const subject = `شراكة في التخزين ${uid()}`;
  await page.request.post("/api/contact", { data: { fullName: "سارة علي", email: "sara@example.test", subject, message: "نشغّل مخازن مبردة في الإسكندرية." } });
  await mailbox.waitFor((m) => m.subject.includes(subject));
  await signIn(page, "admin");
  await page.goto("/ar/admin/outbox");
  await expect(page.getByRole("heading", { name: "صندوق الصادر" })).toBeVisible();
  await expect(page.getByText(subject)).toBeVisible();
  await expect(page.getByText("أُرسلت").first()).toBeVisible();
  await page.screenshot({ path: "test-results/outbox-ar-phone.png", fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
