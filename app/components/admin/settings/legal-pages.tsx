import { ExternalLink, RotateCcw, Scale } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { FieldError, Textarea } from "~/components/ui/input";
import { useFormat, useT } from "~/i18n/provider";
import { ApiError, type CallOutput } from "~/lib/api/client";
import { settingsApi } from "~/lib/api/settings";
import { toast } from "~/lib/toast";
import type { API } from "../../../../shared/api";
import { legalPageArabicSchema } from "../../../../shared/content-schemas";
import { LEGAL_BODY_MAX } from "../../../../shared/legal";
import { LEGAL_DEFAULTS, LEGAL_DEFAULTS_AR } from "../../../../shared/legal-text";
import { legalPageSchema } from "../../../../shared/schemas";
import { applyServerErrors, failureText } from "../../manage/form-errors";
import { TwinFields, twinResolver, useArabicLabel } from "../../manage/form-fields";
import { SaveBar, SettingsCard } from "./settings-card";

/** A legal page as the admin edits it: both texts, its address and whether it is still the default text. */
export type LegalPage = CallOutput<typeof API.settings.saveLegal>;

/** The three legal pages (privacy, terms, cookies), one form each. */
export function LegalPagesCard({ pages }: { pages: LegalPage[] }) {
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

/** One legal page: its English and Arabic text, the default text a click away. */
function LegalPageForm({ page: initial }: { page: LegalPage }) {
  const t = useT();
  const f = useFormat();
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
      const saved = await settingsApi.saveLegal({ params: { page: page.page }, body: values });
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
              <FieldError id={id} error={errors.body?.message && t.maybe(errors.body.message)} />
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
              <FieldError id={`${id}-ar`} error={errors.bodyAr?.message && t.maybe(errors.bodyAr.message)} />
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
