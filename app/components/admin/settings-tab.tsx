import { ArrowRight, BarChart3, Building, Database, ExternalLink, RotateCcw, Save, Scale, type LucideIcon } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import type { z } from "zod";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Textarea } from "~/components/ui/input";
import { useAdminData } from "~/hooks/use-admin-data";
import { Link } from "~/i18n/link";
import { useFormat, useT } from "~/i18n/provider";
import { ApiError, apiRequest } from "~/lib/api/client";
import { useRootData } from "~/hooks/use-root-data";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";
import { SOCIAL_NETWORKS, type Brand, type HomeStat } from "../../../shared/brand";
import { LEGAL_BODY_MAX, type LegalPage } from "../../../shared/legal";
import { LEGAL_DEFAULTS, LEGAL_DEFAULTS_AR } from "../../../shared/legal-text";
import { brandArabicSchema, homeStatsArabicSchema, legalPageArabicSchema } from "../../../shared/content-schemas";
import { brandSchema, homeStatsSchema, legalPageSchema, STAT_LABEL_MAX, STAT_VALUE_MAX } from "../../../shared/schemas";
import { applyServerErrors, failureText } from "./form-errors";
import { SubmitButton, TextAreaField, TextField, TwinFields, URL_PLACEHOLDER, bindFields, twinResolver, useArabicLabel } from "./form-fields";
import { TabHeader } from "./tab-header";

type FormInput = z.input<typeof brandSchema> & z.input<typeof brandArabicSchema>;
type FormOutput = z.output<typeof brandSchema> & z.output<typeof brandArabicSchema>;
const brandResolver = twinResolver<FormInput>(brandSchema, brandArabicSchema);

type EnvironmentState = { mode: "production" | "development" | null; effectiveMode: "production" | "development" };
type SiteSettings = { environment: EnvironmentState; stats: HomeStat[]; legal: LegalPage[]; brand: Brand };

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
    taglineAr: brand.taglineAr ?? "",
    descriptionAr: brand.descriptionAr ?? "",
    addressAr: brand.addressAr ?? "",
  };
}

/** What the tab edits besides the brand (which the root loader already has), fetched while the tab is open. */
const fetchSiteSettings = async (): Promise<SiteSettings | null> => {
  const [environment, stats, legal, brand] = await Promise.all([
    apiRequest<EnvironmentState>("GET", "/api/settings/environment"),
    apiRequest<{ stats: HomeStat[] }>("GET", "/api/settings/stats"),
    apiRequest<{ pages: LegalPage[] }>("GET", "/api/settings/legal"),
    apiRequest<Brand>("GET", "/api/settings/brand"),
  ]);
  return { environment, stats: stats.stats, legal: legal.pages, brand };
};

/** 'Website Settings': the Data Management block (environment), the home page figures, the legal pages and the brand texts. */
export function SettingsTab() {
  const t = useT();
  const root = useRootData();
  const { data, status, refreshing, load } = useAdminData(fetchSiteSettings, null);
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
      {root ? <BrandForm brand={root.brand} admin={data?.brand ?? null} /> : null}
    </section>
  );
}

/** A settings card: its icon, title and description, then what it edits. */
function SettingsCard({
  icon: Icon,
  title,
  description,
  details,
  aside,
  busy,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: React.ReactNode;
  /** Under the description (the current state of what the card is about). */
  details?: React.ReactNode;
  /** Beside the title on wide screens (a link to another page). */
  aside?: React.ReactNode;
  busy?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <Card aria-busy={busy || undefined}>
      <CardHeader className={cn("flex flex-col gap-4 space-y-0 sm:flex-row sm:items-start", aside && "sm:items-center sm:justify-between")}>
        <div className="flex items-start gap-4">
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-800">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <div className="space-y-1">
            <CardTitle>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
            {details}
          </div>
        </div>
        {aside}
      </CardHeader>
      {children ? <CardContent>{children}</CardContent> : null}
    </Card>
  );
}

function CardSkeleton({ icon, title }: { icon: LucideIcon; title: string }) {
  const t = useT();
  return (
    <SettingsCard icon={icon} title={title} description={t("admin.settings.loading")} busy>
      <div className="space-y-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-2/3" />
      </div>
    </SettingsCard>
  );
}

/** Discard and Save at the foot of a settings form; `extra` comes first (a 'Use default text' button). */
function SaveBar({
  onDiscard,
  dirty,
  busy,
  saveLabel,
  extra,
  className,
}: {
  onDiscard: () => void;
  dirty: boolean;
  busy: boolean;
  saveLabel: string;
  extra?: React.ReactNode;
  className?: string;
}) {
  const t = useT();
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>
      {extra}
      <Button type="button" variant="outline" disabled={!dirty || busy} onClick={onDiscard}>
        {t("admin.settings.discard")}
      </Button>
      <SubmitButton busy={busy} icon={Save}>
        {saveLabel}
      </SubmitButton>
    </div>
  );
}

/** The stored mode exactly as /environment-setup shows it: 'Not Set' until an admin chooses one. */
function EnvironmentCard({ environment, failed }: { environment: EnvironmentState | null; failed: boolean }) {
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
          {environment && environment.effectiveMode !== stored ? (
            <span className="text-xs text-slate-500" data-testid="settings-effective-mode">
              {t(stored ? "admin.settings.env.effectiveHost" : "admin.settings.env.effectiveDefault", { mode: modeName(environment.effectiveMode) })}
            </span>
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

/** Each figure's value and label, and its label in Arabic (homeStatsArabicSchema's `labelAr`). */
type StatRow = z.input<typeof homeStatsSchema>["stats"][number] & { labelAr?: string | null };
type StatsInput = { stats: [StatRow, StatRow, StatRow] };
type StatsOutput = z.output<typeof homeStatsSchema>;
const statsResolver = twinResolver<StatsInput>(homeStatsSchema, homeStatsArabicSchema);

function StatsForm({ stats }: { stats: HomeStat[] }) {
  const t = useT();
  const f = useFormat({ table: true });
  const arabic = useArabicLabel();
  const revalidator = useRevalidator();
  const toValues = (list: HomeStat[]): StatsInput =>
    ({ stats: list.map((s) => ({ value: s.value, label: s.label, labelAr: s.labelAr ?? "" })) }) as unknown as StatsInput;
  const [saved, setSaved] = React.useState(stats);
  const form = useForm<StatsInput, unknown, StatsOutput>({
    resolver: statsResolver as never,
    defaultValues: toValues(stats),
  });
  const { handleSubmit, formState, reset, setError } = form;
  const { errors, isSubmitting, isDirty } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await apiRequest<{ stats: HomeStat[] }>("PUT", "/api/settings/stats", values);
      setSaved(res.stats);
      reset(toValues(res.stats));
      toast.success(t("admin.settings.stats.saved"), { description: t("admin.settings.stats.savedText") });
      void revalidator.revalidate();
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, setError, t)) return;
      toast.error(t("admin.settings.stats.notSaved"), { description: failureText(err, t) });
    }
  });

  return (
    <SettingsCard icon={BarChart3} title={t("admin.settings.stats.title")} description={t("admin.settings.stats.description")}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <div className="grid gap-4 md:grid-cols-3">
          {([0, 1, 2] as const).map((i) => (
            <fieldset key={i} className="space-y-3 rounded-lg border border-slate-200 p-4">
              <legend className="px-1 text-xs font-semibold uppercase tracking-wider text-slate-500">
                {t("admin.settings.stats.figureN", { n: f.count(i + 1) })}
              </legend>
              <TextField
                form={form}
                name={`stats.${i}.value`}
                id={`stat-${i}-value`}
                label={t("admin.settings.stats.figure")}
                hint={t("admin.settings.stats.figureHint", { max: f.count(STAT_VALUE_MAX), example: "7+" })}
                maxLength={STAT_VALUE_MAX}
              />
              <TextField
                form={form}
                name={`stats.${i}.label`}
                id={`stat-${i}-label`}
                contentLang="en"
                label={t("admin.settings.stats.label")}
                maxLength={STAT_LABEL_MAX}
              />
              <TextField
                form={form}
                name={`stats.${i}.labelAr`}
                id={`stat-${i}-labelAr`}
                contentLang="ar"
                label={arabic(t("admin.settings.stats.label"))}
                maxLength={STAT_LABEL_MAX}
              />
            </fieldset>
          ))}
        </div>
        {errors.stats?.message ? (
          <p role="alert" className="text-sm text-red-600">
            {t.maybe(errors.stats.message)}
          </p>
        ) : null}
        <SaveBar
          className="border-t border-slate-100 pt-6"
          onDiscard={() => reset(toValues(saved))}
          dirty={isDirty}
          busy={isSubmitting}
          saveLabel={t("admin.settings.stats.save")}
        />
      </form>
    </SettingsCard>
  );
}

function LegalPagesCard({ pages }: { pages: LegalPage[] }) {
  const t = useT();
  const code = (chunks: React.ReactNode[]) => (
    <code className="rounded bg-slate-100 px-1" dir="ltr">
      {chunks}
    </code>
  );
  return (
    <SettingsCard icon={Scale} title={t("admin.settings.legal.title")} description={t.rich("admin.settings.legal.description", { heading: code, item: code })}>
      <div className="space-y-8">
        {pages.map((p) => (
          <LegalPageForm key={p.page} page={p} />
        ))}
      </div>
    </SettingsCard>
  );
}

type LegalInput = z.input<typeof legalPageSchema> & z.input<typeof legalPageArabicSchema>;
type LegalOutput = z.output<typeof legalPageSchema> & z.output<typeof legalPageArabicSchema>;
const legalResolver = twinResolver<LegalInput>(legalPageSchema, legalPageArabicSchema);
const legalValues = (page: LegalPage): LegalInput => ({ body: page.body, bodyAr: page.bodyAr ?? "" });

function LegalPageForm({ page: initial }: { page: LegalPage }) {
  const t = useT();
  const f = useFormat({ table: true });
  const arabic = useArabicLabel();
  const [page, setPage] = React.useState(initial);
  const id = `legal-${page.page}`;
  const title = t.maybe(page.title) ?? page.title;
  const { register, handleSubmit, formState, reset, setError, setValue, watch } = useForm<LegalInput, unknown, LegalOutput>({
    resolver: legalResolver as never,
    defaultValues: legalValues(page),
  });
  const { errors, isSubmitting, isDirty } = formState;
  const length = (watch("body") ?? "").length;
  const over = length > LEGAL_BODY_MAX;
  const lengthAr = (watch("bodyAr") ?? "").length;
  const overAr = lengthAr > LEGAL_BODY_MAX;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await apiRequest<LegalPage>("PUT", `/api/settings/legal/${page.page}`, values);
      setPage(saved);
      reset(legalValues(saved));
      toast.success(t("admin.settings.legal.saved", { title }), { description: t("admin.settings.legal.savedText", { date: f.date(saved.updatedAt) }) });
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, setError, t)) return;
      toast.error(t("admin.settings.legal.notSaved", { title }), { description: failureText(err, t) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="space-y-3 border-b border-slate-100 pb-8 last:border-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={`${id}-title`} className="text-base font-semibold text-navy-950">
          {title}
        </h3>
        <p className="text-xs text-slate-500">
          {t.rich(page.isDefault ? "admin.settings.legal.stateDefault" : "admin.settings.legal.stateOwn", {
            date: f.date(page.updatedAt),
            time: (chunks) => <time dateTime={page.updatedAt}>{chunks}</time>,
          })}{" "}
          ·{" "}
          <a href={page.path} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-medium text-navy-700 hover:underline">
            {t("admin.settings.legal.view")} <ExternalLink className="h-3 w-3 rtl:-scale-x-100" aria-hidden="true" />
            <span className="sr-only">{t("admin.settings.legal.newTab")}</span>
          </a>
        </p>
      </div>
      <TwinFields>
        <div className="space-y-2">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {t("admin.settings.legal.textLabel", { title })}
          </label>
          <Textarea
            id={id}
            rows={12}
            spellCheck
            dir="ltr"
            lang="en"
            className="font-mono text-[0.8125rem] leading-relaxed"
            {...register("body")}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={`${id}-count${errors.body ? ` ${id}-error` : ""}`}
          />
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              {errors.body?.message ? (
                <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
                  {t.maybe(errors.body.message)}
                </p>
              ) : null}
            </div>
            <p id={`${id}-count`} className={over ? "text-xs font-semibold text-red-600" : "text-xs text-slate-500"} data-testid={`${id}-count`}>
              {t("admin.settings.legal.count", { length: f.count(length), max: f.count(LEGAL_BODY_MAX) })}
            </p>
          </div>
        </div>
        <div className="space-y-2">
          <label htmlFor={`${id}-ar`} className="text-sm font-medium text-slate-800">
            {arabic(t("admin.settings.legal.textLabel", { title }))}
          </label>
          <Textarea
            id={`${id}-ar`}
            rows={12}
            spellCheck
            dir="rtl"
            lang="ar"
            className="leading-relaxed"
            {...register("bodyAr")}
            aria-invalid={errors.bodyAr ? true : undefined}
            aria-describedby={`${id}-ar-count${errors.bodyAr ? ` ${id}-ar-error` : ""}`}
          />
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              {errors.bodyAr?.message ? (
                <p id={`${id}-ar-error`} role="alert" className="text-sm text-red-600">
                  {t.maybe(errors.bodyAr.message)}
                </p>
              ) : null}
            </div>
            <p id={`${id}-ar-count`} className={overAr ? "text-xs font-semibold text-red-600" : "text-xs text-slate-500"}>
              {t("admin.settings.legal.count", { length: f.count(lengthAr), max: f.count(LEGAL_BODY_MAX) })}
            </p>
          </div>
        </div>
      </TwinFields>
      <SaveBar
        onDiscard={() => reset(legalValues(page))}
        dirty={isDirty}
        busy={isSubmitting}
        saveLabel={t("admin.settings.legal.save", { title })}
        extra={
          <Button
            type="button"
            variant="ghost"
            disabled={isSubmitting}
            onClick={() => {
              setValue("body", LEGAL_DEFAULTS[page.page], { shouldDirty: true });
              setValue("bodyAr", LEGAL_DEFAULTS_AR[page.page], { shouldDirty: true });
            }}
          >
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            {t("admin.settings.legal.useDefault")}
          </Button>
        }
      />
    </form>
  );
}

/**
 * The brand texts. `brand` is the page's (English) brand the form starts with; `admin` is the admin read with the
 * Arabic texts, which fills the Arabic twins when it arrives (without touching what was typed in the others).
 */
function BrandForm({ brand, admin }: { brand: Brand; admin: Brand | null }) {
  const t = useT();
  const arabic = useArabicLabel();
  const revalidator = useRevalidator();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: brandResolver as never, defaultValues: defaults(admin ?? brand) });
  const { handleSubmit, formState, reset, setError, resetField } = form;
  const [saved, setSaved] = React.useState<Brand>(admin ?? brand);
  React.useEffect(() => {
    if (!admin) return;
    setSaved(admin);
    // The page's brand is in the page's language (Arabic on /ar): the admin read puts the stored English back in the
    // English fields too. A field the admin has already changed keeps what was typed.
    const values = defaults(admin);
    for (const name of Object.keys(values) as (keyof FormInput)[]) {
      if (!form.getFieldState(name).isDirty) resetField(name, { defaultValue: values[name] as never });
    }
  }, [admin, form, resetField]);
  const { isSubmitting, isDirty } = formState;
  const field = bindFields(form, "brand");

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await apiRequest<Brand>("PUT", "/api/settings/brand", values);
      setSaved(saved);
      reset(defaults(saved));
      toast.success(t("admin.settings.brand.saved"), { description: t("admin.settings.brand.savedText") });
      void revalidator.revalidate();
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, setError, t)) return;
      toast.error(t("admin.settings.brand.notSaved"), { description: failureText(err, t) });
    }
  });

  const legend = "text-xs font-semibold uppercase tracking-wider text-slate-500";
  return (
    <SettingsCard icon={Building} title={t("admin.settings.brand.title")} description={t("admin.settings.brand.description")}>
      <form onSubmit={onSubmit} noValidate className="space-y-8">
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className={cn("mb-3", legend)}>{t("admin.settings.brand.brand")}</legend>
          <TextField {...field("name")} label={t("admin.settings.brand.name")} />
          <TextField {...field("shortName")} label={t("admin.settings.brand.shortName")} hint={t("admin.settings.brand.shortNameHint")} />
          <TwinFields className="sm:col-span-2">
            <TextField {...field("tagline")} contentLang="en" label={t("admin.settings.brand.tagline")} hint={t("admin.settings.brand.taglineHint")} />
            <TextField
              {...field("taglineAr")}
              contentLang="ar"
              label={arabic(t("admin.settings.brand.tagline"))}
              hint={t("admin.settings.brand.taglineHint")}
            />
          </TwinFields>
          <TwinFields className="sm:col-span-2">
            <TextAreaField
              {...field("description")}
              contentLang="en"
              label={t("admin.settings.brand.descriptionField")}
              hint={t("admin.settings.brand.descriptionHint")}
              rows={3}
            />
            <TextAreaField
              {...field("descriptionAr")}
              contentLang="ar"
              label={arabic(t("admin.settings.brand.descriptionField"))}
              hint={t("admin.settings.brand.descriptionHint")}
              rows={3}
            />
          </TwinFields>
        </fieldset>

        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className={cn("mb-3", legend)}>{t("admin.settings.brand.contact")}</legend>
          <TwinFields className="sm:col-span-2">
            <TextField {...field("address")} contentLang="en" label={t("admin.settings.brand.address")} autoComplete="street-address" />
            <TextField {...field("addressAr")} contentLang="ar" label={arabic(t("admin.settings.brand.address"))} />
          </TwinFields>
          <TextField {...field("phone")} label={t("admin.settings.brand.phone")} type="tel" autoComplete="tel" />
          <TextField {...field("email")} label={t("admin.settings.brand.email")} type="email" autoComplete="email" />
        </fieldset>

        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className={cn("mb-1", legend)}>{t("admin.settings.brand.social")}</legend>
          <p className="text-xs text-slate-500 sm:col-span-2">{t("admin.settings.brand.socialHint")}</p>
          {SOCIAL_NETWORKS.map(({ key, label }) => (
            <TextField
              key={key}
              form={form}
              name={`social.${key}`}
              id={`brand-${key}`}
              label={t.maybe(label) ?? label}
              type="url"
              inputMode="url"
              placeholder={URL_PLACEHOLDER}
            />
          ))}
        </fieldset>

        <SaveBar
          className="border-t border-slate-100 pt-6"
          onDiscard={() => reset(defaults(saved))}
          dirty={isDirty}
          busy={isSubmitting}
          saveLabel={t("admin.settings.brand.save")}
        />
      </form>
    </SettingsCard>
  );
}
