/**
 * The documents table's access at a glance: a badge for each rule beyond Public / Investor Only, in both languages,
 * and the version once the file was replaced.
 */
import type * as React from "react";
import { renderToString as renderBare } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider, useT } from "~/i18n/provider";
import type { Locale } from "../../../../shared/i18n/locales";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { catalog } from "../../../../server/i18n";
import { AccessBadges, VersionBadge, type AccessState } from "./access-badges";
import { formatDuration } from "./reading-format";

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };
const text = (node: React.ReactNode, locale: Locale = "en") =>
  renderBare(
    <I18nProvider locale={locale} messages={CATALOGS[locale]}>
      {node}
    </I18nProvider>,
  )
    .replace(/<[^>]+>/g, "|")
    .split("|")
    .map((s) => s.replace(/&#x27;/g, "'").trim())
    .filter(Boolean);

const plain: AccessState = { restricted: false, expiresAt: null, downloadMode: "original", requiresConfidentiality: false, revokedAt: null, archivedAt: null };
const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-30T21:59:00.000Z`;

describe("[admin] a document's access at a glance", () => {
  it("[admin] nothing for a plain document; one badge per rule otherwise", () => {
    expect(text(<AccessBadges doc={plain} />)).toEqual([]);
    expect(
      text(
        <AccessBadges
          doc={{ ...plain, restricted: true, expiresAt: NEXT_YEAR, downloadMode: "none", requiresConfidentiality: true, revokedAt: "2026-11-27T08:00:00.000Z" }}
          grantCount={3}
        />,
      ),
    ).toEqual(["Revoked", `Expires Jul 1, ${new Date().getUTCFullYear() + 1}`, "Restricted (3 investors)", "View only", "Needs confidentiality"]);
    expect(text(<AccessBadges doc={{ ...plain, restricted: true, archivedAt: "2026-11-27T08:00:00.000Z", downloadMode: "stamped" }} grantCount={1} />)).toEqual(
      ["Archived", "Restricted (1 investor)", "Stamped download"],
    );
    expect(text(<AccessBadges doc={{ ...plain, expiresAt: "2020-01-01T00:00:00.000Z" }} />)).toEqual(["Expired"]);
    expect(text(<AccessBadges doc={{ ...plain, restricted: true }} />)).toEqual(["Restricted"]);
    expect(text(<AccessBadges doc={{ ...plain, pageText: true }} />)).toEqual([]);
    expect(text(<AccessBadges doc={{ ...plain, downloadMode: "none", pageText: false }} />)).toEqual(["View only", "No page text"]);
    expect(text(<AccessBadges doc={{ ...plain, pageText: false }} />, "ar")).toEqual(["بلا نص للصفحات"]);
  });

  it("[admin] the same in Arabic", () => {
    expect(text(<AccessBadges doc={{ ...plain, restricted: true, downloadMode: "none", requiresConfidentiality: true }} grantCount={3} />, "ar")).toEqual([
      "مقيّدة (3 مستثمرين)",
      "للعرض فقط",
      "تتطلب قبول السرية",
    ]);
    expect(text(<AccessBadges doc={{ ...plain, expiresAt: "2020-01-01T00:00:00.000Z", archivedAt: "2026-11-27T08:00:00.000Z" }} />, "ar")).toEqual([
      "مؤرشفة",
      "منتهية الصلاحية",
    ]);
  });

  it("[admin] 'v3' once the file was replaced (read as 'Version 3'); nothing for the first file", () => {
    expect(text(<VersionBadge version={1} />)).toEqual([]);
    expect(text(<VersionBadge version={3} />)).toEqual(["v3", "Version 3"]);
  });
});

/** A reading time as the dialogs write it. */
function Duration({ ms }: { ms: number }) {
  return <span>{formatDuration(ms, useT())}</span>;
}

describe("[admin] reading times", () => {
  it("[admin] '4 min 12 s' in English, in words in Arabic, hours past the hour", () => {
    const en = (ms: number) => text(<Duration ms={ms} />)[0];
    const ar = (ms: number) => text(<Duration ms={ms} />, "ar")[0];
    expect(en(0)).toBe("0 s");
    expect(en(45_400)).toBe("45 s");
    expect(en(252_000)).toBe("4 min 12 s");
    expect(en(240_000)).toBe("4 min");
    expect(en(3_723_000)).toBe("1 h 2 min");
    expect(en(7_200_000)).toBe("2 h");
    expect(ar(252_000)).toBe("4 دقائق و12 ثانية");
    expect(ar(61_000)).toBe("دقيقة وثانية");
    expect(ar(125_000)).toBe("دقيقتان و5 ثوانٍ");
    expect(ar(3_000)).toBe("3 ثوانٍ");
    expect(ar(3_723_000)).toBe("ساعة ودقيقتان");
  });
});
