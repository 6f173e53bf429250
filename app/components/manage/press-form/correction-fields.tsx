import { useT } from "~/i18n/provider";
import { PRESS_LIMITS } from "../../../../shared/limits";
import { TextAreaField, TwinFields, useArabicLabel } from "../form-fields";
import type { PressFormState } from "./use-press-form";

/**
 * The public note on a correction, in English and Arabic. Shown only while editing a published release: saving one
 * is a correction, which its page shows as 'Updated on <day>' with this note; a draft's edit is not.
 */
export function CorrectionFields({ press }: { press: PressFormState }) {
  const t = useT();
  const arabic = useArabicLabel();
  const { form, field } = press;
  const note = form.watch("correctionNote") ?? "";
  const noteAr = form.watch("correctionNoteAr") ?? "";
  const max = PRESS_LIMITS.correctionNote.max;
  return (
    <fieldset className="space-y-3 rounded-lg border border-gold-300 bg-gold-50/50 p-4">
      <legend className="px-1 text-sm font-semibold text-navy-950">{t("manage.press.correction.legend")}</legend>
      <p className="text-sm text-slate-600">{t("manage.press.correction.hint")}</p>
      <TwinFields>
        <TextAreaField
          {...field("correctionNote")}
          contentLang="en"
          label={t("manage.press.field.correctionNote")}
          hint={t("manage.form.characters", { count: note.length, max })}
          rows={2}
          maxLength={max}
        />
        <TextAreaField
          {...field("correctionNoteAr")}
          contentLang="ar"
          label={arabic(t("manage.press.field.correctionNote"))}
          hint={t("manage.form.characters", { count: noteAr.length, max })}
          rows={2}
          maxLength={max}
        />
      </TwinFields>
    </fieldset>
  );
}
