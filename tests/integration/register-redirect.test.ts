/**
 * Where a registrant was going (the portal, from its sign-in guard or 'Apply for investor access') travels in the
 * confirmation e-mail's link, so confirming and signing in ends there. Only a path on this site is carried.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, contextWithMailbox, type TestContext } from "../helpers/context";
import { linkIn, type SmtpServer } from "../helpers/smtp";

const ORIGIN = "https://www.meridian.test";
let ctx: TestContext;
let smtp: SmtpServer;

beforeAll(async () => {
  ({ ctx, smtp } = await contextWithMailbox({ env: { PUBLIC_ORIGIN: ORIGIN }, services: { evenAnswerMs: 0 } }));
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

let n = 0;
const address = () => `redirect-${++n}-${Math.random().toString(36).slice(2, 7)}@example.test`;
const register = (email: string, redirect?: unknown, headers?: Record<string, string>) =>
  new Client(ctx.baseUrl).post("/api/register", { email, fullName: "Layla Hassan", password: "correct horse battery", redirect }, headers);
/** The confirmation link of the mail sent to `email`. */
const confirmationLink = async (email: string) => {
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.kind === "verify-email");
  const link = linkIn(mail, `${ORIGIN}/`);
  expect(mail.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
  return new URL(link);
};

describe("[accounts] the confirmation link keeps where the registrant was going", () => {
  it("a path on this site is carried in the link, beside the token", async () => {
    const email = address();
    expect((await register(email, "/investor-portal")).status).toBe(202);
    const link = await confirmationLink(email);
    expect(link.pathname).toBe("/verify-email");
    expect([...link.searchParams.keys()]).toEqual(["token", "redirect"]);
    expect(link.searchParams.get("redirect")).toBe("/investor-portal");
    expect(link.search).toMatch(/^\?token=[A-Za-z0-9_-]{43}&redirect=%2Finvestor-portal$/);
  });

  it("in Arabic the link opens the Arabic page and keeps the Arabic path", async () => {
    const email = address();
    expect((await register(email, "/ar/investor-portal", { "Accept-Language": "ar" })).status).toBe(202);
    const link = await confirmationLink(email);
    expect(link.pathname).toBe("/ar/verify-email");
    expect(link.searchParams.get("redirect")).toBe("/ar/investor-portal");
  });

  it("without a redirect, or with the home page, the link carries only the token", async () => {
    for (const redirect of [undefined, "/"]) {
      const email = address();
      expect((await register(email, redirect)).status).toBe(202);
      expect([...(await confirmationLink(email)).searchParams.keys()]).toEqual(["token"]);
    }
  });

  it.each(["//evil.example", "https://evil.example/portal", "/\\evil.example", "/.//evil.example", "javascript:alert(1)", "investor-portal"])(
    "%j is not a path on this site: the registration goes through, the link leaves it out",
    async (redirect) => {
      const email = address();
      expect((await register(email, redirect)).status).toBe(202);
      const link = await confirmationLink(email);
      expect([...link.searchParams.keys()]).toEqual(["token"]);
      expect(link.href).not.toContain("evil");
    },
  );

  it("a redirect longer than any path is refused with the form's message, and nothing is sent", async () => {
    const email = address();
    const res = await register(email, `/${"a".repeat(2048)}`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "VALIDATION", errors: { redirect: "This return address is too long." } });
    expect(await ctx.services.users.byEmail(email)).toBeFalsy();
  });
});
