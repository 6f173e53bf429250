import { ArrowLeft, CheckCircle2, Code2, Globe2, Info, Loader2, Server } from "lucide-react";
import * as React from "react";
import { Link, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ApiError, apiRequest } from "~/lib/api";
import { requirePageRole } from "~/lib/guards.server";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/environment-setup";

export const meta = () => [{ title: "Environment Setup | Meridian Crest Holdings" }, { name: "robots", content: "noindex" }];

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

const MODES: { mode: Mode; label: string; button: string; icon: typeof Server; text: string }[] = [
  {
    mode: "production",
    label: "Production",
    button: "Set to Production Mode",
    icon: Server,
    text: "The live website for visitors, partners and investors.",
  },
  {
    mode: "development",
    label: "Development",
    button: "Set to Development Mode",
    icon: Code2,
    text: "For staging and testing servers that are not the live website.",
  },
];

export default function EnvironmentSetup({ loaderData }: Route.ComponentProps) {
  const { mode, effectiveMode, productionHostname, hostname, automatic } = loaderData;
  const revalidator = useRevalidator();
  const [pending, setPending] = React.useState<Mode | null>(null);

  async function choose(next: Mode) {
    setPending(next);
    try {
      await apiRequest("PUT", "/api/settings/environment", { mode: next });
      toast.success(next === "production" ? "Production mode enabled" : "Development mode enabled", {
        description: `The environment is now set to ${next}.`,
      });
      await revalidator.revalidate();
    } catch (err) {
      toast.error("Environment not changed", { description: err instanceof ApiError ? err.message : "Please try again." });
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <section className="bg-navy-950 pb-24 pt-36 text-white">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <Link to="/admin?tab=settings" className="inline-flex items-center gap-1.5 text-sm text-navy-200 hover:text-white">
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Settings
          </Link>
          <h1 className="mt-3 font-display text-3xl font-semibold sm:text-4xl">Environment Setup</h1>
          <p className="mt-2 text-sm text-navy-200 sm:text-base">Choose the mode this website runs in.</p>
        </div>
      </section>

      <div className="mx-auto -mt-16 max-w-3xl space-y-6 px-4 pb-20 sm:px-6">
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">Current mode</p>
              <p className="mt-1 font-display text-3xl font-semibold capitalize text-navy-950" data-testid="current-mode">
                {mode ?? "Not Set"}
              </p>
            </div>
            <Badge variant={effectiveMode === "production" ? "green" : "amber"} className="self-start px-3 py-1 text-sm sm:self-auto">
              This request runs in {effectiveMode} mode
            </Badge>
          </div>
          {mode === null ? (
            <p className="mt-3 text-sm text-slate-600">No mode has been chosen yet, so the site runs in development mode unless the host name below applies.</p>
          ) : null}

          <div className={cn("mt-5 flex gap-3 rounded-lg p-4 text-sm", automatic ? "bg-emerald-50 text-emerald-900" : "bg-slate-50 text-slate-700")}>
            {automatic ? <Globe2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> : <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />}
            {productionHostname ? (
              <p>
                Production mode is automatic on <strong className="font-semibold">{productionHostname}</strong>: requests to that host always run in production,
                whatever is chosen here.{" "}
                {automatic ? (
                  <>
                    This page was opened on <strong className="font-semibold">{hostname}</strong>, so production applies now.
                  </>
                ) : (
                  <>
                    This page was opened on <strong className="font-semibold">{hostname}</strong>, so the mode chosen here applies.
                  </>
                )}
              </p>
            ) : (
              <p>
                No production host name is configured. Set <code className="rounded bg-white px-1 py-0.5 text-xs ring-1 ring-slate-200">PRODUCTION_HOSTNAME</code> to
                make requests to the live domain run in production automatically.
              </p>
            )}
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          {MODES.map(({ mode: m, label, button, icon: Icon, text }) => {
            const active = mode === m;
            return (
              <div key={m} className={cn("flex flex-col rounded-xl border bg-white p-6 shadow-sm", active ? "border-navy-900 ring-1 ring-navy-900" : "border-slate-200")}>
                <div className="flex items-center justify-between">
                  <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-navy-50 text-navy-800">
                    <Icon className="h-5 w-5" aria-hidden="true" />
                  </span>
                  {active ? (
                    <span className="inline-flex items-center gap-1 text-xs font-semibold text-emerald-700">
                      <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                      Active
                    </span>
                  ) : null}
                </div>
                <h2 className="mt-4 text-lg font-semibold text-navy-950">{label}</h2>
                <p className="mt-1 flex-1 text-sm text-slate-600">{text}</p>
                <Button className="mt-5 w-full" variant={m === "production" ? "default" : "outline"} disabled={active || pending !== null} onClick={() => void choose(m)}>
                  {pending === m ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                  {button}
                </Button>
              </div>
            );
          })}
        </div>

        <Button asChild variant="ghost">
          <Link to="/admin">
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to Admin Dashboard
          </Link>
        </Button>
      </div>
    </div>
  );
}
