import type * as React from "react";
import { renderToString as renderBare } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/provider";
import type { Locale } from "../../../../shared/i18n/locales";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { catalog } from "../../../../server/i18n";
import { RoleGrants } from "./role-dialog";
import type { UserRow } from "./types";

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };

const render = (node: React.ReactNode, locale: Locale) =>
  renderBare(
    <I18nProvider locale={locale} messages={CATALOGS[locale]}>
      {node}
    </I18nProvider>,
  )
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'");

const member = { id: 7, fullName: "Laila Mansour", email: "laila@example.com", role: "regular" } as UserRow;

describe("[admin] the role confirmation names what the role gives", () => {
  it("[admin] investor: the portal and the Investor Only documents; admin: the whole dashboard and two-factor; regular: site and account only", () => {
    expect(render(<RoleGrants request={{ user: member, role: "investor" }} />, "en")).toContain(
      "An investor can use the investor portal and read the Investor Only documents, besides the site and their own account.",
    );
    expect(render(<RoleGrants request={{ user: member, role: "investor" }} />, "en")).toContain("Today: Registered member.");
    const admin = render(<RoleGrants request={{ user: member, role: "admin" }} />, "en");
    expect(admin).toContain("An admin can use the whole dashboard");
    expect(admin).toContain("Admins must set up two-factor sign-in, and Laila Mansour is asked to do so at the next page load.");
    expect(render(<RoleGrants request={{ user: { ...member, role: "investor" }, role: "regular" }} />, "en")).toContain(
      "A registered member can use the public site and their own account only",
    );
  });

  it("[admin] the same in Arabic", () => {
    expect(render(<RoleGrants request={{ user: member, role: "investor" }} />, "ar")).toContain("يستطيع المستثمر استخدام بوابة المستثمرين");
    expect(render(<RoleGrants request={{ user: member, role: "admin" }} />, "ar")).toContain("ويجب على كل مسؤول تفعيل التحقق بخطوتين");
    expect(render(<RoleGrants request={{ user: member, role: "admin" }} />, "ar")).toContain("الدور الحالي: عضو مسجّل.");
  });
});
