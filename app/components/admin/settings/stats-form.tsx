import { BarChart3 } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { useFormat, useT } from "~/i18n/provider";
import { ApiError, type CallInput, type CallOutput } from "~/lib/api/client";
import { settingsApi } from "~/lib/api/settings";
import { toast } from "~/lib/toast";
import type { API } from "../../../../shared/api";
import { homeStatsArabicSchema } from "../../../../shared/content-schemas";
import { homeStatsSchema, STAT_LABEL_MAX, STAT_VALUE_MAX } from "../../../../shared/schemas";
import { applyServerErrors, failureText } from "../../manage/form-errors";
import { TextField, twinResolver, useArabicLabel } from "../../manage/form-fields";
import { SaveBar, SettingsCard } from "./settings-card";

/** A figure as the admin edits it: value, label and the label's Arabic. */
/** A figure as the settings API answers it (or the screen's loader reads it, where an absent Arabic label may be null). */
export type AdminStat = Omit<CallOutput<typeof API.settings.stats>["stats"][number], "labelAr"> & { labelAr?: string | null };

/** Each figure's value and label, and its label in Arabic (homeStatsArabicSchema's `labelAr`). */
type StatRow = z.input<typeof homeStatsSchema>["stats"][number] & { labelAr?: string | null };
type StatsInput = { stats: [StatRow, StatRow, StatRow] };
/** What the form gives on submit: the figures and their Arabic labels, as the save takes them. */
type StatsOutput = CallInput<typeof API.settings.saveStats>["body"];
const statsResolver = twinResolver<StatsInput>(homeStatsSchema, homeStatsArabicSchema);

/** The home page's three figures ('Global Impact'), each with its label in English and Arabic. */
export function StatsForm({ stats }: { stats: AdminStat[] }) {
  const t = useT();
  const f = useFormat();
  const arabic = useArabicLabel();
  const revalidator = useRevalidator();
  const toValues = (list: AdminStat[]): StatsInput =>
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
      const res = await settingsApi.saveStats({ body: values });
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
