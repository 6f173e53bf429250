import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api";
import { documentsApi } from "~/lib/documents-api";
import { toast } from "~/lib/toast";
import { documentCategoryArabicSchema } from "../../../../shared/content-schemas";
import { documentCategorySchema } from "../../../../shared/schemas";
import { showSaveError } from "../form-errors";
import { SubmitButton, TextField, twinResolver, useArabicLabel } from "../form-fields";
import type { Category } from "./types";

export type CategoryForm = z.input<typeof documentCategorySchema>;
export type CategoryOut = z.output<typeof documentCategorySchema>;
type EditorForm = CategoryForm & z.input<typeof documentCategoryArabicSchema>;
type EditorOut = CategoryOut & z.output<typeof documentCategoryArabicSchema>;
const editorResolver = twinResolver<EditorForm>(documentCategorySchema, documentCategoryArabicSchema);

/** Rename one category in place, in English and Arabic. */
export function CategoryEditor({ category, onCancel, onSaved }: { category: Category; onCancel: () => void; onSaved: () => void }) {
  const t = useT();
  const arabic = useArabicLabel();
  const form = useForm<EditorForm, unknown, EditorOut>({
    resolver: editorResolver as never,
    defaultValues: {
      name: category.name,
      description: category.description ?? "",
      nameAr: category.nameAr ?? "",
      descriptionAr: category.descriptionAr ?? "",
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await documentsApi.updateCategory(category.id, values);
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
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField form={form} name="name" id={`category-${category.id}-name`} contentLang="en" label={t("admin.categories.name")} autoFocus />
        <TextField form={form} name="nameAr" id={`category-${category.id}-nameAr`} contentLang="ar" label={arabic(t("admin.categories.name"))} />
        <TextField form={form} name="description" id={`category-${category.id}-description`} contentLang="en" label={t("admin.documents.field.description")} />
        <TextField
          form={form}
          name="descriptionAr"
          id={`category-${category.id}-descriptionAr`}
          contentLang="ar"
          label={arabic(t("admin.documents.field.description"))}
        />
      </div>
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
