import { BarChart3, Link2, Scale } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useAdminData } from "~/hooks/use-admin-data";
import { useRootData } from "~/hooks/use-root-data";
import { useT } from "~/i18n/provider";
import { settingsApi } from "~/lib/api/settings";
import { NoticeCard } from "./data-room/notice-card";
import { BrandForm, type BrandSettings } from "./settings/brand-form";
import { EnvironmentCard, type EnvironmentState } from "./settings/environment-card";
import { LegalPagesCard, type LegalPage } from "./settings/legal-pages";
import { PreviewLinksCard } from "./settings/preview-links-card";
import { CardSkeleton } from "./settings/settings-card";
import { StatsForm, type AdminStat } from "./settings/stats-form";
import { TabHeader } from "./tab-header";

export type SiteSettings = { environment: EnvironmentState; stats: AdminStat[]; legal: LegalPage[]; brand: BrandSettings; previewHours: number };

/** What the tab edits besides the brand (which the root loader already has), fetched while the tab is open. */
const fetchSiteSettings = async (): Promise<SiteSettings | null> => {
  const [environment, stats, legal, brand, preview] = await Promise.all([
    settingsApi.environment(),
    settingsApi.stats(),
    settingsApi.legal(),
    settingsApi.brand(),
    settingsApi.previewLinkHours(),
  ]);
  return { environment, stats: stats.stats, legal: legal.pages, brand, previewHours: preview.hours };
};

/**
 * 'Website Settings': the Data Management block (environment), the home page figures, the legal pages, the data
 * room's confidentiality notice (it reads its own data), preview links and the brand texts.
 */
export function SettingsTab({ loaded }: { loaded?: SiteSettings | null }) {
  const t = useT();
  const root = useRootData();
  const { data, status, refreshing, load } = useAdminData(fetchSiteSettings, null, loaded);
  const failed = status === "failed";
  return (
    <section aria-labelledby="settings-heading" className="space-y-6">
      <TabHeader id="settings-heading" title={t("admin.settings.title")} description={t("admin.settings.description")} />

      {failed ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 px-5 py-4 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>{t("admin.settings.loadFailed")}</p>
          <Button variant="outline" size="sm" onClick={() => void load()} disabled={refreshing}>
            {t("admin.settings.retry")}
          </Button>
        </div>
      ) : null}

      <EnvironmentCard environment={data?.environment ?? null} failed={failed} />
      {data ? <StatsForm stats={data.stats} /> : failed ? null : <CardSkeleton icon={BarChart3} title={t("admin.settings.stats.title")} />}
      {data ? <LegalPagesCard pages={data.legal} /> : failed ? null : <CardSkeleton icon={Scale} title={t("admin.settings.legal.title")} />}
      <NoticeCard />
      {data ? <PreviewLinksCard hours={data.previewHours} /> : failed ? null : <CardSkeleton icon={Link2} title={t("admin.settings.preview.title")} />}
      {root ? <BrandForm brand={root.brand} admin={data?.brand ?? null} /> : null}
    </section>
  );
}
