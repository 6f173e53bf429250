import { BellRing, Briefcase, FileText, Inbox, Mail, Newspaper, ScrollText, Settings, ShieldCheck, UserCheck, Users } from "lucide-react";
import * as React from "react";
import { useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { AlertsTab } from "~/components/admin/alerts/alerts-tab";
import { AttentionProvider, AttentionStrip, TabCount, type Attention } from "~/components/admin/attention";
import { ApplicationsTab } from "~/components/admin/applications-tab";
import { AuditTab } from "~/components/admin/audit-tab";
import { ContactTab } from "~/components/admin/contact-tab";
import { OutboxTab } from "~/components/admin/outbox-tab";
import { SecurityTab } from "~/components/admin/security-tab";
import { DocumentsTab } from "~/components/admin/documents/documents-tab";
import { PortfolioTab } from "~/components/admin/portfolio-tab";
import { PressTab, type PressRow } from "~/components/admin/press-tab";
import { SettingsTab } from "~/components/admin/settings-tab";
import { UsersTab } from "~/components/admin/users-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useDataLoadingError } from "~/hooks/use-admin-data";
import { metaT } from "~/i18n/meta";
import { useDir, useFormat, useT } from "~/i18n/provider";
import { requirePageRole } from "~/lib/guards.server";
import type { PortfolioItemDto } from "../../server/services/portfolio";
import type { MessageId } from "../../shared/i18n/messages";
import { HOMEPAGE_LIMIT } from "../../shared/rules";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches)("admin.meta.title") }, { name: "robots", content: "noindex" }];

const TABS = [
  { value: "portfolio", label: "admin.tab.portfolio", icon: Briefcase },
  { value: "press", label: "admin.tab.press", icon: Newspaper },
  { value: "contact", label: "admin.tab.contact", icon: Inbox },
  { value: "documents", label: "admin.tab.documents", icon: FileText },
  { value: "applications", label: "admin.tab.applications", icon: UserCheck },
  { value: "users", label: "admin.tab.users", icon: Users },
  { value: "outbox", label: "admin.tab.outbox", icon: Mail },
  { value: "alerts", label: "admin.tab.alerts", icon: BellRing },
  { value: "security", label: "admin.tab.security", icon: ShieldCheck },
  { value: "audit", label: "admin.tab.audit", icon: ScrollText },
  { value: "settings", label: "admin.tab.settings", icon: Settings },
] as const satisfies ReadonlyArray<{ value: string; label: MessageId; icon: unknown }>;
type TabValue = (typeof TABS)[number]["value"];
const isTab = (v: string | null): v is TabValue => TABS.some((t) => t.value === v);

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageRole(context, request, "admin");
  const { portfolio, press, settings, attention: waiting } = context.services;
  const failed: string[] = [];
  // One failing list must not take the whole dashboard down: it is reported and shown empty.
  const attempt = async <T,>(what: string, load: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await load();
    } catch {
      failed.push(what);
      return fallback;
    }
  };
  const [companies, releases, spotlightId, attention] = await Promise.all([
    attempt("portfolio", () => portfolio.list({ all: true }), [] as PortfolioItemDto[]),
    // The table does not need the article bodies; the edit dialog loads the full release.
    attempt("press", (): Promise<PressRow[]> => press.listWithoutContent({ all: true }), [] as PressRow[]),
    attempt("spotlight", () => settings.spotlightId(), null),
    attempt("attention", () => waiting.counts(), null as Attention | null),
  ]);
  return { user, companies, releases, spotlightId, attention, failed };
}

/** Switching tabs only changes ?tab=; the data does not need to be loaded again for that. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) {
    const strip = (u: URL) => {
      const p = new URLSearchParams(u.search);
      p.delete("tab");
      return p.toString();
    };
    if (strip(currentUrl) === strip(nextUrl)) return false;
  }
  return defaultShouldRevalidate;
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { user, companies, releases, spotlightId, attention, failed } = loaderData;
  const t = useT();
  const f = useFormat();
  const dir = useDir();
  const showDataLoadingError = useDataLoadingError();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: TabValue = isTab(tabParam) ? tabParam : "portfolio";

  React.useEffect(() => {
    if (failed.length) showDataLoadingError();
  }, [failed, showDataLoadingError]);

  // On a phone the tab strip scrolls sideways: the chosen tab is brought into its view (the page does not move).
  const tabStrip = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const strip = tabStrip.current;
    const chosen = strip?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!strip || !chosen) return;
    const box = strip.getBoundingClientRect();
    const at = chosen.getBoundingClientRect();
    const margin = 16;
    if (at.left < box.left) strip.scrollBy({ left: at.left - box.left - margin });
    else if (at.right > box.right) strip.scrollBy({ left: at.right - box.right + margin });
  }, [tab]);

  const homepageCount = releases.filter((r) => r.showOnHomepage).length;
  const featured = releases.find((r) => r.featured);
  const active = companies.filter((c) => c.status === "Active").length;
  const free = HOMEPAGE_LIMIT - homepageCount;
  const stats = [
    { label: t("admin.stats.companies"), value: f.count(companies.length), note: t("admin.stats.active", { count: active, shown: f.count(active) }) },
    {
      label: t("admin.stats.releases"),
      value: f.count(releases.length),
      note: featured ? t("admin.stats.featured", { name: featured.company ?? featured.title }) : t("admin.stats.noneFeatured"),
    },
    {
      label: t("admin.stats.slots"),
      value: t("admin.stats.slotsValue", { used: f.count(homepageCount), limit: f.count(HOMEPAGE_LIMIT) }),
      note: free <= 0 ? t("admin.stats.slotsFull") : t("admin.stats.slotsFree", { count: free, shown: f.count(free) }),
    },
  ];

  return (
    <AttentionProvider initial={attention}>
      <div className="min-h-screen bg-slate-50">
        <section className="bg-navy-950 pb-20 pt-28 text-white sm:pb-24 sm:pt-36">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">{t("admin.hero.eyebrow")}</p>
            <h1 className="mt-2 font-display text-3xl font-semibold sm:text-4xl">{t("admin.hero.title")}</h1>
            <p className="mt-2 max-w-2xl text-sm text-navy-200 sm:text-base">
              {t.rich("admin.hero.welcome", { name: user.fullName || user.username || user.email, bdi: (chunks) => <bdi>{chunks}</bdi> })}
            </p>
            <AttentionStrip />
          </div>
        </section>

        <div className="mx-auto -mt-12 max-w-7xl px-4 pb-20 sm:-mt-16 sm:px-6">
          <dl className="grid grid-cols-3 gap-2 sm:gap-3">
            {stats.map((s) => (
              <div key={s.label} className="rounded-xl border border-slate-200 bg-white px-3 py-3 shadow-sm sm:px-5 sm:py-4">
                <dt className="text-[0.65rem] font-semibold uppercase leading-tight tracking-wider text-slate-500 sm:text-xs">{s.label}</dt>
                <dd className="mt-1 flex items-baseline justify-between gap-3">
                  <span className="font-display text-2xl font-semibold text-navy-950 sm:text-3xl">{s.value}</span>
                  <span className="hidden truncate text-xs text-slate-500 sm:inline">{s.note}</span>
                </dd>
              </div>
            ))}
          </dl>

          <Tabs
            dir={dir}
            value={tab}
            onValueChange={(value) =>
              setParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  if (value === "portfolio") next.delete("tab");
                  else next.set("tab", value);
                  return next;
                },
                { replace: true, preventScrollReset: true },
              )
            }
            className="mt-8"
          >
            {/* relative: the counts' screen-reader text (absolutely placed) stays inside this scroller, not beside the page */}
            <div ref={tabStrip} className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
              <TabsList className="flex w-max flex-nowrap border border-slate-200 bg-white shadow-sm sm:w-auto sm:flex-wrap">
                {TABS.map(({ value, label, icon: Icon }) => (
                  <TabsTrigger
                    key={value}
                    value={value}
                    className="flex items-center gap-1.5 whitespace-nowrap px-2.5 py-2 data-[state=active]:bg-navy-900 data-[state=active]:text-white"
                  >
                    <Icon className="h-4 w-4" aria-hidden="true" />
                    {t(label)}
                    <TabCount tab={value} />
                  </TabsTrigger>
                ))}
              </TabsList>
            </div>

            <TabsContent value="portfolio">
              <PortfolioTab companies={companies} />
            </TabsContent>
            <TabsContent value="press">
              <PressTab releases={releases} companies={companies} spotlightId={spotlightId} />
            </TabsContent>
            <TabsContent value="contact">
              <ContactTab />
            </TabsContent>
            <TabsContent value="documents">
              <DocumentsTab />
            </TabsContent>
            <TabsContent value="applications">
              <ApplicationsTab />
            </TabsContent>
            <TabsContent value="users">
              <UsersTab currentUserId={user.id} />
            </TabsContent>
            <TabsContent value="outbox">
              <OutboxTab />
            </TabsContent>
            <TabsContent value="alerts">
              <AlertsTab releases={releases} />
            </TabsContent>
            <TabsContent value="security">
              <SecurityTab />
            </TabsContent>
            <TabsContent value="audit">
              <AuditTab />
            </TabsContent>
            <TabsContent value="settings">
              <SettingsTab />
            </TabsContent>
          </Tabs>
        </div>
      </div>
    </AttentionProvider>
  );
}
