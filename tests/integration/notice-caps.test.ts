/**
 * Notices that someone other than the recipient can cause (registering an address that has an account, asking to
 * move an account to an address) reach one address at most 3 times an hour per kind, whoever asks and from wherever;
 * the answer stays the same, so it never tells whether the address has an account. And mail to an address that is
 * not (yet) proved to be the sender's own carries no text the sender chose. Received by a real SMTP server.
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages } from "../../server/db/schema";
import { Client, contextWithMailbox, type TestContext } from "../helpers/context";
import { userInput } from "../helpers/factories";
import type { SmtpServer } from "../helpers/smtp";

const ORIGIN = "https://www.meridian.test";
const PASSWORD = "the right password";
/** A name and company chosen to make a mail read like a message from the company's staff. */
const LURE = { fullName: "IT Support — visit evil.example", company: "evil.example Security Desk" };
let ctx: TestContext;
let smtp: SmtpServer;

beforeAll(async () => {
  // Behind a proxy, so requests can come from many visitor addresses (X-Forwarded-For).
  ({ ctx, smtp } = await contextWithMailbox({ env: { PUBLIC_ORIGIN: ORIGIN, TRUST_PROXY: "true" } }));
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const db = () => ctx.services.database.db;
let n = 0;
const address = (label: string) => `${label}-${++n}-${Math.random().toString(36).slice(2, 7)}@example.test`;
const visitor = (i: number) => ({ "X-Forwarded-For": `198.51.100.${i}` });

/** Waits until every message queued to `addresses` has been sent, then answers what each received. */
async function delivered(...addresses: string[]) {
  for (let tries = 0; ; tries++) {
    const rows = await db().select().from(emailMessages).where(inArray(emailMessages.toAddress, addresses));
    if (rows.every((r) => r.status === "sent") && smtp.received.filter((m) => addresses.some((a) => m.to.includes(a))).length >= rows.length) break;
    if (tries > 200) throw new Error(`not delivered: ${JSON.stringify(rows.map((r) => [r.toAddress, r.status]))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Object.fromEntries(addresses.map((a) => [a, smtp.to(a)]));
}

/** A confirmed member signed in through the API. */
async function member(fullName = "Layla Hassan", ip = 1) {
  const email = address("member");
  const user = await ctx.services.users.create(userInput({ email, password: PASSWORD, fullName, isVerified: true }));
  const client = new Client(ctx.baseUrl);
  expect((await client.post("/api/login", { email, password: PASSWORD }, visitor(ip))).status).toBe(200);
  return { user, email, client };
}

/** What an answer shows a caller: status, body and every header but the date. */
const shown = (res: { status: number; json: unknown; headers: Headers }) => ({
  status: res.status,
  json: res.json,
  headers: [...res.headers].filter(([name]) => !["date", "content-length", "etag", "server-timing", "x-request-id"].includes(name)).map(([name]) => name),
});

describe("[mail] notices to one address are capped", () => {
  it("[mail] 24 registrations of an address that has an account, from 12 visitor addresses, send its owner 3 'You already have an account' e-mails, and every answer is the same as for a new address", async () => {
    const owner = address("owner");
    await ctx.services.users.create(userInput({ email: owner, password: PASSWORD, fullName: "Omar Farouk", isVerified: true }));
    const answers = [];
    for (let i = 0; i < 24; i++) {
      answers.push(
        await new Client(ctx.baseUrl).post("/api/register", { email: owner, fullName: `Someone ${i}`, password: "attacker password" }, visitor(10 + (i % 12))),
      );
    }
    const fresh = await new Client(ctx.baseUrl).post("/api/register", { email: address("fresh"), fullName: "New Person", password: PASSWORD }, visitor(30));
    for (const answer of answers) expect(shown(answer)).toEqual(shown(fresh));

    const received = (await delivered(owner))[owner];
    expect(received.map((m) => m.kind)).toEqual(["account-exists", "account-exists", "account-exists"]);
  });

  it("[mail] 3 accounts asking 5 times each to move to an address that has an account send its owner 3 'Your address was entered for another account' e-mails; the answers match an address without an account", async () => {
    const owner = address("taken");
    await ctx.services.users.create(userInput({ email: owner, password: PASSWORD, fullName: "Omar Farouk", isVerified: true }));
    const askers = [await member("Asker One", 41), await member("Asker Two", 42), await member("Asker Three", 43)];
    for (const [i, asker] of askers.entries()) {
      for (let k = 0; k < 5; k++) {
        const taken = await asker.client.post("/api/account/email", { newEmail: owner, currentPassword: PASSWORD }, visitor(41 + i));
        expect(taken.status).toBe(202);
        expect(taken.json.pending).toEqual({ newEmail: owner });
      }
    }
    const received = await delivered(owner, ...askers.map((a) => a.email));
    expect(received[owner].map((m) => m.kind)).toEqual(["email-in-use", "email-in-use", "email-in-use"]);
    // Each asker's own address is told of each request it made (its owner asked; they are not capped).
    for (const asker of askers) expect(received[asker.email].filter((m) => m.kind === "email-change-requested")).toHaveLength(5);

    // A free address gets at most 3 confirmation links an hour too, however many accounts ask.
    const free = address("free");
    for (let i = 0; i < 5; i++) {
      const asker = await member(`Mover ${i}`, 50 + i);
      const res = await asker.client.post("/api/account/email", { newEmail: free, currentPassword: PASSWORD }, visitor(50 + i));
      expect(res.status).toBe(202);
      expect(res.json.pending).toEqual({ newEmail: free });
    }
    const toFree = (await delivered(free))[free];
    expect(toFree.map((m) => m.kind)).toEqual(["email-change-confirm", "email-change-confirm", "email-change-confirm"]);
  });

  it("[mail] the cap is per address and kind: another address, and the owner's own password reset, still get theirs", async () => {
    const owner = address("capped");
    const other = address("other");
    for (const email of [owner, other]) await ctx.services.users.create(userInput({ email, password: PASSWORD, fullName: "Omar Farouk", isVerified: true }));
    for (let i = 0; i < 5; i++) {
      const res = await new Client(ctx.baseUrl).post("/api/register", { email: owner, fullName: "Someone Else", password: PASSWORD }, visitor(60 + i));
      expect(res.status, res.text).toBe(202);
    }
    await new Client(ctx.baseUrl).post("/api/register", { email: other, fullName: "Someone Else", password: PASSWORD }, visitor(70));
    expect((await new Client(ctx.baseUrl).post("/api/password-reset", { email: owner }, visitor(71))).status).toBe(202);
    const received = await delivered(owner, other);
    expect(received[owner].filter((m) => m.kind === "account-exists")).toHaveLength(3);
    expect(received[owner].filter((m) => m.kind === "password-reset")).toHaveLength(1);
    expect(received[other].map((m) => m.kind)).toEqual(["account-exists"]);
  });
});

describe("[mail] no sender-chosen text in mail to someone else", () => {
  it("[mail] registering someone's address with a lure as name and company: the confirmation e-mail, a reset and a second registration carry none of it", async () => {
    const victim = address("victim");
    const res = await new Client(ctx.baseUrl).post("/api/register", { email: victim, password: PASSWORD, ...LURE }, visitor(80));
    expect(res.status).toBe(202);
    expect((await new Client(ctx.baseUrl).post("/api/password-reset", { email: victim }, visitor(81))).status).toBe(202);
    await new Client(ctx.baseUrl).post("/api/register", { email: victim, password: PASSWORD, fullName: "Another Lure evil.example" }, visitor(82));
    const received = (await delivered(victim))[victim];
    expect(received.map((m) => m.kind).sort()).toEqual(["account-exists", "password-reset", "verify-email"]);
    for (const mail of received) {
      for (const text of [mail.subject, mail.text, mail.html]) {
        expect(text).not.toContain("evil.example");
        expect(text).not.toContain("IT Support");
      }
      expect(mail.text).toContain("Hello,");
    }
  });

  it("[mail] asking to move an account named as a lure to another address: neither the link's recipient nor the address's owner reads the name", async () => {
    const { email, client } = await member(LURE.fullName, 90);
    const free = address("newhome");
    const owner = address("owned");
    await ctx.services.users.create(userInput({ email: owner, password: PASSWORD, fullName: "Omar Farouk", isVerified: true }));
    expect((await client.post("/api/account/email", { newEmail: free, currentPassword: PASSWORD }, visitor(90))).status).toBe(202);
    expect((await client.post("/api/account/email", { newEmail: owner, currentPassword: PASSWORD }, visitor(90))).status).toBe(202);
    const received = await delivered(free, owner, email);
    expect(received[free].map((m) => m.kind)).toEqual(["email-change-confirm"]);
    expect(received[owner].map((m) => m.kind)).toEqual(["email-in-use"]);
    for (const mail of [...received[free], ...received[owner]]) {
      for (const text of [mail.subject, mail.text, mail.html]) {
        expect(text).not.toContain("evil.example");
        expect(text).not.toContain("IT Support");
      }
    }
    expect(received[free][0].text).toContain("Hello,");
    // The owner of the address is greeted by their own name; the asker's own address, by theirs.
    expect(received[owner][0].text).toContain("Hello Omar Farouk,");
    expect(received[email].every((m) => m.text.includes(`Hello ${LURE.fullName},`))).toBe(true);
  });
});
