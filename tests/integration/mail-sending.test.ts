/**
 * How the e-mail queue talks to an SMTP server: over a few reused connections (SMTP_CONNECTIONS), each message sent
 * once, and a connection the server cuts mid-message costs only that message one recorded retry. A real SMTP server
 * on 127.0.0.1; both databases.
 */
import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { emailMessages } from "../../server/db/schema";
import type { OutgoingEmail } from "../../server/features/mail/mail";
import { contextWithMailbox, type TestContext } from "../helpers/context";
import type { SmtpServer } from "../helpers/smtp";

let ctx: TestContext | undefined;
let smtp: SmtpServer | undefined;
afterEach(async () => {
  await ctx?.close();
  await smtp?.close();
  ctx = smtp = undefined;
});

const message = (label: string, i: number): OutgoingEmail => ({
  kind: "alert",
  to: `${label}-${i}@subscribers.example`,
  locale: "en",
  headers: { "List-Unsubscribe": `<https://meridian.example/alerts/unsubscribe/${i}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  content: { subject: `Quarterly results ${i}`, html: `<p>Results ${i}</p>`, text: `Results ${i}` },
});

async function rowsOf(ids: number[]) {
  return ctx!.services.database.db.select().from(emailMessages).where(inArray(emailMessages.id, ids));
}

describe("[mail] sending over reused SMTP connections", () => {
  it("[mail] 40 messages written at once arrive once each over at most SMTP_CONNECTIONS connections, and are recorded as sent", async () => {
    ({ ctx, smtp } = await contextWithMailbox({ env: { SMTP_CONNECTIONS: "3" } }));
    const ids = await ctx.services.mail.enqueueAll(Array.from({ length: 40 }, (_, i) => message("burst", i)));
    await expect.poll(() => smtp!.received.length, { timeout: 20_000 }).toBe(40);
    await expect.poll(async () => (await rowsOf(ids)).filter((r) => r.status === "sent").length, { timeout: 10_000 }).toBe(40);

    const addresses = smtp.received.map((m) => m.to).sort();
    expect(addresses).toEqual(Array.from({ length: 40 }, (_, i) => `burst-${i}@subscribers.example`).sort());
    expect(smtp.connections).toBeGreaterThanOrEqual(1);
    expect(smtp.connections).toBeLessThanOrEqual(3);
    // Each message went once: one attempt, no error, the server's message id kept.
    for (const row of await rowsOf(ids)) expect(row).toMatchObject({ attempts: 1, lastError: null, status: "sent" });
    // The server's own headers go through the pool unchanged.
    const line = smtp.received[0].parsed.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line;
    expect(line).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("[mail] one connection carries many messages in turn: 12 messages, one connection, in the order written", async () => {
    ({ ctx, smtp } = await contextWithMailbox({ env: { SMTP_CONNECTIONS: "1" } }));
    await ctx.services.mail.enqueueAll(Array.from({ length: 12 }, (_, i) => message("serial", i)));
    await expect.poll(() => smtp!.received.length, { timeout: 20_000 }).toBe(12);
    expect(smtp.connections).toBe(1);
    expect(smtp.received.map((m) => m.subject)).toEqual(Array.from({ length: 12 }, (_, i) => `Quarterly results ${i}`));
  });

  it("[mail] the server cuts the connection mid-message: that message alone is tried again by the queue (its error recorded), and every message arrives once", async () => {
    ({ ctx, smtp } = await contextWithMailbox({ env: { SMTP_CONNECTIONS: "1" } }));
    // The first connection takes two messages, then goes silent and closes during the third.
    smtp.dropNextConnectionAfter(2);
    const ids = await ctx.services.mail.enqueueAll(Array.from({ length: 8 }, (_, i) => message("cut", i)));
    await expect.poll(async () => (await rowsOf(ids)).filter((r) => r.status === "sent").length, { timeout: 20_000 }).toBe(8);

    expect(smtp.received.map((m) => m.to).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `cut-${i}@subscribers.example`).sort());
    expect(smtp.connections).toBeGreaterThanOrEqual(2);
    const rows = (await rowsOf(ids)).sort((a, b) => a.id - b.id);
    // The cut message went back to the queue and was sent on its second attempt; the others needed one each.
    expect(rows[2].attempts).toBe(2);
    expect(rows.filter((r) => r.attempts === 1)).toHaveLength(7);
    expect(rows.every((r) => r.lastError === null)).toBe(true);
  });
});
