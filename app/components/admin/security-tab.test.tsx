import type * as React from "react";
import { renderToString as renderBare } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/provider";
import type { Locale } from "../../../shared/i18n/locales";
import { namespacesFor } from "../../../shared/i18n/namespaces";
import { catalog } from "../../../server/i18n";
import { EventBadge } from "./security-tab";

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };

const renderToString = (node: React.ReactNode, locale: Locale) =>
  renderBare(
    <I18nProvider locale={locale} messages={CATALOGS[locale]}>
      {node}
    </I18nProvider>,
  );

describe("[admin] the security log's event names", () => {
  it("[admin] a failed second step reads 'Wrong verification code', a wrong password 'Wrong password', in both languages", () => {
    const code = <EventBadge event={{ type: "sign-in-failed", detail: { step: "two-factor" } }} />;
    const password = <EventBadge event={{ type: "sign-in-failed", detail: null }} />;
    expect(renderToString(code, "en")).toContain("Wrong verification code");
    expect(renderToString(password, "en")).toContain("Wrong password");
    expect(renderToString(code, "ar")).toContain("رمز التحقق غير صحيح");
    expect(renderToString(password, "ar")).toContain("كلمة مرور خاطئة");
    expect(renderToString(<EventBadge event={{ type: "sign-in-failed", detail: { step: "passkey" } }} />, "en")).toContain("Passkey not accepted");
    expect(renderToString(<EventBadge event={{ type: "sign-in-throttled", detail: { step: "two-factor" } }} />, "en")).toContain("Sign-in held back");
  });
});
