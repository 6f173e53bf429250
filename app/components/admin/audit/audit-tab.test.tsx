import type * as React from "react";
import { renderToString as renderBare } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider, useT } from "~/i18n/provider";
import type { Locale } from "../../../../shared/i18n/locales";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { changeText } from "../../../../shared/audit-text";
import { catalog, translate } from "../../../../server/i18n";
import { AuditChange } from "./audit-columns";
import { VerificationBanner } from "./verification-banner";

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };

const renderToString = (node: React.ReactNode, locale: Locale) =>
  renderBare(
    <I18nProvider locale={locale} messages={CATALOGS[locale]}>
      {node}
    </I18nProvider>,
  );

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");
const result = { anchorId: 0, headId: 1234, headHash: "a".repeat(64) };

function Change(props: Omit<React.ComponentProps<typeof AuditChange>, "t">) {
  return <AuditChange t={useT()} {...props} />;
}

describe("[admin] the audit trail's verification banner", () => {
  it("[admin] says the chain is intact and how many events were checked, in both languages with Western digits", () => {
    const ok = { status: "done", result: { ...result, ok: true, count: 1234, broken: null } } as const;
    expect(text(renderToString(<VerificationBanner state={ok} onCheck={() => {}} />, "en"))).toContain("Chain intact: 1,234 events verified");
    const ar = text(renderToString(<VerificationBanner state={ok} onCheck={() => {}} />, "ar"));
    expect(ar).toContain("السلسلة سليمة: تم التحقق من 1,234 حدث");
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
  });

  it("[admin] a broken chain is an alert naming the event and what is wrong", () => {
    const broken = { status: "done", result: { ...result, ok: false, count: 11, broken: { id: 12, problem: "hash-mismatch" } } } as const;
    const html = renderToString(<VerificationBanner state={broken} onCheck={() => {}} />, "en");
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain("Tampering detected at event #12: its content was changed after it was recorded.");
    expect(text(renderToString(<VerificationBanner state={broken} onCheck={() => {}} />, "ar"))).toContain("رُصد عبث عند الحدث رقم 12: عُدّل محتواه بعد تسجيله.");
    const seal = { status: "done", result: { ...result, ok: false, count: 0, broken: { id: null, problem: "state-seal" } } } as const;
    expect(text(renderToString(<VerificationBanner state={seal} onCheck={() => {}} />, "en"))).toContain(
      "Tampering detected in the chain's record of its first and last events: it was changed without the server's key.",
    );
    expect(renderToString(<VerificationBanner state={{ status: "checking" }} onCheck={() => {}} />, "en")).toContain('role="status"');
  });
});

describe("[admin] a change in the audit trail", () => {
  it("[admin] names the field, isolates the values and keeps a long text to its lengths", () => {
    const en = renderToString(<Change path="title" change={{ from: "Old name", to: "New name" }} />, "en");
    expect(text(en)).toBe("Title: Old name → New name");
    expect(en).toContain("<bdi");
    const ar = renderToString(<Change path="role" change={{ from: "regular", to: "investor" }} />, "ar");
    expect(text(ar)).toBe("الدور: عضو مسجّل ← مستثمر");
    expect(text(renderToString(<Change path="content" change={{ fromLength: 120, toLength: 1800 }} />, "en"))).toBe(
      "Content: changed (120 → 1,800 characters)",
    );
    expect(text(renderToString(<Change path="isPublic" change={{ from: false, to: true }} />, "ar"))).toBe("متاحة للجميع: لا ← نعم");
    expect(text(renderToString(<Change path="social.linkedin" change={{ from: null, to: "https://x.example" }} />, "en"))).toBe(
      "Social links › linkedin: — → https://x.example",
    );
  });

  it("[admin] the export's words are the dashboard's", () => {
    const t = (locale: Locale) => (id: Parameters<typeof translate>[1], values?: Record<string, string | number>) => translate(locale, id, values);
    expect(changeText(t("en"), "homeStats.1.value", { from: "6", to: "7" })).toBe("Home page figures › 2 › Figure: 6 → 7");
    expect(changeText(t("ar"), "environmentMode", { from: "development", to: "production" })).toBe("وضع الموقع: التطوير ← الإنتاج");
  });
});
