/**
 * The Outbox shows an admin what the site wrote, not a way into other people's accounts: a reset, confirmation or
 * change-of-address link is shown with its token masked, in the HTML and in the text. The stored message (what the
 * queue sends) keeps the real link, and that link works.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages } from "../../server/db/schema";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";

const MASKED = "••••••";
let ctx: TestContext;
let admin: Client;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_ORIGIN: "https://www.meridian.test" } });
  admin = (await signedInClient(ctx, "admin")).client;
});
afterAll(() => ctx?.close());

/** The newest stored message of `kind` to `to`, as the queue would send it. */
async function stored(kind: string, to: string) {
  const [row] = await ctx.services.database.db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.kind, kind), eq(emailMessages.toAddress, to)))
    .orderBy(desc(emailMessages.id))
    .limit(1);
  expect(row, `no ${kind} e-mail to ${to}`).toBeDefined();
  return row;
}

const tokenIn = (text: string, page: string) => new RegExp(`https://www\\.meridian\\.test/${page}\\?token=([\\w-]+)`).exec(text)?.[1];

/** What the admin reads for the message, checked for a masked link to `page` and no trace of `token`. */
async function expectMasked(id: number, page: string, token: string) {
  const link = `https://www.meridian.test/${page}?token=${MASKED}`;
  const one = await admin.get(`/api/admin/outbox/${id}`);
  expect(one.status).toBe(200);
  expect(one.json.textBody).toContain(link);
  expect(one.json.html).toContain(`href="${link}"`);
  expect(one.text).not.toContain(token);
  const list = await admin.get("/api/admin/outbox");
  expect(list.text).not.toContain(token);
}

describe("[outbox] links that carry a token are shown masked", () => {
  it("a confirmation link of a registration", async () => {
    const email = `masked-${Date.now()}@example.test`;
    expect((await new Client(ctx.baseUrl).post("/api/register", { email, fullName: "Mask Me", password: "long enough password" })).status).toBe(202);
    const row = await stored("verify-email", email);
    const token = tokenIn(row.textBody!, "verify-email")!;
    expect(token).toHaveLength(43);
    expect(row.html).toContain(`https://www.meridian.test/verify-email?token=${token}`);
    await expectMasked(row.id, "verify-email", token);
  });

  it("a reset link: masked for the admin, real in the message, and it works", async () => {
    const { email, password } = await signedInClient(ctx, "regular");
    expect((await new Client(ctx.baseUrl).post("/api/password-reset", { email })).status).toBe(202);
    const row = await stored("password-reset", email!);
    const token = tokenIn(row.textBody!, "reset-password")!;
    expect(token).toHaveLength(43);
    await expectMasked(row.id, "reset-password", token);
    // The masked link is no link at all; the real one, which is sent, still resets the password.
    const masked = await new Client(ctx.baseUrl).post("/api/password-reset/confirm", { token: MASKED, password: "a new long password" });
    expect(masked.status).toBe(400);
    const used = await new Client(ctx.baseUrl).post("/api/password-reset/confirm", { token, password: "a new long password" });
    expect(used.status).toBe(200);
    expect((await new Client(ctx.baseUrl).post("/api/login", { email, password })).status).toBe(401);
  });

  it("a change-of-address link", async () => {
    const { client, password } = await signedInClient(ctx, "regular");
    const newEmail = `moved-${Date.now()}@example.test`;
    const asked = await client.post("/api/account/email", { newEmail, currentPassword: password });
    expect(asked.status, asked.text).toBe(202);
    const row = await stored("email-change-confirm", newEmail);
    const token = tokenIn(row.textBody!, "confirm-email")!;
    expect(token).toHaveLength(43);
    await expectMasked(row.id, "confirm-email", token);
  });

  it("a message without a link is shown as written", async () => {
    const sent = await new Client(ctx.baseUrl).post("/api/contact", {
      fullName: "Sara Ali",
      email: "sara@example.test",
      subject: "Hello",
      message: "Please call.",
    });
    expect(sent.status).toBe(201);
    const row = await stored("contact-received", "contact@meridiancrest.example");
    const one = await admin.get(`/api/admin/outbox/${row.id}`);
    expect(one.json.textBody).toBe(row.textBody);
    expect(one.json.html).toBe(row.html);
  });
});
