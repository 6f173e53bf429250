import type * as React from "react";
import { renderToString as renderBare } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/provider";
import type { Locale } from "../../../shared/i18n/locales";
import { namespacesFor } from "../../../shared/i18n/namespaces";
import { catalog } from "../../../server/i18n";
import { SignInsSection } from "./sign-ins-section";
import type { SignIn } from "./types";

const CATALOGS = { en: catalog("en", namespacesFor("/account")), ar: catalog("ar", namespacesFor("/account")) };

const renderToString = (node: React.ReactNode, locale: Locale) =>
  renderBare(
    <I18nProvider locale={locale} messages={CATALOGS[locale]}>
      {node}
    </I18nProvider>,
  );

const at = "2026-11-26T10:00:00.000Z";
const signIn = (type: string, step: SignIn["step"] = null): SignIn => ({ type, step, ipAddress: "203.0.113.7", userAgent: null, createdAt: at });

describe("[account] recent sign-ins", () => {
  it("[account] a failed second step reads 'Wrong verification code', a wrong password 'Wrong password', in both languages", () => {
    const codeOnly = [signIn("sign-in-failed", "two-factor")];
    const passwordOnly = [signIn("sign-in-failed")];
    expect(renderToString(<SignInsSection signIns={codeOnly} />, "en")).toContain("Wrong verification code");
    expect(renderToString(<SignInsSection signIns={codeOnly} />, "en")).not.toContain("Wrong password");
    expect(renderToString(<SignInsSection signIns={passwordOnly} />, "en")).toContain("Wrong password");
    expect(renderToString(<SignInsSection signIns={passwordOnly} />, "en")).not.toContain("Wrong verification code");
    expect(renderToString(<SignInsSection signIns={codeOnly} />, "ar")).toContain("رمز التحقق غير صحيح");
    expect(renderToString(<SignInsSection signIns={codeOnly} />, "ar")).not.toContain("كلمة مرور خاطئة");
    expect(renderToString(<SignInsSection signIns={passwordOnly} />, "ar")).toContain("كلمة مرور خاطئة");
    expect(renderToString(<SignInsSection signIns={[signIn("sign-in-failed", "passkey")]} />, "en")).toContain("Passkey not accepted");
  });
});
