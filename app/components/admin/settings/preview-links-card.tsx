import { zodResolver } from "@hookform/resolvers/zod";
import { Link2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { Input, Field } from "~/components/ui/input";
import { useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import { settingsApi } from "~/lib/api/settings";
import { toast } from "~/lib/toast";
import { isMessageId } from "../../../../shared/i18n/messages";
import { PREVIEW_LINK_HOURS, previewLinkHoursSchema } from "../../../../shared/preview";
import { applyServerErrors, failureText } from "../../manage/form-errors";
import { SaveBar, SettingsCard } from "./settings-card";

type HoursForm = { hours: number };

/** How many hours a new preview link works (1 to 720); links already made keep their expiry. */
export function PreviewLinksCard({ hours }: { hours: number }) {
  const t = useT();
  const form = useForm<HoursForm>({ resolver: zodResolver(previewLinkHoursSchema), defaultValues: { hours } });
  const { register, handleSubmit, formState, reset, setError } = form;
  const { errors, isSubmitting, isDirty } = formState;
  const error = errors.hours?.message;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await settingsApi.setPreviewLinkHours({ body: values });
      reset(saved);
      toast.success(t("admin.settings.preview.saved"));
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, setError, t)) return;
      toast.error(t("admin.settings.preview.title"), { description: failureText(err, t) });
    }
  });

  return (
    <SettingsCard icon={Link2} title={t("admin.settings.preview.title")} description={t("admin.settings.preview.description")}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="max-w-xs">
          <Field
            id="preview-link-hours"
            label={t("admin.settings.preview.hours")}
            hint={t("admin.settings.preview.hint")}
            error={error ? (isMessageId(error) ? t(error) : error) : undefined}
          >
            <Input
              id="preview-link-hours"
              type="number"
              inputMode="numeric"
              min={PREVIEW_LINK_HOURS.min}
              max={PREVIEW_LINK_HOURS.max}
              step={1}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "preview-link-hours-error" : undefined}
              {...register("hours", { valueAsNumber: true })}
            />
          </Field>
        </div>
        <SaveBar onDiscard={() => reset()} dirty={isDirty} busy={isSubmitting} saveLabel={t("admin.settings.preview.save")} />
      </form>
    </SettingsCard>
  );
}
