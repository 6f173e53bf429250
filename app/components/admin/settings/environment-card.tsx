import { ArrowRight, Database } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { Link } from "~/i18n/link";
import { useT } from "~/i18n/provider";
import type { CallOutput } from "~/lib/api/client";
import type { API } from "../../../../shared/api";
import { SettingsCard } from "./settings-card";

export type EnvironmentState = CallOutput<typeof API.settings.environment>;

/**
 * The stored mode exactly as /environment-setup shows it ('Not Set' until an admin chooses one), the mode this request
 * runs in when that differs, and what that mode means in plain words.
 */
export function EnvironmentCard({ environment, failed }: { environment: EnvironmentState | null; failed: boolean }) {
  const t = useT();
  const stored = environment?.mode ?? null;
  const modeName = (mode: "production" | "development") => t(mode === "production" ? "admin.settings.env.production" : "admin.settings.env.development");
  return (
    <SettingsCard
      icon={Database}
      title={t("admin.settings.env.title")}
      description={t("admin.settings.env.description")}
      details={
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-sm text-slate-700">
          <span>{t("admin.settings.env.current")}</span>
          {environment ? (
            <Badge
              variant={stored === "production" ? "green" : stored === "development" ? "amber" : "slate"}
              className="capitalize"
              data-testid="settings-current-mode"
            >
              {stored ? modeName(stored) : t("admin.settings.env.notSet")}
            </Badge>
          ) : failed ? (
            <span className="text-slate-500">{t("admin.settings.env.unknown")}</span>
          ) : (
            <Skeleton role="status" className="h-5 w-24 rounded-full" aria-label={t("admin.settings.env.loading")} />
          )}
          {environment ? (
            <div className="basis-full space-y-1">
              {environment.effectiveMode !== stored ? (
                <p className="text-slate-600" data-testid="settings-effective-mode">
                  {t(stored ? "admin.settings.env.effectiveHost" : "admin.settings.env.effectiveDefault")}
                </p>
              ) : null}
              <p className="text-slate-600" data-testid="settings-mode-means">
                {t("admin.settings.env.means", { mode: environment.effectiveMode })}
              </p>
            </div>
          ) : null}
        </div>
      }
      aside={
        <Button asChild variant="outline" className="shrink-0">
          <Link to="/environment-setup">
            {t("admin.settings.env.configure")}
            <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
          </Link>
        </Button>
      }
    />
  );
}
