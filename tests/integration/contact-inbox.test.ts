/**
 * The admin's contact inbox: read and unread, archive and restore, delete, and a CSV export a spreadsheet
 * opens safely. Only admins reach any of it (401 anonymous, 403 other roles).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions } from "../../server/db/schema";
import { csvCell } from "../../server/lib/csv";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { contactMessageRow } from "../helpers/factories";

const NOT_SIGNED_IN = "You need to sign in to do that.";
const NOT_ALLOWED = "You do not have permission to do that.";

let ctx: TestContext;
let admin: Client;
const others = {} as Record<"anonymous" | "regular" | "investor", Client>;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, "admin")).client;
  for (const role of ["anonymous", "regular", "investor"] as const) others[role] = (await signedInClient(ctx, role)).client;
});
afterAll(() => ctx.close());

const db = () => ctx.services.database.db;

/** Stores a message directly (the public form is rate limited per address; these tests are about the inbox). */
async function received(over: Partial<typeof contactSubmissions.$inferInsert> = {}) {
  const [row] = await db()
    .insert(contactSubmissions)
    .values(contactMessageRow({ subject: `Inbox test ${++n}`, ...over }))
    .returning();
  return row;
}
const rowOf = async (id: number) => (await db().select().from(contactSubmissions).where(eq(contactSubmissions.id, id)))[0];
const listed = async (view?: string) => {
  const res = await admin.get(`/api/contact?limit=200${view ? `&view=${view}` : ""}`);
  expect(res.status).toBe(200);
  return { headers: res.headers, json: res.json as Array<{ id: number; subject: string; readAt: string | null; archivedAt: string | null }> };
};

describe("[contact] inbox states", () => {
  it("a new message is unread and in the inbox; the list says so and counts the unread", async () => {
    const row = await received();
    const res = await listed();
    const item = res.json.find((r) => r.id === row.id)!;
    expect(item).toMatchObject({ readAt: null, archivedAt: null, subject: row.subject, createdAt: row.submittedAt.toISOString() });
    expect(item).not.toHaveProperty("ipAddress");
    expect(Number(res.headers.get("x-unread-count"))).toBeGreaterThanOrEqual(1);
  });

  it("marking read stores when, keeps the first time on a repeat, and unread clears it", async () => {
    const row = await received();
    const before = Number((await listed()).headers.get("x-unread-count"));
    const read = await admin.patch(`/api/admin/contact-messages/${row.id}`, { read: true });
    expect(read.status).toBe(200);
    expect(read.json.readAt).toEqual(expect.any(String));
    expect(Number((await listed()).headers.get("x-unread-count"))).toBe(before - 1);
    const firstRead = (await rowOf(row.id)).readAt;
    await admin.patch(`/api/admin/contact-messages/${row.id}`, { read: true });
    expect((await rowOf(row.id)).readAt).toEqual(firstRead);
    const unread = await admin.patch(`/api/admin/contact-messages/${row.id}`, { read: false });
    expect(unread.json.readAt).toBeNull();
    expect((await rowOf(row.id)).readAt).toBeNull();
  });

  it("opening one message (GET /api/admin/contact-messages/:id) shows all of it", async () => {
    const text = "Line one of a long message.\n\nLine two, with the rest of what the sender wrote. ".repeat(20);
    const row = await received({ message: text });
    const res = await admin.get(`/api/admin/contact-messages/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(text);
  });

  it("archiving moves a message from the inbox to the archive; restoring moves it back", async () => {
    const row = await received();
    expect((await admin.patch(`/api/admin/contact-messages/${row.id}`, { archived: true })).json.archivedAt).toEqual(expect.any(String));
    expect((await listed()).json.some((r) => r.id === row.id)).toBe(false);
    const archived = await listed("archived");
    expect(archived.json.some((r) => r.id === row.id)).toBe(true);
    expect(Number(archived.headers.get("x-total-count"))).toBe(archived.json.length);
    await admin.patch(`/api/admin/contact-messages/${row.id}`, { archived: false });
    expect((await listed()).json.some((r) => r.id === row.id)).toBe(true);
    expect((await listed("archived")).json.some((r) => r.id === row.id)).toBe(false);
  });

  it("delete removes the message for good; a second delete is 404", async () => {
    const row = await received();
    const res = await admin.delete(`/api/admin/contact-messages/${row.id}`);
    expect(res.status).toBe(204);
    expect(await rowOf(row.id)).toBeUndefined();
    const again = await admin.delete(`/api/admin/contact-messages/${row.id}`);
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ message: "Message not found", code: "NOT_FOUND" });
  });

  it.each([
    ["an empty change", {}, "Nothing to change: send read or archived"],
    ["a string for read", { read: "yes" }, "read must be true or false"],
    ["an unknown field", { read: true, deleted: true }, undefined],
  ])("a PATCH with %s is a 400 and changes nothing", async (_label, body, message) => {
    const row = await received();
    const res = await admin.patch(`/api/admin/contact-messages/${row.id}`, body);
    expect(res.status).toBe(400);
    if (message) expect(res.json.message).toBe(message);
    expect(await rowOf(row.id)).toMatchObject({ readAt: null, archivedAt: null });
  });

  it("unknown or malformed ids are 404; an unknown view is 400", async () => {
    for (const id of ["999999", "abc", "1e3", "0"]) {
      expect((await admin.patch(`/api/admin/contact-messages/${id}`, { read: true })).status, id).toBe(404);
      expect((await admin.delete(`/api/admin/contact-messages/${id}`)).status, id).toBe(404);
    }
    expect((await admin.get("/api/contact?view=trash")).status).toBe(400);
    expect((await admin.get("/api/admin/contact-messages/export.csv?view=trash")).status).toBe(400);
  });
});

describe("[contact] CSV export", () => {
  it("exports the view with a BOM, CRLF rows, quoting, Arabic intact and formulas defused", async () => {
    const prefix = `Export ${++n}`;
    await received({ subject: `${prefix} plain`, fullName: "Omar Farouk", message: "Plain message text here." });
    await received({
      subject: `${prefix} tricky`,
      fullName: '=HYPERLINK("http://evil.example","Click")',
      email: "omar@example.test",
      message: 'He said "hello", then\nleft.',
    });
    await received({ subject: `${prefix} arabic`, fullName: "ليلى حسن", message: "نود مناقشة شراكة في مجال الخدمات اللوجستية." });
    await received({ subject: `${prefix} signs`, fullName: "+20 100 555 0101", message: "-5% @everyone" });
    const hidden = await received({ subject: `${prefix} archived`, archivedAt: new Date() });

    const res = await fetch(`${ctx.baseUrl}/api/admin/contact-messages/export.csv`, { headers: { Cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contact-submissions-inbox-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
    expect(text.startsWith("Date,Name,Email,Subject,Message,Read,Archived\r\n")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text).toContain(`,Omar Farouk,laila@example.test,${prefix} plain,Plain message text here.,No,No\r\n`);
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",omar@example.test,${prefix} tricky,"He said ""hello"", then\nleft.",No,No\r\n`);
    expect(text).toContain(`,ليلى حسن,laila@example.test,${prefix} arabic,نود مناقشة شراكة في مجال الخدمات اللوجستية.,No,No`);
    expect(text).toContain(`,'+20 100 555 0101,laila@example.test,${prefix} signs,'-5% @everyone,No,No`);
    expect(text).not.toContain(hidden.subject);

    const archived = await (await fetch(`${ctx.baseUrl}/api/admin/contact-messages/export.csv?view=archived`, { headers: { Cookie: admin.cookie } })).text();
    expect(archived).toContain(`${hidden.subject},We would like to discuss a co-investment.,No,Yes`);
    expect(archived).not.toContain(`${prefix} plain`);

    // From an Arabic page (the link says lang=ar): the columns and yes/no in Arabic, the date still ISO 8601.
    const arabic = await (
      await fetch(`${ctx.baseUrl}/api/admin/contact-messages/export.csv?view=archived&lang=ar`, { headers: { Cookie: admin.cookie } })
    ).text();
    expect(arabic.startsWith("التاريخ,الاسم,البريد الإلكتروني,الموضوع,الرسالة,مقروءة,مؤرشفة\r\n")).toBe(true);
    expect(arabic).toMatch(new RegExp(`\\d{4}-\\d{2}-\\d{2}T[^,]+,[^,]+,[^,]+,${hidden.subject},We would like to discuss a co-investment\\.,لا,نعم\r\n`));
  });

  it("exports every message of a large inbox, newest first", async () => {
    const prefix = `Bulk ${++n}`;
    await db()
      .insert(contactSubmissions)
      .values(
        Array.from({ length: 1234 }, (_, i) =>
          contactMessageRow({
            fullName: "Bulk Sender",
            email: "bulk@example.test",
            subject: `${prefix} ${String(i).padStart(4, "0")}`,
            message: "A message in a large inbox.",
          }),
        ),
      );
    const text = await (await fetch(`${ctx.baseUrl}/api/admin/contact-messages/export.csv`, { headers: { Cookie: admin.cookie } })).text();
    const subjects = text
      .split("\r\n")
      .map((line) => line.split(",")[3])
      .filter((s) => s?.startsWith(prefix));
    expect(subjects).toHaveLength(1234);
    expect(subjects[0]).toBe(`${prefix} 1233`);
    expect(subjects.at(-1)).toBe(`${prefix} 0000`);
  });

  it("csvCell: quotes only when needed and guards every formula start", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell(" padded ")).toBe('" padded "');
    expect(csvCell("line\r\nbreak")).toBe('"line\r\nbreak"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}1+1`).replace(/^"/, "").startsWith(`'${start}`)).toBe(true);
    expect(csvCell(null)).toBe("");
    expect(csvCell(-5)).toBe("-5");
  });
});

describe("[contact] only admins", () => {
  it.each(["anonymous", "regular", "investor"] as const)("%s: every inbox call is refused and nothing changes", async (role) => {
    const row = await received();
    const client = others[role];
    const status = role === "anonymous" ? 401 : 403;
    const message = role === "anonymous" ? NOT_SIGNED_IN : NOT_ALLOWED;
    const code = role === "anonymous" ? "UNAUTHORIZED" : "FORBIDDEN";
    for (const res of [
      await client.get("/api/contact"),
      await client.get("/api/contact?view=archived"),
      await client.get(`/api/admin/contact-messages/${row.id}`),
      await client.get("/api/admin/contact-messages/export.csv"),
      await client.patch(`/api/admin/contact-messages/${row.id}`, { read: true, archived: true }),
      await client.delete(`/api/admin/contact-messages/${row.id}`),
    ]) {
      expect(res.status).toBe(status);
      expect(res.json).toEqual({ message, code });
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    }
    expect(await rowOf(row.id)).toMatchObject({ readAt: null, archivedAt: null });
  });
});
