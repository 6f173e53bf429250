import { zodResolver } from "@hookform/resolvers/zod";
import { Gauge } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { useAdminData } from "~/hooks/use-admin-data";
import { useFormat, useT } from "~/i18n/provider";
import { alertsAdminApi } from "~/lib/api/alerts-admin";
import { ApiError } from "~/lib/api/client";
import { toast } from "~/lib/toast";
import { ALERT_RATE, REMINDER_HOUR } from "../../../../shared/alerts";
import { alertSettingsSchema, type AlertSettings } from "../../../../shared/alerts-schemas";
import { applyServerErrors, failureText } from "../../manage/form-errors";
import { TextField } from "../../manage/form-fields";
import { CardSkeleton, SaveBar, SettingsCard } from "../settings/settings-card";
import { SwitchField } from "../../manage/switch-field";

const fetchSettings = (): Promise<AlertSettings | null> => alertsAdminApi.settings();

/** The form once the settings are read: e-mails per minute and the day-before reminders. */
function AlertSettingsForm({ settings }: { settings: AlertSettings }) {
  const t = useT();
  const f = useFormat();
  const form = useForm<AlertSettings>({ resolver: zodResolver(alertSettingsSchema), defaultValues: settings });
  const { handleSubmit, formState, reset, setError, control } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(await alertsAdminApi.setSettings({ body: values }));
      toast.success(t("admin.alerts.settings.saved"));
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, setError, t)) return;
      toast.error(t("admin.alerts.settings.notSaved"), { description: failureText(err, t) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="max-w-xs">
        <TextField
          form={form}
          name="perMinute"
          id="alert-settings-perMinute"
          type="number"
          inputMode="numeric"
          min={ALERT_RATE.min}
          max={ALERT_RATE.max}
          step={1}
          registerOptions={{ valueAsNumber: true }}
          label={t("admin.alerts.settings.perMinute")}
          hint={t("admin.alerts.settings.perMinuteHint", { min: f.count(ALERT_RATE.min), max: f.count(ALERT_RATE.max) })}
        />
      </div>
      <SwitchField
        control={control}
        name="reminders"
        id="alert-settings-reminders"
        label={t("admin.alerts.settings.reminders")}
        text={t("admin.alerts.settings.remindersText", { hour: String(REMINDER_HOUR).padStart(2, "0") })}
      />
      <SaveBar onDiscard={() => reset()} dirty={formState.isDirty} busy={formState.isSubmitting} saveLabel={t("admin.alerts.settings.save")} />
    </form>
  );
}

/** 'Alert settings': how many alert e-mails leave per minute, and whether subscribers are reminded of tomorrow's events. */
export function AlertSettingsCard() {
  const t = useT();
  const { data, status, refreshing, load } = useAdminData(fetchSettings, null);
  if (!data && status !== "failed") return <CardSkeleton icon={Gauge} title={t("admin.alerts.settings.title")} />;
  return (
    <SettingsCard icon={Gauge} title={t("admin.alerts.settings.title")} description={t("admin.alerts.settings.description")}>
      {data ? (
        <AlertSettingsForm settings={data} />
      ) : (
        <div role="alert" className="flex flex-col gap-3 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between">
          <p>{t("admin.alerts.settings.loadFailed")}</p>
          <Button variant="outline" size="sm" onClick={() => void load()} disabled={refreshing}>
            {t("admin.action.tryAgain")}
          </Button>
        </div>
      )}
    </SettingsCard>
  );
}
