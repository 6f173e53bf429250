import { Briefcase, FileText, Loader2, Newspaper } from "lucide-react";
import * as React from "react";
import { Await, redirect, useNavigation, useRevalidator, type AppLoadContext, type ShouldRevalidateFunctionArgs } from "react-router";
import { InvestorAccessCard } from "~/components/portal/access-request";
import { DocumentLibrary, PublicDocuments } from "~/components/portal/document-library";
import { QuickActionsCard, StatsCard, WelcomeCard } from "~/components/portal/overview";
import { PortalError, PortalLoading } from "~/components/portal/portal-states";
import { PortfolioPanel } from "~/components/portal/portfolio-panel";
import { PressPanel } from "~/components/portal/press-panel";
import type { PortalData, PortalUser } from "~/components/portal/types";
import { usePortalUrlState } from "~/hooks/use-portal-url-state";
import type { PortalTab } from "~/lib/portal-url";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { requirePageUser } from "~/lib/guards.server";
import { PageHero } from "~/components/site/page-hero";
import { metaT } from "~/i18n/meta";
import { useDir, useFormat, useT } from "~/i18n/provider";
import { DEFAULT_BRAND } from "~/root";
import type { PublicUser } from "../../server/features/accounts/users";
import { localizePath, stripLocale } from "../../shared/i18n/locales";
import type { MessageId } from "../../shared/i18n/messages";
import { hasInvestorAccess, isAdmin, needsSecondFactor, SECOND_FACTOR_SETUP_PATH } from "../../shared/rules";
import type { Route } from "./+types/investor-portal";
import type { Locale } from "../../shared/i18n/locales";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const brand = (matches[0]?.data as { brand?: { name: string } } | undefined)?.brand;
  return [{ title: t("portal.meta.title", { brand: brand?.name ?? DEFAULT_BRAND.name }) }, { name: "robots", content: "noindex" }];
}

/** The page lists what this user may read; no shared cache may keep it. */
export const headers = () => ({ "Cache-Control": "private, no-store" });

/**
 * Everything the portal shows, read for this user. Access is decided by the services (the same checks as
 * the API): a regular member gets only Public documents and no portfolio or press management data.
 */
async function loadPortal(services: AppLoadContext["services"], user: PublicUser, locale: Locale): Promise<PortalData> {
  const hasAccess = hasInvestorAccess(user);
  const [documents, categories, application, portfolio, press] = await Promise.all([
    services.documents.listFor(user, { locale }),
    services.documents.categories({ locale }),
    !hasAccess ? services.applications.latestFor(user.id) : Promise.resolve(null),
    hasAccess ? services.portfolio.list({ locale }) : Promise.resolve([]),
    // No release body: the list never shows it, and an admin's edit form reads the release in both languages.
    hasAccess ? services.press.listWithoutContent({ locale }) : Promise.resolve([]),
  ]);
  return {
    hasAccess,
    documents,
    categories: categories.map(({ id, name, description }) => ({ id, name, description })),
    application,
    portfolio,
    press,
  };
}

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  // An admin signed in with the password alone has a member's rights: they are sent to prove their second factor.
  if (needsSecondFactor(user)) throw redirect(localizePath(SECOND_FACTOR_SETUP_PATH, context.locale));
  const { id, username, email, fullName, role, company, position, isVerified, secondFactorProved } = user;
  // The user is known at once; the rest streams in, so a client transition shows the spinner immediately.
  return {
    user: { id, username, email, fullName, role, company, position, isVerified, secondFactorProved } satisfies PortalUser,
    portal: loadPortal(context.services, user, context.locale),
  };
}

/** Tab, category and sort changes are client-side only; anything else (a revalidation after a write) reloads. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

function PortalShell({ children }: { children: React.ReactNode }) {
  const t = useT();
  return (
    <PageHero title={t("portal.title")} intro={t("portal.intro")} width="7xl">
      {children}
    </PageHero>
  );
}

function UpdatingIndicator() {
  const t = useT();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = revalidator.state === "loading" || (navigation.state !== "idle" && stripLocale(navigation.location?.pathname ?? "") === "/investor-portal");
  if (!busy) return null;
  return (
    <div
      role="status"
      className="fixed bottom-6 end-6 z-40 inline-flex items-center gap-2 rounded-full bg-navy-950 px-4 py-2 text-sm font-medium text-white shadow-lg"
    >
      <Loader2 className="h-4 w-4 animate-spin text-gold-400" aria-hidden="true" /> {t("portal.updating")}
    </div>
  );
}

const TAB_META: { value: PortalTab; label: MessageId; icon: typeof FileText }[] = [
  { value: "documents", label: "portal.tabs.documents", icon: FileText },
  { value: "portfolio", label: "portal.tabs.portfolio", icon: Briefcase },
  { value: "press", label: "portal.tabs.press", icon: Newspaper },
];

function RegularView({ user, data, refresh }: { user: PortalUser; data: PortalData; refresh: () => Promise<void> }) {
  return (
    <div className="space-y-8">
      <div className="grid gap-6 lg:grid-cols-3">
        <WelcomeCard user={user} />
        <div className="lg:col-span-2">
          <InvestorAccessCard user={user} application={data.application} onSubmitted={() => void refresh()} />
        </div>
      </div>
      <PublicDocuments documents={data.documents} />
    </div>
  );
}

function InvestorView({ user, data, refresh }: { user: PortalUser; data: PortalData; refresh: () => Promise<void> }) {
  const t = useT();
  const dir = useDir();
  const f = useFormat();
  const [state, update] = usePortalUrlState();
  const admin = isAdmin(user);
  const tabsRef = React.useRef<HTMLDivElement>(null);
  const libraryHeadingRef = React.useRef<HTMLHeadingElement>(null);
  const [focusTarget, setFocusTarget] = React.useState<"library" | "tab" | null>(null);

  // After a quick action has switched the view, bring it into sight and move focus there.
  React.useEffect(() => {
    if (!focusTarget) return;
    const el = focusTarget === "library" ? libraryHeadingRef.current : tabsRef.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    tabsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    el?.focus({ preventScroll: true });
    setFocusTarget(null);
  }, [focusTarget, state]);

  const counts: Record<PortalTab, number> = { documents: data.documents.length, portfolio: data.portfolio.length, press: data.press.length };

  return (
    <div className="space-y-10">
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <WelcomeCard user={user} />
        <StatsCard documents={data.documents} categories={data.categories.length} />
        <div className="md:col-span-2 lg:col-span-1">
          <QuickActionsCard
            onLatestReports={() => {
              update({ tab: "documents", category: "all", sort: "latest" });
              setFocusTarget("library");
            }}
            onPortfolioUpdate={() => {
              update({ tab: "portfolio" });
              setFocusTarget("tab");
            }}
          />
        </div>
      </div>

      <Tabs value={state.tab} onValueChange={(tab) => update({ tab: tab as PortalTab })} dir={dir}>
        <div ref={tabsRef} className="scroll-mt-36">
          <TabsList aria-label={t("portal.tabs.label")} className="grid w-full grid-cols-3 gap-1 sm:inline-flex sm:w-auto">
            {TAB_META.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value} className="flex items-center justify-center gap-2 px-2 py-2 sm:px-4">
                <Icon className="hidden h-4 w-4 sm:block" aria-hidden="true" />
                <span className="text-xs sm:text-sm">{t(label)}</span>
                <span className="hidden rounded-full bg-slate-200/70 px-1.5 text-xs font-semibold text-slate-600 sm:inline" aria-hidden="true">
                  {f.count(counts[value])}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="documents">
          <DocumentLibrary
            documents={data.documents}
            categories={data.categories}
            category={state.category}
            sort={state.sort}
            onCategoryChange={(category) => update({ category })}
            onSortChange={(sort) => update({ sort })}
            headingRef={libraryHeadingRef}
          />
        </TabsContent>
        <TabsContent value="portfolio">
          <PortfolioPanel items={data.portfolio} admin={admin} onChanged={refresh} />
        </TabsContent>
        <TabsContent value="press">
          <PressPanel releases={data.press} companies={data.portfolio} admin={admin} onChanged={refresh} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

export default function InvestorPortal({ loaderData }: Route.ComponentProps) {
  const { user, portal } = loaderData;
  const revalidator = useRevalidator();
  const refresh = React.useCallback(() => revalidator.revalidate(), [revalidator]);
  return (
    <PortalShell>
      <React.Suspense fallback={<PortalLoading />}>
        <Await resolve={portal} errorElement={<PortalError />}>
          {(data) => (data.hasAccess ? <InvestorView user={user} data={data} refresh={refresh} /> : <RegularView user={user} data={data} refresh={refresh} />)}
        </Await>
      </React.Suspense>
      <UpdatingIndicator />
    </PortalShell>
  );
}

/** Loader failures (e.g. the data request failing during a client transition) land here. */
export function ErrorBoundary() {
  return (
    <PortalShell>
      <PortalError />
    </PortalShell>
  );
}
