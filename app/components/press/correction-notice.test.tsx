import type * as React from "react";
import { renderToString as renderBare } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/provider";
import type { Locale } from "../../../shared/i18n/locales";
import { namespacesFor } from "../../../shared/i18n/namespaces";
import { catalog } from "../../../server/i18n";
import { CorrectionNotice } from "./correction-notice";

const CATALOGS = { en: catalog("en", namespacesFor("/press-releases/1")), ar: catalog("ar", namespacesFor("/ar/press-releases/1")) };
const render = (node: React.ReactNode, locale: Locale) =>
  renderBare(
    <I18nProvider locale={locale} messages={CATALOGS[locale]}>
      {node}
    </I18nProvider>,
  );
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("[revisions] the release page's correction notice", () => {
  it("[revisions] 'Updated on' the day in Cairo the server gives (late evening UTC is already the next day there), with the note", () => {
    const html = render(<CorrectionNotice correctedAt="2026-11-26T23:30:00.000Z" correctedOn="2026-11-27" note="The revenue figure was corrected." />, "en");
    expect(text(html)).toContain("Updated on November 27, 2026");
    expect(text(html)).toContain("The revenue figure was corrected.");
    expect(html).toMatch(/<time dateTime="2026-11-26T23:30:00.000Z"/i);
  });

  it("[revisions] in Arabic, with Western digits; an English note on an Arabic page keeps its language", () => {
    const ar = text(render(<CorrectionNotice correctedAt="2026-11-26T23:30:00.000Z" correctedOn="2026-11-27" note="صُحِّح رقم الإيرادات." />, "ar"));
    expect(ar).toContain("حُدِّث في 27 نوفمبر 2026");
    expect(ar).toContain("صُحِّح رقم الإيرادات.");
    expect(render(<CorrectionNotice correctedAt="2026-11-26T10:00:00.000Z" correctedOn="2026-11-26" note="In English" lang="en" dir="ltr" />, "ar")).toContain(
      'lang="en" dir="ltr"',
    );
  });

  it("[revisions] nothing at all for a release never corrected; no note line without a note", () => {
    expect(render(<CorrectionNotice correctedAt={null} correctedOn={null} note="x" />, "en")).toBe("");
    expect(render(<CorrectionNotice correctedAt="2026-11-26T10:00:00.000Z" correctedOn="2026-11-26" />, "en")).not.toContain("<p lang");
  });
});
