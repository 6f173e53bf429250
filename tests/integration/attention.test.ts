/** What needs an admin's attention: pending applications, unread contact messages and failed e-mails, counted. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages } from "../../server/db/schema";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";

let ctx: TestContext;
let admin: Client;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, "admin")).client;
});
afterAll(() => ctx.close());

const application = { company: "Nile Family Office", position: "Director", motivation: "We co-invest in logistics.", investmentInterests: "Logistics" };
const message = (n: number) => ({
  fullName: `Sender ${n}`,
  email: `sender${n}@example.com`,
  subject: `Question ${n}`,
  message: "When is the next results call?",
});
const failedEmail = (n: number) => ({
  kind: "contact-received",
  toAddress: `x${n}@example.com`,
  locale: "en",
  subject: "Hello",
  status: "failed" as const,
  attempts: 5,
});

describe("[admin] what needs attention", () => {
  it("[admin] counts pending applications, unread inbox messages and failed e-mails, and each falls as it is handled", async () => {
    expect((await admin.get("/api/admin/attention")).json).toEqual({ pendingApplications: 0, unreadMessages: 0, failedEmails: 0 });

    const applicants = await Promise.all([0, 1, 2].map(() => signedInClient(ctx, "regular")));
    for (const { client } of applicants) expect((await client.post("/api/investor-applications", application)).status).toBe(201);
    const sent = [];
    for (const n of [1, 2, 3]) sent.push(await ctx.services.contact.submit(message(n)));
    await ctx.services.database.db
      .insert(emailMessages)
      .values([failedEmail(1), { ...failedEmail(2), status: "sent" }, { ...failedEmail(3), status: "queued" }]);

    // One message already read: only two are unread.
    expect((await admin.patch(`/api/admin/contact-messages/${sent[0]!.id}`, { read: true })).status).toBe(200);
    const res = await admin.get("/api/admin/attention");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ pendingApplications: 3, unreadMessages: 2, failedEmails: 1 });

    const ids = ((await admin.get("/api/admin/investor-applications")).json as { id: number }[]).map((a) => a.id);
    expect((await admin.post(`/api/admin/investor-applications/${ids[0]}/approve`, {})).status).toBe(200);
    expect((await admin.post(`/api/admin/investor-applications/${ids[1]}/reject`, {})).status).toBe(200);
    expect((await admin.patch(`/api/admin/contact-messages/${sent[1]!.id}`, { read: true })).status).toBe(200);
    // An archived message is out of the inbox, read or not.
    expect((await admin.patch(`/api/admin/contact-messages/${sent[2]!.id}`, { archived: true })).status).toBe(200);
    expect((await admin.get("/api/admin/attention")).json).toEqual({ pendingApplications: 1, unreadMessages: 0, failedEmails: 1 });
  });

  it("[admin] only admins may read the counts", async () => {
    expect((await new Client(ctx.baseUrl).get("/api/admin/attention")).status).toBe(401);
    const { client } = await signedInClient(ctx, "investor");
    expect((await client.get("/api/admin/attention")).status).toBe(403);
  });
});
