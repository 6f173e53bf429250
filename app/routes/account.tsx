import * as React from "react";
import { useRevalidator } from "react-router";
import { EmailSection } from "~/components/account/email-section";
import { AccountAlertsSection } from "~/components/alerts/account-alerts-section";
import { PasswordSection } from "~/components/account/password-section";
import { ProfileSection } from "~/components/account/profile-section";
import { SecuritySection } from "~/components/account/security-section";
import { SetupReason } from "~/components/account/setup-reason";
import { SessionsSection } from "~/components/account/sessions-section";
import { SignInsSection } from "~/components/account/sign-ins-section";
import type { AccountUser } from "~/components/account/types";
import { metaT } from "~/i18n/meta";
import { useT } from "~/i18n/provider";
import { requirePageUser } from "~/lib/guards.server";
import { PageHero } from "~/components/site/page-hero";
import { DEFAULT_BRAND } from "~/root";
import { hasAdminRole, needsSecondFactor } from "../../shared/rules";
import type { Route } from "./+types/account";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const brand = (matches[0]?.data as { brand?: { name: string } } | undefined)?.brand;
  return [{ title: t("account.meta.title", { brand: brand?.name ?? DEFAULT_BRAND.name }) }, { name: "robots", content: "noindex" }];
}

/** The page shows this user's sessions and sign-ins; no shared cache may keep it. */
export const headers = () => ({ "Cache-Control": "private, no-store" });

/** Everything the page shows, read for the signed-in user through the same services as the API. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  const { services, session } = context;
  const [pendingEmail, sessions, signIns] = await Promise.all([
    services.accountSettings.pendingEmailChange(user.id),
    services.accountSettings.listSessions(user.id, session.id),
    services.securityEvents.recentSignIns(user.id),
  ]);
  const { id, username, email, fullName, company, position, avatar, isVerified } = user;
  // An admin sent here to set up a second factor (the dashboard's redirect) starts at that step, with the reason.
  const setupAsked = new URL(request.url).searchParams.get("setup") === "two-factor";
  const setupTwoFactor = setupAsked && needsSecondFactor(user) && !user.secondFactor;
  return {
    user: { id, username, email, fullName, company, position, avatar, isVerified } satisfies AccountUser,
    // An admin whose account has a second factor but whose session did not prove it signs in again with it.
    proveSecondFactor: needsSecondFactor(user) && user.secondFactor,
    setupTwoFactor,
    // The section keeps its place once the factor is set up, so the recovery codes it shows stay open.
    securityFirst: setupAsked && hasAdminRole(user),
    pendingEmail,
    sessions,
    signIns,
  };
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  // After a change the page and the header read everything again (the name, the address, the sessions).
  const refresh = React.useCallback(() => revalidator.revalidate(), [revalidator]);
  const { user, pendingEmail, sessions, signIns, proveSecondFactor, setupTwoFactor, securityFirst } = loaderData;
  const security = <SecuritySection canAddFactors={user.isVerified} proveSecondFactor={proveSecondFactor} />;
  return (
    <PageHero title={t("account.title")} intro={t("account.intro")} width="4xl" className="space-y-6 sm:space-y-8">
      {securityFirst ? (
        <>
          {setupTwoFactor ? <SetupReason /> : null}
          {security}
        </>
      ) : null}
      <ProfileSection user={user} onChanged={refresh} />
      <PasswordSection onChanged={refresh} />
      <EmailSection user={user} pending={pendingEmail} onChanged={refresh} />
      {securityFirst ? null : security}
      <AccountAlertsSection />
      <SessionsSection sessions={sessions} onChanged={refresh} />
      <SignInsSection signIns={signIns} />
    </PageHero>
  );
}
