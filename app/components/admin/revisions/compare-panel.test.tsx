import type * as React from "react";
import { renderToString as renderBare } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/provider";
import type { Locale } from "../../../../shared/i18n/locales";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { catalog } from "../../../../server/i18n";
import { wordDiff } from "../../../../shared/revision-diff";
import type { RevisionRow } from "../../../../shared/api/revisions";
import { ComparePanel } from "./compare-panel";
import { DiffText } from "./diff-view";

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };
const render = (node: React.ReactNode, locale: Locale = "en") =>
  renderBare(
    <I18nProvider locale={locale} messages={CATALOGS[locale]}>
      {node}
    </I18nProvider>,
  );

const revision = (number: number, texts: Record<string, string | null>): RevisionRow => ({
  entity: "press",
  entityId: 7,
  number,
  actorId: 1,
  actorEmail: "admin@example.test",
  reason: null,
  createdAt: "2026-11-27T08:00:00.000Z",
  texts: { title: null, displayTitle: null, summary: null, content: null, titleAr: null, displayTitleAr: null, summaryAr: null, contentAr: null, ...texts },
});

describe("[revisions] the comparison of two revisions", () => {
  it("[revisions] removals in <del> on the older side, additions in <ins> on the newer, each with a hidden word; unchanged fields say so", () => {
    const older = revision(1, { title: "Results for the first half", summary: "Same summary", content: "<p>Revenue rose <b>10%</b>.</p>" });
    const newer = revision(2, { title: "Record results for the first half", summary: "Same summary", content: "<p>Revenue rose <b>12%</b>.</p>" });
    const html = render(<ComparePanel entity="press" older={older} newer={newer} />);
    expect(html).toMatch(/<ins[^>]*><span class="sr-only">Added: <\/span>Record/);
    expect(html).toMatch(/<del[^>]*><span class="sr-only">Removed: <\/span>10/);
    expect(html).toMatch(/<ins[^>]*><span class="sr-only">Added: <\/span>12/);
    // The HTML is compared as text: no tags of the release's own reach the comparison.
    expect(html).not.toContain("&lt;b&gt;");
    expect(html).not.toContain("<b>");
    expect(html).toContain("Unchanged");
    expect(html).toContain("#1 (older)");
    expect(html).toContain("#2 (newer)");
  });

  it("[revisions] Arabic text is marked right to left, and the words are whole", () => {
    const html = render(<DiffText parts={wordDiff("أعلنت الشركة اليوم", "أعلنت الشركة أمس", "ar")} side="newer" lang="ar" />, "ar");
    expect(html).toContain('lang="ar"');
    expect(html).toContain('dir="rtl"');
    expect(html).toMatch(/<ins[^>]*><span class="sr-only">مضاف: <\/span>أمس<\/ins>/);
  });
});
