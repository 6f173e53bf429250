// @vitest-environment happy-dom
/**
 * The reading analytics' heat strip: one cell per page whose colour follows its time, each with its words
 * ('Page 3: 1 min 5 s, 4 readers') for screen readers and as its title, in both languages; the table alternative;
 * and the dialog's figures.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DocumentReading } from "../../../../shared/api/data-room";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { catalog } from "../../../../server/i18n";
import { HeatStrip, heatShare, PageTable } from "./heat-strip";
import { DocumentReadingView } from "./reading-dialog";
import { cleanUp, renderIn } from "./test-render";

vi.mock("~/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };
const pages = [
  { page: 1, totalMs: 252_000, readers: 5 },
  { page: 2, totalMs: 0, readers: 0 },
  { page: 3, totalMs: 65_000, readers: 4 },
  { page: 4, totalMs: 1_000, readers: 1 },
];

afterEach(cleanUp);

const cells = () => [...document.querySelectorAll("ol > li")];

describe("[admin] the heat strip of a document's pages", () => {
  it("[admin] one cell per page, each named in words, darker for more time, an unread page blank", async () => {
    await renderIn(<HeatStrip pages={pages} />, CATALOGS.en);
    expect(document.querySelector("ol")?.getAttribute("aria-label")).toBe("Time on screen per page");
    expect(cells().map((c) => c.textContent)).toEqual([
      "Page 1: 4 min 12 s, 5 readers",
      "Page 2: 0 s, 0 readers",
      "Page 3: 1 min 5 s, 4 readers",
      "Page 4: 1 s, 1 reader",
    ]);
    expect(cells().map((c) => c.getAttribute("title"))).toEqual(cells().map((c) => c.textContent));
    const shares = cells().map((c) => Number(c.getAttribute("data-share")));
    expect(shares[0]).toBe(1);
    expect(shares[1]).toBe(0);
    expect(shares[2]).toBeGreaterThan(shares[3]);
    expect(shares[3]).toBeGreaterThan(0);
    expect(heatShare(0, 100)).toBe(0);
  });

  it("[admin] the same words in Arabic", async () => {
    await renderIn(<HeatStrip pages={pages} />, CATALOGS.ar, "ar", "/ar/admin");
    expect(cells().map((c) => c.textContent)).toEqual([
      "الصفحة 1: 4 دقائق و12 ثانية، 5 قرّاء",
      "الصفحة 2: 0 ثانية، بلا قرّاء",
      "الصفحة 3: دقيقة و5 ثوانٍ، 4 قرّاء",
      "الصفحة 4: ثانية واحدة، قارئ واحد",
    ]);
  });

  it("[admin] the table alternative lists page, time and readers", async () => {
    await renderIn(<PageTable pages={pages} />, CATALOGS.en);
    const rows = [...document.querySelectorAll("tbody tr")].map((r) => [...r.children].map((c) => c.textContent));
    expect(rows[0]).toEqual(["1", "4 min 12 s", "5"]);
    expect(rows[2]).toEqual(["3", "1 min 5 s", "4"]);
  });

  it("[admin] the dialog's figures: readers, views, downloads, total and median time, completion, and the CSV export", async () => {
    const reading: DocumentReading = {
      documentId: 7,
      title: "Board pack",
      pageCount: 4,
      readers: 3,
      views: 5,
      downloads: 2,
      totalMs: 3_723_000,
      medianMs: 252_000,
      completion: 2 / 3,
      pages,
      viewList: [
        {
          viewId: "K7Q2-M9XD",
          kind: "view",
          version: 2,
          startedAt: "2026-11-27T08:00:00.000Z",
          lastSeenAt: "2026-11-27T08:04:00.000Z",
          visibleMs: 252_000,
          pagesRead: 3,
          pageCount: 4,
          userId: 11,
          email: "laila@investor.test",
          fullName: "Laila Mansour",
        },
        {
          viewId: "A1B2-C3D4",
          kind: "download",
          version: 2,
          startedAt: "2026-11-27T07:00:00.000Z",
          lastSeenAt: "2026-11-27T07:00:00.000Z",
          visibleMs: 0,
          pagesRead: 0,
          pageCount: null,
          userId: 12,
          email: "omar@investor.test",
          fullName: null,
        },
      ],
    };
    await renderIn(<DocumentReadingView reading={reading} />, CATALOGS.en);
    const figures = Object.fromEntries(
      [...document.querySelectorAll("dl > div")].map((d) => [d.querySelector("dt")?.textContent, d.querySelector("dd")?.textContent]),
    );
    expect(figures).toEqual({
      Readers: "3",
      Views: "5",
      Downloads: "2",
      "Total time": "1 h 2 min",
      "Median per reader": "4 min 12 s",
      "Read to the end": "67%",
    });
    const views = [...document.querySelectorAll("section")[1].querySelectorAll("tbody tr")];
    expect(views[0].textContent).toContain("Laila Mansour");
    expect(views[0].textContent).toContain("3 of 4 pages read");
    expect(views[0].textContent).toContain("K7Q2-M9XD");
    expect(views[1].textContent).toContain("Download");
    expect(document.querySelector("a[download]")?.getAttribute("href")).toBe("/api/admin/documents/7/reading.csv");
  });
});
