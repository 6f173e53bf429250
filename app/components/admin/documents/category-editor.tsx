import { useForm, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import { documentsApi } from "~/lib/api/documents";
import { toast } from "~/lib/toast";
import { documentCategoryArabicSchema } from "../../../../shared/content-schemas";
import { documentCategorySchema } from "../../../../shared/schemas";
import { showSaveError } from "../../manage/form-errors";
import { SubmitButton, TextField, twinResolver, useArabicLabel } from "../../manage/form-fields";
import type { Category } from "./types";

export type CategoryForm = z.input<typeof documentCategorySchema>;
export type CategoryOut = z.output<typeof documentCategorySchema>;
/** A category's name and description in English and Arabic, as the add and rename forms edit them. */
export type CategoryTwinForm = CategoryForm & z.input<typeof documentCategoryArabicSchema>;
export type CategoryTwinOut = CategoryOut & z.output<typeof documentCategoryArabicSchema>;
export const categoryResolver = twinResolver<CategoryTwinForm>(documentCategorySchema, documentCategoryArabicSchema);
export const EMPTY_CATEGORY: CategoryTwinForm = { name: "", description: "", nameAr: "", descriptionAr: "" };

/** The four fields, English and Arabic side by side (the description is optional in both). */
export function CategoryFields({
  form,
  idPrefix,
  autoFocus,
}: {
  form: UseFormReturn<CategoryTwinForm, unknown, CategoryTwinOut>;
  idPrefix: string;
  autoFocus?: boolean;
}) {
  const t = useT();
  const arabic = useArabicLabel();
  const optional = t("admin.categories.optional");
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField form={form} name="name" id={`${idPrefix}-name`} contentLang="en" label={t("admin.categories.name")} autoFocus={autoFocus} />
      <TextField form={form} name="nameAr" id={`${idPrefix}-nameAr`} contentLang="ar" label={arabic(t("admin.categories.name"))} />
      <TextField
        form={form}
        name="description"
        id={`${idPrefix}-description`}
        contentLang="en"
        label={t("admin.documents.field.description")}
        placeholder={optional}
      />
      <TextField
        form={form}
        name="descriptionAr"
        id={`${idPrefix}-descriptionAr`}
        contentLang="ar"
        label={arabic(t("admin.documents.field.description"))}
        placeholder={optional}
      />
    </div>
  );
}

/** Rename one category in place, in English and Arabic. */
export function CategoryEditor({ category, onCancel, onSaved }: { category: Category; onCancel: () => void; onSaved: () => void }) {
  const t = useT();
  const form = useForm<CategoryTwinForm, unknown, CategoryTwinOut>({
    resolver: categoryResolver as never,
    defaultValues: {
      name: category.name,
      description: category.description ?? "",
      nameAr: category.nameAr ?? "",
      descriptionAr: category.descriptionAr ?? "",
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await documentsApi.updateCategory({ params: { id: category.id }, body: values });
      toast.success(t("admin.categories.updated"), { description: saved.name });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.errors?.name) {
        form.setError("name", { type: "server", message: err.errors.name }, { shouldFocus: true });
        return;
      }
      showSaveError(err, t("admin.categories.updateFailed"), t);
    }
  });
  const { isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label={t("admin.categories.renameNamed", { name: category.name })}>
      <CategoryFields form={form} idPrefix={`category-${category.id}`} autoFocus />
      <div className="flex justify-end gap-2">
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          {t("manage.form.cancel")}
        </Button>
        <SubmitButton size="sm" busy={isSubmitting}>
          {t("admin.categories.save")}
        </SubmitButton>
      </div>
    </form>
  );
}
