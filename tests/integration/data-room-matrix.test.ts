/**
 * The data room's access rules, checked on every endpoint that serves anything of a document: role x document
 * state x endpoint. Each role opens its own view of each document while it may still read it; then the document is
 * put in its state, and every endpoint is asked again, the old view's page addresses included. Public paths (the
 * investors page, search) are checked too, so nothing of an expired, revoked or archived document leaks anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closePdfTools } from "../../server/lib/pdf-render";
import { postMultipart } from "../fixtures/files";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { makePdf } from "../helpers/pdf";

type Role = "anonymous" | "regular" | "investor" | "otherInvestor" | "admin";
const ROLES: Role[] = ["anonymous", "regular", "investor", "otherInvestor", "admin"];
type State = "public" | "investorOnly" | "restricted" | "expired" | "revoked" | "archived" | "replaced";
const STATES: State[] = ["public", "investorOnly", "restricted", "expired", "revoked", "archived", "replaced"];

/** Who may reach a document in each state (directly: download, viewer). Expired, revoked and archived start Public. */
const REACHES: Record<State, Role[]> = {
  public: ["regular", "investor", "otherInvestor", "admin"],
  investorOnly: ["investor", "otherInvestor", "admin"],
  restricted: ["investor", "admin"],
  expired: ["admin"],
  revoked: ["admin"],
  archived: ["admin"],
  replaced: ["investor", "otherInvestor", "admin"],
};
/** States whose documents are in no library (admins reach them from the dashboard only). */
const OUT_OF_LIBRARY: State[] = ["expired", "revoked", "archived"];

type View = { viewId: string; pages: { image: string; text: string }[] };
type Target = { id: number; word: string; views: Partial<Record<Role, View>> };

let ctx: TestContext;
const clients = {} as Record<Role, Client>;
let investorId: number;
const targets = {} as Record<State, Target>;

async function upload(word: string, isPublic: boolean) {
  const res = await postMultipart(clients.admin, "/api/admin/documents", {
    file: { data: await makePdf(2, word), name: `${word}.pdf`, type: "application/pdf" },
    fields: { title: `Matrix ${word}`, isPublic: String(isPublic) },
  });
  expect(res.status).toBe(201);
  return res.json as { id: number; updatedAt: string };
}

async function setAccess(id: number, rules: Record<string, unknown>) {
  const res = await clients.admin.put(`/api/admin/documents/${id}/access`, {
    restricted: false,
    expiresAt: null,
    downloadMode: "original",
    requiresConfidentiality: false,
    ...rules,
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ROLES) {
    const signed = await signedInClient(ctx, role === "otherInvestor" ? "investor" : role);
    clients[role] = signed.client;
    if (role === "investor") investorId = signed.user!.id;
  }
  for (const state of STATES) {
    const word = `zq${state.toLowerCase()}${Math.random().toString(36).slice(2, 6)}`;
    const startsPublic = ["public", "expired", "revoked", "archived"].includes(state);
    const doc = await upload(word, startsPublic);
    const target: Target = { id: doc.id, word, views: {} };
    if (state === "restricted") {
      await setAccess(doc.id, { restricted: true });
      await clients.admin.put(`/api/admin/documents/${doc.id}/grants`, { userIds: [investorId] });
    }
    // Every role that may read it before its state is applied opens a view of its own.
    for (const role of ROLES) {
      if (role === "anonymous") continue;
      const res = await clients[role].post(`/api/documents/${doc.id}/views`);
      if (res.status === 201) target.views[role] = res.json as View;
    }
    if (state === "expired") await setAccess(doc.id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    if (state === "revoked") await clients.admin.post(`/api/admin/documents/${doc.id}/revoke`);
    if (state === "archived") await clients.admin.post(`/api/admin/documents/${doc.id}/archive`);
    if (state === "replaced") {
      await setAccess(doc.id, {});
      const res = await postMultipart(clients.admin, `/api/admin/documents/${doc.id}/versions`, {
        file: { data: await makePdf(3, word), name: `${word} v2.pdf`, type: "application/pdf" },
      });
      expect(res.status).toBe(201);
    }
    targets[state] = target;
  }
  await ctx.services.publication.step();
});
afterAll(async () => {
  await ctx.close();
  closePdfTools();
});

const reaches = (role: Role, state: State) => REACHES[state].includes(role);
/** A signed-in role's view opened before the state was applied (the investor's for anonymous, to try it without a session). */
const oldView = (role: Role, state: State) => targets[state].views[role === "anonymous" ? "investor" : role] ?? targets[state].views.admin!;

describe("[data room matrix] role x state x endpoint", () => {
  for (const state of STATES) {
    for (const role of ROLES) {
      const may = reaches(role, state);
      const client = () => clients[role];
      const t = () => targets[state];

      it(`[data room matrix] ${state} as ${role}: library list`, async () => {
        const res = await client().get("/api/documents");
        if (role === "anonymous") return expect(res.status).toBe(401);
        const listed = res.json.some((d: { id: number }) => d.id === t().id);
        expect(listed).toBe(may && !OUT_OF_LIBRARY.includes(state));
      });

      it(`[data room matrix] ${state} as ${role}: site search`, async () => {
        const res = await client().get(`/api/search?q=${t().word}`);
        expect(res.status).toBe(200);
        const found = res.json.documents.items.some((d: { id: number }) => d.id === t().id);
        const visible = role === "anonymous" ? state === "public" : may && !OUT_OF_LIBRARY.includes(state);
        expect(found).toBe(visible);
      });

      it(`[data room matrix] ${state} as ${role}: download`, async () => {
        const res = await client().get(`/api/documents/${t().id}/download`);
        expect(res.status).toBe(role === "anonymous" ? 401 : may ? 200 : 404);
      });

      it(`[data room matrix] ${state} as ${role}: opening the viewer`, async () => {
        const res = await client().post(`/api/documents/${t().id}/views`);
        expect(res.status).toBe(role === "anonymous" ? 401 : may ? 201 : 404);
      });

      // The view a role opened before the change (none: the role could never read it; it tries the admin's).
      const hadView = () => Boolean(targets[state].views[role === "anonymous" ? "investor" : role]);
      const oldStatus = () => {
        if (role === "anonymous") return 401;
        if (!hadView()) return 404;
        if (!may) return 404;
        return state === "replaced" ? 410 : 200;
      };

      it(`[data room matrix] ${state} as ${role}: the old view's fresh addresses`, async () => {
        const res = await client().get(`/api/document-views/${oldView(role, state).viewId}`);
        expect(res.status).toBe(oldStatus());
      });

      it(`[data room matrix] ${state} as ${role}: the old view's page image`, async () => {
        const res = await fetch(ctx.baseUrl + oldView(role, state).pages[0].image, { headers: client().cookie ? { Cookie: client().cookie } : {} });
        expect(res.status).toBe(oldStatus());
        if (res.status === 200) expect(res.headers.get("content-type")).toBe("image/webp");
      });

      it(`[data room matrix] ${state} as ${role}: the old view's page text`, async () => {
        const res = await client().get(oldView(role, state).pages[0].text);
        expect(res.status).toBe(oldStatus());
      });

      it(`[data room matrix] ${state} as ${role}: a reading report on the old view`, async () => {
        const res = await client().post(`/api/document-views/${oldView(role, state).viewId}/reading`, { pages: [{ page: 1, ms: 500 }] });
        // Reading time of a replaced version still counts: it is what the reader read.
        const expected = role === "anonymous" ? 401 : !hadView() || !may ? 404 : 204;
        expect(res.status).toBe(expected);
      });

      it(`[data room matrix] ${state} as ${role}: someone else's view id`, async () => {
        const someoneElse = role === "investor" ? targets[state].views.admin : targets[state].views.investor;
        if (!someoneElse) return; // nobody else opened this one
        const res = await client().get(`/api/document-views/${someoneElse.viewId}`);
        expect(res.status).toBe(role === "anonymous" ? 401 : 404);
        const page = await fetch(ctx.baseUrl + someoneElse.pages[0].image, { headers: client().cookie ? { Cookie: client().cookie } : {} });
        expect(page.status).toBe(role === "anonymous" ? 401 : 404);
      });
    }
  }
});

describe("[data room matrix] what pages are given", () => {
  // The investors page shows documents.latestPublic, the portal documents.listFor(user): the rule is theirs.
  it("[data room matrix] the investors page's latest reports have the Public document and nothing expired, revoked or archived", async () => {
    for (const locale of ["en", "ar"] as const) {
      const ids = (await ctx.services.documents.latestPublic(100, { locale })).map((d) => d.id);
      expect(ids).toContain(targets.public.id);
      for (const state of [...OUT_OF_LIBRARY, "investorOnly", "restricted"] as const) expect(ids).not.toContain(targets[state].id);
    }
  });

  it("[data room matrix] the portal's library gives each investor what they may read, nothing more", async () => {
    const users = await ctx.services.database.db.query.users.findMany();
    const investor = users.find((u) => u.id === investorId)!;
    const other = users.find((u) => u.role === "investor" && u.id !== investorId)!;
    const listed = async (u: typeof investor) =>
      (await ctx.services.documents.listFor({ ...u, secondFactor: false, secondFactorProved: false } as never)).map((d) => d.id);
    const mine = await listed(investor);
    const theirs = await listed(other);
    expect(mine).toContain(targets.restricted.id);
    expect(theirs).not.toContain(targets.restricted.id);
    for (const state of OUT_OF_LIBRARY) {
      expect(mine).not.toContain(targets[state].id);
      expect(theirs).not.toContain(targets[state].id);
    }
  });
});
