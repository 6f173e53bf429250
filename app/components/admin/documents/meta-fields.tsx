import { Controller, type UseFormReturn } from "react-hook-form";
import { Label } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { useT } from "~/i18n/provider";
import { SelectField, TextAreaField, TextField, TwinFields, useArabicLabel } from "../form-fields";
import type { MetaFormInput, MetaFormOutput } from "./meta-form";
import type { Category } from "./types";

/** Title, description, category and visibility: the fields of the upload and edit dialogs. */
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
            {c.name}
          </option>
        ))}
      </SelectField>
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
