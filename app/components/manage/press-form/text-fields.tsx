import { useT } from "~/i18n/provider";
import { PRESS_LIMITS } from "../../../../shared/limits";
import { TextAreaField, TextField, TwinFields, useArabicLabel } from "../form-fields";
import { RichTextField } from "../rich-text/rich-text-field";
import type { PressFormState } from "./use-press-form";

type Props = { press: PressFormState };

/** The title and the summary, each in English and Arabic, with their character counts. */
export function TitleSummaryFields({ press }: Props) {
  const t = useT();
  const arabic = useArabicLabel();
  const { form, field } = press;
  const title = form.watch("title") ?? "";
  const summary = form.watch("summary") ?? "";
  const titleAr = form.watch("titleAr") ?? "";
  const summaryAr = form.watch("summaryAr") ?? "";
  return (
    <>
      <TwinFields>
        <TextField
          {...field("title")}
          contentLang="en"
          label={t("manage.press.field.title")}
          hint={t("manage.form.characters", { count: title.length, max: PRESS_LIMITS.title.max })}
          maxLength={PRESS_LIMITS.title.max}
        />
        <TextField
          {...field("titleAr")}
          contentLang="ar"
          label={arabic(t("manage.press.field.title"))}
          hint={t("manage.form.characters", { count: titleAr.length, max: PRESS_LIMITS.title.max })}
          maxLength={PRESS_LIMITS.title.max}
        />
      </TwinFields>
      <TwinFields>
        <TextAreaField
          {...field("summary")}
          contentLang="en"
          label={t("manage.press.field.summary")}
          hint={t("manage.press.field.summaryHint", { count: summary.length, max: PRESS_LIMITS.summary.max })}
          rows={2}
          maxLength={PRESS_LIMITS.summary.max}
        />
        <TextAreaField
          {...field("summaryAr")}
          contentLang="ar"
          label={arabic(t("manage.press.field.summary"))}
          hint={t("manage.press.field.summaryHint", { count: summaryAr.length, max: PRESS_LIMITS.summary.max })}
          rows={2}
          maxLength={PRESS_LIMITS.summary.max}
        />
      </TwinFields>
    </>
  );
}

/**
 * The release's body in English and Arabic: the rich-text editor (loaded when the form opens), the Arabic one right to
 * left. Each writes its document and its HTML into the form.
 */
export function ContentFields({ press }: Props) {
  const t = useT();
  const arabic = useArabicLabel();
  const { form, resetKey } = press;
  return (
    <TwinFields>
      <RichTextField
        form={form}
        htmlName="content"
        docName="contentDoc"
        id="pr-content"
        language="en"
        label={t("manage.press.field.content")}
        hint={t("manage.press.field.contentEditorHint")}
        resetKey={resetKey}
      />
      <RichTextField
        form={form}
        htmlName="contentAr"
        docName="contentArDoc"
        id="pr-contentAr"
        language="ar"
        label={arabic(t("manage.press.field.content"))}
        hint={t("manage.press.field.contentEditorHint")}
        resetKey={resetKey}
      />
    </TwinFields>
  );
}

/** The optional display titles in English and Arabic. */
export function DisplayTitleFields({ press }: Props) {
  const t = useT();
  const { field } = press;
  return (
    <TwinFields>
      <TextField {...field("displayTitle")} contentLang="en" label={t("manage.press.field.displayTitle")} hint={t("manage.press.field.displayTitleHint")} />
      <TextField {...field("displayTitleAr")} contentLang="ar" label={t("manage.press.field.displayTitleAr")} hint={t("manage.press.field.displayTitleHint")} />
    </TwinFields>
  );
}
