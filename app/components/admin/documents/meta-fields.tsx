import { Controller, type UseFormReturn } from "react-hook-form";
import { Label } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { useLocale, useT } from "~/i18n/provider";
import { PERIOD_KINDS } from "../../../../shared/document-period";
import { SelectField, TextAreaField, TextField, TwinFields, useArabicLabel } from "../../manage/form-fields";
import type { MetaFormInput, MetaFormOutput } from "./meta-form";
import { categoryLabel, type Category } from "./types";

/**
 * The dialogs' buttons stay in sight at the bottom of a dialog taller than the screen (a phone): they stick to the
 * scrolling dialog's lower edge over the fields.
 */
export const STICKY_FOOTER = "sticky bottom-0 z-10 -mx-6 -mb-6 border-t border-slate-200 bg-white px-6 py-4";

/** Title, description, category, reporting period, publication date and visibility: the upload and edit dialogs' fields. */
export function MetaFields({
  form,
  categories,
  idPrefix,
}: {
  form: UseFormReturn<MetaFormInput, unknown, MetaFormOutput>;
  categories: Category[];
  idPrefix: string;
}) {
  const t = useT();
  const locale = useLocale();
  const arabic = useArabicLabel();
  const { control } = form;
  return (
    <>
      <TwinFields>
        <TextField form={form} name="title" id={`${idPrefix}-title`} contentLang="en" label={t("admin.documents.col.title")} />
        <TextField form={form} name="titleAr" id={`${idPrefix}-titleAr`} contentLang="ar" label={arabic(t("admin.documents.col.title"))} />
      </TwinFields>
      <TwinFields>
        <TextAreaField
          form={form}
          name="description"
          id={`${idPrefix}-description`}
          contentLang="en"
          label={t("admin.documents.field.description")}
          hint={t("admin.documents.field.descriptionHint")}
          rows={3}
        />
        <TextAreaField
          form={form}
          name="descriptionAr"
          id={`${idPrefix}-descriptionAr`}
          contentLang="ar"
          label={arabic(t("admin.documents.field.description"))}
          hint={t("admin.documents.field.descriptionHint")}
          rows={3}
        />
      </TwinFields>
      <SelectField form={form} name="categoryId" id={`${idPrefix}-category`} label={t("admin.documents.col.category")}>
        <option value="">{t("admin.documents.field.noCategory")}</option>
        {categories.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {categoryLabel(c, locale)}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectField
          form={form}
          name="periodKind"
          id={`${idPrefix}-periodKind`}
          label={t("admin.documents.field.periodKind")}
          hint={t("admin.documents.field.periodHint")}
        >
          <option value="">{t("admin.documents.field.noPeriod")}</option>
          {PERIOD_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`admin.documents.periodKind.${k}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          form={form}
          name="periodYear"
          id={`${idPrefix}-periodYear`}
          label={t("admin.documents.field.periodYear")}
          type="number"
          inputMode="numeric"
          min={1990}
          max={9999}
        />
        <TextField
          form={form}
          name="publishedAt"
          id={`${idPrefix}-publishedAt`}
          label={t("admin.documents.field.publishedAt")}
          hint={t("admin.documents.field.publishedAtHint")}
          type="date"
        />
      </div>
      <Controller
        control={control}
        name="isPublic"
        render={({ field }) => (
          <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 bg-slate-50/60 p-4">
            <div>
              <Label htmlFor={`${idPrefix}-public`}>{t("admin.documents.field.public")}</Label>
              <p className="mt-0.5 text-xs text-slate-500">{t(field.value ? "admin.documents.field.publicOn" : "admin.documents.field.publicOff")}</p>
            </div>
            <Switch id={`${idPrefix}-public`} checked={Boolean(field.value)} onCheckedChange={field.onChange} />
          </div>
        )}
      />
    </>
  );
}
