/** Without an SMTP server, every e-mail is kept ('held') and readable in the Outbox; nothing is dropped or sent. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it("[outbox] without SMTP_URL a registration's confirmation and a contact notice are kept, with their text, for admins", async () => {
  const email = `held-${Date.now()}@example.test`;
  expect((await new Client(ctx.baseUrl).post("/api/register", { email, fullName: "Held Person", password: "long enough password" })).status).toBe(202);
  const contact = await new Client(ctx.baseUrl).post("/api/contact", {
    fullName: "Sara Ali",
    email: "sara@example.test",
    subject: "Kept",
    message: "Please call me back.",
  });
  expect(contact.status).toBe(201);
  const { client: admin } = await signedInClient(ctx, "admin");
  const list = await admin.get("/api/admin/outbox");
  expect(list.json.sending).toBe(false);
  // How long a message stays once no longer waiting (MAIL_KEEP_DAYS, 90 unless set).
  expect(list.json.keepDays).toBe(90);
  // (The admin's own 'two-factor sign-in was turned on' notice is there too.)
  const ofKind = (kind: string) => list.json.messages.find((m: { kind: string }) => m.kind === kind);
  const [notice, confirmation] = [ofKind("contact-received"), ofKind("verify-email")];
  expect(notice).toMatchObject({
    kind: "contact-received",
    status: "held",
    toAddress: "contact@meridiancrest.example",
    subject: "New contact message: Kept",
    attempts: 0,
  });
  expect(confirmation).toMatchObject({ kind: "verify-email", status: "held", toAddress: email, sentAt: null });
  const full = await admin.get(`/api/admin/outbox/${confirmation.id}`);
  expect(full.json.textBody).toContain("http://localhost:3000/verify-email?token=");
  expect(full.json.html).toContain("Confirm my address");
  // Still held a moment later: nothing tries to send it.
  await new Promise((r) => setTimeout(r, 300));
  expect((await admin.get(`/api/admin/outbox/${confirmation.id}`)).json).toMatchObject({ status: "held", attempts: 0 });
});
