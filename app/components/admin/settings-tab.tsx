import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRight, BarChart3, Database, ExternalLink, Loader2, RotateCcw, Save, Scale } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { Link, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import type { z } from "zod";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, Input, Textarea } from "~/components/ui/input";
import { ApiError, apiRequest } from "~/lib/api";
import { useRootData } from "~/root";
import { Skeleton } from "~/components/ui/skeleton";
import { formatCount, formatDate } from "~/lib/format";
import { SOCIAL_NETWORKS, type Brand, type HomeStat } from "../../../shared/brand";
import { LEGAL_BODY_MAX, type LegalPage } from "../../../shared/legal";
import { LEGAL_DEFAULTS } from "../../../shared/legal-text";
import { brandSchema, homeStatsSchema, legalPageSchema, STAT_LABEL_MAX, STAT_VALUE_MAX } from "../../../shared/schemas";
import { applyServerErrors } from "./form-errors";
import { TabHeader } from "./tab-header";

type FormInput = z.input<typeof brandSchema>;
type FormOutput = z.output<typeof brandSchema>;

type EnvironmentState = { mode: "production" | "development" | null; effectiveMode: "production" | "development" };
type SiteSettings = { environment: EnvironmentState; stats: HomeStat[]; legal: LegalPage[] };

function defaults(brand: Brand): FormInput {
  return {
    name: brand.name,
    shortName: brand.shortName,
    tagline: brand.tagline,
    description: brand.description,
    address: brand.address,
    phone: brand.phone,
    email: brand.email,
    social: { ...brand.social },
  };
}

/** Reads what the tab edits besides the brand (which the root loader already has). Fetched while the tab is open. */
function useSiteSettings() {
  const [state, setState] = React.useState<{ data: SiteSettings | null; failed: boolean }>({ data: null, failed: false });
  const [attempt, setAttempt] = React.useState(0);
  React.useEffect(() => {
    const controller = new AbortController();
    const get = <T,>(url: string) => apiRequest<T>("GET", url, undefined, { signal: controller.signal });
    Promise.all([
      get<EnvironmentState>("/api/settings/environment"),
      get<{ stats: HomeStat[] }>("/api/settings/stats"),
      get<{ pages: LegalPage[] }>("/api/settings/legal"),
    ])
      .then(([environment, stats, legal]) => setState({ data: { environment, stats: stats.stats, legal: legal.pages }, failed: false }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ data: null, failed: true });
      });
    return () => controller.abort();
  }, [attempt]);
  return { ...state, retry: () => (setState({ data: null, failed: false }), setAttempt((n) => n + 1)) };
}

/** 'Website Settings': the Data Management block (environment), the home page figures, the legal pages and the brand texts. */
export function SettingsTab() {
  const root = useRootData();
  const { data, failed, retry } = useSiteSettings();
  return (
    <section aria-labelledby="settings-heading" className="space-y-6">
      <TabHeader id="settings-heading" title="Website Settings" description="How the website presents the company, and how it runs." />

      {failed ? (
        <div role="alert" className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 px-5 py-4 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between">
          <p>The settings could not be loaded. Please check your connection and try again.</p>
          <Button variant="outline" size="sm" onClick={retry}>
            Retry
          </Button>
        </div>
      ) : null}

      <EnvironmentCard environment={data?.environment ?? null} failed={failed} />
      {data ? <StatsForm stats={data.stats} /> : failed ? null : <CardSkeleton title="Home page figures" />}
      {data ? <LegalPagesCard pages={data.legal} /> : failed ? null : <CardSkeleton title="Legal pages" />}
      {root ? <BrandForm brand={root.brand} /> : null}
    </section>
  );
}

function CardSkeleton({ title }: { title: string }) {
  return (
    <Card aria-busy="true">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>Loading…</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-2/3" />
      </CardContent>
    </Card>
  );
}

const MODE_LABEL = { production: "production", development: "development" } as const;

/** The stored mode exactly as /environment-setup shows it: 'Not Set' until an admin chooses one. */
function EnvironmentCard({ environment, failed }: { environment: EnvironmentState | null; failed: boolean }) {
  const stored = environment?.mode ?? null;
  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between sm:space-y-0">
        <div className="flex items-start gap-4">
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-800">
            <Database className="h-5 w-5" aria-hidden="true" />
          </span>
          <div className="space-y-1">
            <CardTitle>Data Management</CardTitle>
            <CardDescription>The environment mode separates production data from development and testing.</CardDescription>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-sm text-slate-700">
              <span>Current mode:</span>
              {environment ? (
                <Badge variant={stored === "production" ? "green" : stored === "development" ? "amber" : "slate"} className="capitalize" data-testid="settings-current-mode">
                  {stored ? MODE_LABEL[stored] : "Not Set"}
                </Badge>
              ) : failed ? (
                <span className="text-slate-500">unknown</span>
              ) : (
                <Skeleton className="h-5 w-24 rounded-full" aria-label="Loading the mode" />
              )}
              {environment && environment.effectiveMode !== stored ? (
                <span className="text-xs text-slate-500" data-testid="settings-effective-mode">
                  This request runs in {environment.effectiveMode} mode{stored ? " (production host name)" : " (the default while no mode is set)"}.
                </span>
              ) : null}
            </div>
          </div>
        </div>
        <Button asChild variant="outline" className="shrink-0">
          <Link to="/environment-setup">
            Configure Environment
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
    </Card>
  );
}

type StatsInput = z.input<typeof homeStatsSchema>;
type StatsOutput = z.output<typeof homeStatsSchema>;

function StatsForm({ stats }: { stats: HomeStat[] }) {
  const revalidator = useRevalidator();
  const toValues = (list: HomeStat[]): StatsInput => ({ stats: list.map((s) => ({ value: s.value, label: s.label })) as StatsInput["stats"] });
  const [saved, setSaved] = React.useState(stats);
  const { register, handleSubmit, formState, reset, setError } = useForm<StatsInput, unknown, StatsOutput>({
    resolver: zodResolver(homeStatsSchema),
    defaultValues: toValues(stats),
  });
  const { errors, isSubmitting, isDirty } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await apiRequest<{ stats: HomeStat[] }>("PUT", "/api/settings/stats", values);
      setSaved(res.stats);
      reset(toValues(res.stats));
      toast.success("Figures saved", { description: "The home page now shows the new figures." });
      void revalidator.revalidate();
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, setError)) return;
      toast.error("Figures not saved", { description: err instanceof ApiError ? err.message : "Please try again." });
    }
  });

  return (
    <Card>
      <CardHeader className="flex flex-row items-start gap-4 space-y-0">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-800">
          <BarChart3 className="h-5 w-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <CardTitle>Home page figures</CardTitle>
          <CardDescription>
            The three figures of the &lsquo;Global Impact&rsquo; band. A figure with a number (7+, $1.2B, 25,000) counts up; words are shown as written.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-6">
          <div className="grid gap-4 md:grid-cols-3">
            {([0, 1, 2] as const).map((i) => {
              const e = errors.stats?.[i];
              return (
                <fieldset key={i} className="space-y-3 rounded-lg border border-slate-200 p-4">
                  <legend className="px-1 text-xs font-semibold uppercase tracking-wider text-slate-500">Figure {i + 1}</legend>
                  <Field id={`stat-${i}-value`} label="Figure" error={e?.value?.message} hint={`Up to ${STAT_VALUE_MAX} characters, e.g. 7+`}>
                    <Input
                      id={`stat-${i}-value`}
                      maxLength={STAT_VALUE_MAX}
                      {...register(`stats.${i}.value`)}
                      aria-invalid={e?.value ? true : undefined}
                      aria-describedby={e?.value ? `stat-${i}-value-error` : undefined}
                    />
                  </Field>
                  <Field id={`stat-${i}-label`} label="Label" error={e?.label?.message}>
                    <Input
                      id={`stat-${i}-label`}
                      maxLength={STAT_LABEL_MAX}
                      {...register(`stats.${i}.label`)}
                      aria-invalid={e?.label ? true : undefined}
                      aria-describedby={e?.label ? `stat-${i}-label-error` : undefined}
                    />
                  </Field>
                </fieldset>
              );
            })}
          </div>
          {errors.stats?.message ? (
            <p role="alert" className="text-sm text-red-600">
              {errors.stats.message}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-6 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={!isDirty || isSubmitting} onClick={() => reset(toValues(saved))}>
              Discard changes
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Save className="h-4 w-4" aria-hidden="true" />}
              Save Figures
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function LegalPagesCard({ pages }: { pages: LegalPage[] }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-start gap-4 space-y-0">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-800">
          <Scale className="h-5 w-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <CardTitle>Legal pages</CardTitle>
          <CardDescription>
            Plain text: leave a blank line between paragraphs, start a line with <code className="rounded bg-slate-100 px-1">##&nbsp;</code> for a heading and with{" "}
            <code className="rounded bg-slate-100 px-1">-&nbsp;</code> for a list item. Saving a page sets its &lsquo;Last updated&rsquo; date.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="space-y-8">
        {pages.map((p) => (
          <LegalPageForm key={p.page} page={p} />
        ))}
      </CardContent>
    </Card>
  );
}

type LegalInput = z.input<typeof legalPageSchema>;
type LegalOutput = z.output<typeof legalPageSchema>;

function LegalPageForm({ page: initial }: { page: LegalPage }) {
  const [page, setPage] = React.useState(initial);
  const id = `legal-${page.page}`;
  const { register, handleSubmit, formState, reset, setError, setValue, watch } = useForm<LegalInput, unknown, LegalOutput>({
    resolver: zodResolver(legalPageSchema),
    defaultValues: { body: page.body },
  });
  const { errors, isSubmitting, isDirty } = formState;
  const length = (watch("body") ?? "").length;
  const over = length > LEGAL_BODY_MAX;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await apiRequest<LegalPage>("PUT", `/api/settings/legal/${page.page}`, values);
      setPage(saved);
      reset({ body: saved.body });
      toast.success(`${saved.title} saved`, { description: `The page now shows your text, last updated ${formatDate(saved.updatedAt)}.` });
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, setError)) return;
      toast.error(`${page.title} not saved`, { description: err instanceof ApiError ? err.message : "Please try again." });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="space-y-3 border-b border-slate-100 pb-8 last:border-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={`${id}-title`} className="text-base font-semibold text-navy-950">
          {page.title}
        </h3>
        <p className="text-xs text-slate-500">
          {page.isDefault ? "Default text" : "Your text"} · last updated <time dateTime={page.updatedAt}>{formatDate(page.updatedAt)}</time> ·{" "}
          <a href={page.path} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-medium text-navy-700 hover:underline">
            View page <ExternalLink className="h-3 w-3" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
      </div>
      <label htmlFor={id} className="sr-only">
        {page.title} text
      </label>
      <Textarea
        id={id}
        rows={12}
        spellCheck
        className="font-mono text-[0.8125rem] leading-relaxed"
        {...register("body")}
        aria-invalid={errors.body ? true : undefined}
        aria-describedby={`${id}-count${errors.body ? ` ${id}-error` : ""}`}
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          {errors.body?.message ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
              {errors.body.message}
            </p>
          ) : null}
        </div>
        <p id={`${id}-count`} className={over ? "text-xs font-semibold text-red-600" : "text-xs text-slate-500"} data-testid={`${id}-count`}>
          {formatCount(length)} / {formatCount(LEGAL_BODY_MAX)} characters
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="ghost"
          disabled={isSubmitting}
          onClick={() => setValue("body", LEGAL_DEFAULTS[page.page], { shouldDirty: true })}
        >
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          Use default text
        </Button>
        <Button type="button" variant="outline" disabled={!isDirty || isSubmitting} onClick={() => reset({ body: page.body })}>
          Discard changes
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Save className="h-4 w-4" aria-hidden="true" />}
          Save {page.title}
        </Button>
      </div>
    </form>
  );
}

function BrandForm({ brand }: { brand: Brand }) {
  const revalidator = useRevalidator();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(brandSchema), defaultValues: defaults(brand) });
  const { register, handleSubmit, formState, reset, setError } = form;
  const { errors, isSubmitting, isDirty } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await apiRequest<Brand>("PUT", "/api/settings/brand", values);
      reset(defaults(saved));
      toast.success("Settings saved", { description: "The website now shows the updated company details." });
      void revalidator.revalidate();
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, setError)) return;
      toast.error("Settings not saved", { description: err instanceof ApiError ? err.message : "Please try again." });
    }
  });

  const err = (path: string) => {
    const parts = path.split(".");
    let node: unknown = errors;
    for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
    return (node as { message?: string } | undefined)?.message;
  };
  const aria = (path: string, id: string) => ({ "aria-invalid": err(path) ? true : undefined, "aria-describedby": err(path) ? `${id}-error` : undefined });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Company details</CardTitle>
        <CardDescription>Shown in the header, the footer, the contact section and in search results.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-8">
          <fieldset className="grid gap-5 sm:grid-cols-2">
            <legend className="mb-3 text-xs font-semibold uppercase tracking-wider text-slate-500">Brand</legend>
            <Field id="brand-name" label="Company name" error={err("name")}>
              <Input id="brand-name" {...register("name")} {...aria("name", "brand-name")} />
            </Field>
            <Field id="brand-shortName" label="Short name" error={err("shortName")} hint="Used where space is tight, such as the mobile header.">
              <Input id="brand-shortName" {...register("shortName")} {...aria("shortName", "brand-shortName")} />
            </Field>
            <Field id="brand-tagline" label="Tagline" error={err("tagline")} hint="Follows the name in the home page title.">
              <Input id="brand-tagline" {...register("tagline")} {...aria("tagline", "brand-tagline")} />
            </Field>
            <div className="sm:col-span-2">
              <Field id="brand-description" label="Description" error={err("description")} hint="The company description in the footer.">
                <Textarea id="brand-description" rows={3} {...register("description")} {...aria("description", "brand-description")} />
              </Field>
            </div>
          </fieldset>

          <fieldset className="grid gap-5 sm:grid-cols-2">
            <legend className="mb-3 text-xs font-semibold uppercase tracking-wider text-slate-500">Contact</legend>
            <div className="sm:col-span-2">
              <Field id="brand-address" label="Headquarters address" error={err("address")}>
                <Input id="brand-address" autoComplete="street-address" {...register("address")} {...aria("address", "brand-address")} />
              </Field>
            </div>
            <Field id="brand-phone" label="Phone" error={err("phone")}>
              <Input id="brand-phone" type="tel" autoComplete="tel" {...register("phone")} {...aria("phone", "brand-phone")} />
            </Field>
            <Field id="brand-email" label="Contact e-mail" error={err("email")}>
              <Input id="brand-email" type="email" autoComplete="email" {...register("email")} {...aria("email", "brand-email")} />
            </Field>
          </fieldset>

          <fieldset className="grid gap-5 sm:grid-cols-2">
            <legend className="mb-1 text-xs font-semibold uppercase tracking-wider text-slate-500">Social links</legend>
            <p className="text-xs text-slate-500 sm:col-span-2">
              Full https:// profile addresses. A network&rsquo;s icon appears in the contact section and the footer only once its address is set; leave a field empty to
              hide it.
            </p>
            {SOCIAL_NETWORKS.map(({ key, label }) => (
              <Field key={key} id={`brand-${key}`} label={label} error={err(`social.${key}`)}>
                <Input id={`brand-${key}`} type="url" inputMode="url" placeholder="https://" {...register(`social.${key}`)} {...aria(`social.${key}`, `brand-${key}`)} />
              </Field>
            ))}
          </fieldset>

          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-6 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={!isDirty || isSubmitting} onClick={() => reset(defaults(brand))}>
              Discard changes
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Save className="h-4 w-4" aria-hidden="true" />}
              Save Settings
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
