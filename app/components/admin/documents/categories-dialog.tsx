import { Loader2, Plus } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useFormat, useLocale, useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import { documentsApi } from "~/lib/api/documents";
import { toast } from "~/lib/toast";
import { showSaveError } from "../../manage/form-errors";
import { SubmitButton } from "../../manage/form-fields";
import { CategoryEditor, CategoryFields, EMPTY_CATEGORY, categoryResolver, type CategoryTwinForm, type CategoryTwinOut } from "./category-editor";
import type { Category, DocumentDto } from "./types";
import { DeleteIconButton, EditIconButton } from "~/components/ui/icon-buttons";

/** List, add, rename and delete document categories (a deleted category's documents stay, uncategorised). */
export function CategoriesDialog({
  open,
  onOpenChange,
  categories,
  documents,
  onChanged,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: Category[];
  documents: DocumentDto[];
  onChanged: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const f = useFormat();
  const [editingId, setEditingId] = React.useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = React.useState<number | null>(null);
  const [busy, setBusy] = React.useState<number | null>(null);
  const addForm = useForm<CategoryTwinForm, unknown, CategoryTwinOut>({ resolver: categoryResolver as never, defaultValues: EMPTY_CATEGORY });

  React.useEffect(() => {
    if (!open) {
      setEditingId(null);
      setConfirmDelete(null);
      addForm.reset(EMPTY_CATEGORY);
    }
  }, [open, addForm]);

  // Each category in the page's language where it has one; English text keeps its own direction.
  const shown = (c: Category) =>
    locale === "ar" && c.nameAr ? { name: c.nameAr, description: c.descriptionAr || c.description } : { name: c.name, description: c.description };
  const countIn = (id: number) => documents.filter((d) => d.categoryId === id).length;

  const add = addForm.handleSubmit(async (values) => {
    try {
      const created = await documentsApi.createCategory({ body: values });
      toast.success(t("admin.categories.added"), { description: created.name });
      addForm.reset(EMPTY_CATEGORY);
      onChanged();
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 409) && err.errors?.name) {
        addForm.setError("name", { type: "server", message: err.errors.name }, { shouldFocus: true });
        return;
      }
      showSaveError(err, t("admin.categories.addFailed"), t);
    }
  });

  async function remove(c: Category) {
    setBusy(c.id);
    try {
      await documentsApi.removeCategory({ params: { id: c.id } });
      toast.success(t("admin.categories.deleted"), { description: countIn(c.id) ? t("admin.categories.deletedText", { name: c.name }) : c.name });
      setConfirmDelete(null);
      onChanged();
    } catch (err) {
      showSaveError(err, t("admin.categories.deleteFailed"), t);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("admin.categories.title")}</DialogTitle>
          <DialogDescription>{t("admin.categories.description")}</DialogDescription>
        </DialogHeader>

        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={t("admin.categories.list")}>
          {categories.length === 0 ? <li className="px-4 py-8 text-center text-sm text-slate-500">{t("admin.categories.empty")}</li> : null}
          {categories.map((c) =>
            editingId === c.id ? (
              <li key={c.id} className="bg-slate-50/60 px-4 py-3">
                <CategoryEditor
                  category={c}
                  onCancel={() => setEditingId(null)}
                  onSaved={() => {
                    setEditingId(null);
                    onChanged();
                  }}
                />
              </li>
            ) : (
              <li key={c.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-navy-950">
                    <bdi>{shown(c).name}</bdi>{" "}
                    <span className="ms-1 text-xs font-normal text-slate-500">
                      {t("admin.categories.count", { count: countIn(c.id), shown: f.count(countIn(c.id)) })}
                    </span>
                  </p>
                  {shown(c).description ? (
                    <p dir="auto" className="truncate text-start text-xs text-slate-500">
                      {shown(c).description}
                    </p>
                  ) : null}
                </div>
                {confirmDelete === c.id ? (
                  <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("admin.categories.confirmNamed", { name: c.name })}>
                    <span className="text-xs text-slate-600">{t(countIn(c.id) ? "admin.categories.confirmKeepDocs" : "admin.categories.confirmDelete")}</span>
                    <Button size="sm" variant="outline" onClick={() => setConfirmDelete(null)}>
                      {t("admin.categories.keep")}
                    </Button>
                    <Button size="sm" variant="destructive" onClick={() => void remove(c)} disabled={busy === c.id}>
                      {busy === c.id ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                      {t("admin.action.delete")}
                    </Button>
                  </div>
                ) : (
                  <div className="flex shrink-0 items-center gap-1">
                    <EditIconButton
                      onClick={() => setEditingId(c.id)}
                      aria-label={t("admin.categories.renameNamed", { name: c.name })}
                      title={t("admin.categories.rename")}
                    />
                    <DeleteIconButton
                      onClick={() => setConfirmDelete(c.id)}
                      aria-label={t("admin.action.deleteNamed", { name: c.name })}
                      title={t("admin.action.delete")}
                    />
                  </div>
                )}
              </li>
            ),
          )}
        </ul>

        <form onSubmit={add} className="mt-5 space-y-3 rounded-lg border border-slate-200 p-4" noValidate aria-label={t("admin.categories.addTitle")}>
          <p className="text-sm font-semibold text-navy-950">{t("admin.categories.addTitle")}</p>
          <CategoryFields form={addForm} idPrefix="category" />
          <div className="flex justify-end">
            <SubmitButton busy={addForm.formState.isSubmitting} icon={Plus}>
              {t("admin.categories.add")}
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
