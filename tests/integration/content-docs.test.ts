/**
 * Releases written before the editor are converted to its documents: every seeded release (HTML only) gets a
 * document in each language it has, the stored HTML is the render of that document, no word changes, the audit
 * trail records the system's conversion, and a second run has nothing left to do. HTML the editor cannot hold (an
 * http: link) stays as it is, and the release is named.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, pressReleases } from "../../server/db/schema";
import { renderDoc } from "../../server/lib/rich-text";
import { htmlToDoc, textOf } from "../../server/lib/html-to-doc";
import { convertContentDocs } from "../../server/features/content/content-docs";
import { pressReleaseSchema } from "../../shared/schemas";
import { createTestContext, type TestContext } from "../helpers/context";
import { pressBody } from "../helpers/factories";

let ctx: TestContext;
const db = () => ctx.services.database.db;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
});
afterAll(() => ctx.close());

describe("[editor] releases written before the editor", () => {
  it("keeps headings, lists, links, quotations and tables", () => {
    const html =
      '<h2>Results</h2><p>Revenue of <strong>EGP 4.2 bn</strong>, see <a href="https://example.com/r" rel="noopener">the report</a>.</p>' +
      "<ul><li>Logistics</li><li>Energy <em>up</em></li></ul><blockquote><p>A quotation</p></blockquote>" +
      "<table><tbody><tr><th>Year</th><th>Revenue</th></tr><tr><td>2026</td><td>4.2</td></tr></tbody></table>";
    const result = htmlToDoc(html, "en");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const types = JSON.stringify(result.doc);
    for (const type of ["heading", "bold", "link", "bulletList", "italic", "blockquote", "table", "tableHeader", "tableCell"])
      expect(types).toContain(`"${type}"`);
    expect(result.html).toContain('<a href="https://example.com/r">the report</a>');
    expect(textOf(result.html)).toBe(textOf(html));
    // The document is one the dashboard could have sent: the server renders it the same way.
    expect(renderDoc(result.doc, "en")).toBe(result.html);
  });

  it("refuses what the editor cannot hold instead of changing it", () => {
    const result = htmlToDoc('<p>See <a href="http://example.com/old">the old site</a> for the archive of earlier results.</p>', "en");
    expect(result).toEqual({ ok: false, reason: "a link or an image the editor cannot hold" });
  });

  it("converts every seeded release in both languages without changing a word, once, recorded as the system's", async () => {
    const kept = await ctx.services.press.create(
      pressReleaseSchema.parse(
        pressBody({ content: '<p>The archive of earlier results is on <a href="http://example.com/old">the old site</a>, kept as it was.</p>' }),
      ),
    );
    // The seed gives its demo releases their documents; as releases written before the editor, they have none.
    const seeded = await db().select().from(pressReleases);
    expect(seeded.filter((r) => r.id !== kept.id).every((r) => r.contentDoc !== null && (r.contentAr === null || r.contentArDoc !== null))).toBe(true);
    await db().update(pressReleases).set({ contentDoc: null, contentArDoc: null });
    const before = await db().select().from(pressReleases);

    const result = await convertContentDocs({ db: db(), audit: ctx.services.audit });
    expect(result.kept).toEqual([{ id: kept.id, reason: expect.any(String) }]);
    expect(result.converted.sort((a, b) => a - b)).toEqual(
      before
        .map((r) => r.id)
        .filter((id) => id !== kept.id)
        .sort((a, b) => a - b),
    );

    const after = await db().select().from(pressReleases);
    for (const row of after) {
      const old = before.find((r) => r.id === row.id)!;
      if (row.id === kept.id) {
        expect(row.contentDoc).toBeNull();
        expect(row.content).toBe(old.content);
        continue;
      }
      expect(row.contentDoc).not.toBeNull();
      expect(row.content).toBe(renderDoc(row.contentDoc, "en"));
      expect(textOf(row.content)).toBe(textOf(old.content));
      if (old.contentAr) {
        expect(row.contentAr).toBe(renderDoc(row.contentArDoc, "ar"));
        expect(textOf(row.contentAr!)).toBe(textOf(old.contentAr));
        expect(row.contentArDoc).toMatchObject({ type: "doc" });
      }
      // Not an edit: the modification time stays.
      expect(row.updatedAt.toISOString()).toBe(old.updatedAt.toISOString());
    }

    const [{ count }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "press.convert"), isNull(auditEvents.actorId)));
    expect(count).toBe(result.converted.length);

    const again = await convertContentDocs({ db: db(), audit: ctx.services.audit });
    expect(again.converted).toEqual([]);
    expect(again.kept.map((k) => k.id)).toEqual([kept.id]);
  });

  it("a converted release's page reads the same", async () => {
    const [row] = await db().select().from(pressReleases).where(eq(pressReleases.publication, "published")).limit(1);
    const res = await fetch(`${ctx.baseUrl}/api/press-releases/${row.id}`);
    expect(((await res.json()) as { content: string }).content).toBe(row.content);
  });
});
