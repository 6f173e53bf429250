import { ArrowLeft, CheckCircle2, Code2, Globe2, Info, Loader2, Server } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Link } from "~/i18n/link";
import { adminScreenPath } from "../../shared/admin-screens";
import { metaT } from "~/i18n/meta";
import { useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import { settingsApi } from "~/lib/api/settings";
import { requirePageRole } from "~/lib/guards.server";
import { cn } from "~/lib/utils";
import { DEFAULT_BRAND } from "~/root";
import type { MessageId } from "../../shared/i18n/messages";
import type { Route } from "./+types/environment-setup";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const brand = (matches[0]?.data as { brand?: { name: string } } | undefined)?.brand;
  return [{ title: t("environment.meta.title", { brand: brand?.name ?? DEFAULT_BRAND.name }) }, { name: "robots", content: "noindex" }];
}

type Mode = "production" | "development";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageRole(context, request, "admin");
  const hostname = new URL(request.url).hostname;
  const { settings, config } = context.services;
  const [mode, effectiveMode] = await Promise.all([settings.environmentMode(), settings.effectiveMode(hostname)]);
  const productionHostname = config.productionHostname ?? null;
  return {
    mode,
    effectiveMode,
    productionHostname,
    hostname,
    automatic: Boolean(productionHostname && hostname.toLowerCase().includes(productionHostname)),
  };
}

const MODES: { mode: Mode; label: MessageId; button: MessageId; icon: typeof Server; text: MessageId }[] = [
  {
    mode: "production",
    label: "environment.production.label",
    button: "environment.production.button",
    icon: Server,
    text: "environment.production.text",
  },
  {
    mode: "development",
    label: "environment.development.label",
    button: "environment.development.button",
    icon: Code2,
    text: "environment.development.text",
  },
];

/** The configuration variable that names the production host (a name, the same in every language). */
const HOSTNAME_VARIABLE = "PRODUCTION_HOSTNAME";

/** A host name inside a sentence: bold, and kept left-to-right inside Arabic text. */
const host = (chunks: React.ReactNode[]) => (
  <strong className="font-semibold">
    <bdi dir="ltr">{chunks}</bdi>
  </strong>
);

export default function EnvironmentSetup({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { mode, effectiveMode, productionHostname, hostname, automatic } = loaderData;
  const revalidator = useRevalidator();
  const [pending, setPending] = React.useState<Mode | null>(null);

  async function choose(next: Mode) {
    setPending(next);
    try {
      await settingsApi.setEnvironment({ body: { mode: next } });
      toast.success(t("environment.enabled", { mode: next }), { description: t("environment.nowSet", { mode: next }) });
      await revalidator.revalidate();
    } catch (err) {
      toast.error(t("environment.failed"), { description: err instanceof ApiError ? t.maybe(err.message) : t("environment.tryAgain") });
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <section className="bg-navy-950 pb-24 pt-36 text-white">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <Link to={adminScreenPath("settings")} className="inline-flex items-center gap-1.5 text-sm text-navy-200 hover:text-white">
            <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
            {t("environment.back")}
          </Link>
          <h1 className="mt-3 font-display text-3xl font-semibold sm:text-4xl">{t("environment.title")}</h1>
          <p className="mt-2 text-sm text-navy-200 sm:text-base">{t("environment.intro")}</p>
        </div>
      </section>

      <div className="mx-auto -mt-16 max-w-3xl space-y-6 px-4 pb-20 sm:px-6">
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{t("environment.current")}</p>
              <p className="mt-1 font-display text-3xl font-semibold capitalize text-navy-950" data-testid="current-mode">
                {t("environment.modeName", { mode: mode ?? "none" })}
              </p>
            </div>
            <Badge variant={effectiveMode === "production" ? "green" : "amber"} className="self-start px-3 py-1 text-sm sm:self-auto">
              {t("environment.runsIn", { mode: effectiveMode })}
            </Badge>
          </div>
          {mode === null ? <p className="mt-3 text-sm text-slate-600">{t("environment.notSet")}</p> : null}

          <div className={cn("mt-5 flex gap-3 rounded-lg p-4 text-sm", automatic ? "bg-emerald-50 text-emerald-900" : "bg-slate-50 text-slate-700")}>
            {automatic ? <Globe2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> : <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />}
            {productionHostname ? (
              <p>
                {t.rich("environment.automatic", { host: productionHostname, b: host })}{" "}
                {t.rich(automatic ? "environment.openedOnProduction" : "environment.openedOnOther", { host: hostname, b: host })}
              </p>
            ) : (
              <p>
                {t.rich("environment.noHost", {
                  variable: (
                    <code dir="ltr" className="rounded bg-white px-1 py-0.5 text-xs ring-1 ring-slate-200">
                      {HOSTNAME_VARIABLE}
                    </code>
                  ),
                })}
              </p>
            )}
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          {MODES.map(({ mode: m, label, button, icon: Icon, text }) => {
            const active = mode === m;
            return (
              <div
                key={m}
                className={cn("flex flex-col rounded-xl border bg-white p-6 shadow-sm", active ? "border-navy-900 ring-1 ring-navy-900" : "border-slate-200")}
              >
                <div className="flex items-center justify-between">
                  <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-navy-50 text-navy-800">
                    <Icon className="h-5 w-5" aria-hidden="true" />
                  </span>
                  {active ? (
                    <span className="inline-flex items-center gap-1 text-xs font-semibold text-emerald-700">
                      <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                      {t("environment.active")}
                    </span>
                  ) : null}
                </div>
                <h2 className="mt-4 text-lg font-semibold text-navy-950">{t(label)}</h2>
                <p className="mt-1 flex-1 text-sm text-slate-600">{t(text)}</p>
                <Button
                  className="mt-5 w-full"
                  variant={m === "production" ? "default" : "outline"}
                  disabled={active || pending !== null}
                  onClick={() => void choose(m)}
                >
                  {pending === m ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                  {t(button)}
                </Button>
              </div>
            );
          })}
        </div>

        <Button asChild variant="ghost">
          <Link to="/admin">
            <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
            {t("environment.backToAdmin")}
          </Link>
        </Button>
      </div>
    </div>
  );
}
