import * as React from "react";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useFormat, useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import { documentsApi } from "~/lib/api/documents";
import { toast } from "~/lib/toast";
import { applyServerErrors, showSaveError } from "../../manage/form-errors";
import { DialogFormActions } from "../../manage/form-fields";
import { MetaFields, STICKY_FOOTER } from "./meta-fields";
import { metaFormResolver, toPayload, type MetaFormInput, type MetaFormOutput } from "./meta-form";
import type { Category, DocRow, DocumentDto } from "./types";

/** Edit a document's metadata. A save over someone else's newer edit (409) or of a deleted document reloads the list. */
export function EditDialog({
  doc,
  onOpenChange,
  categories,
  onSaved,
  onStale,
}: {
  doc: DocRow | null;
  onOpenChange: (open: boolean) => void;
  categories: Category[];
  onSaved: (doc: DocumentDto) => void;
  onStale: () => void;
}) {
  const t = useT();
  const f = useFormat();
  const form = useForm<MetaFormInput, unknown, MetaFormOutput>({ resolver: metaFormResolver as never });
  React.useEffect(() => {
    if (doc) {
      form.reset({
        title: doc.title,
        description: doc.description ?? "",
        titleAr: doc.titleAr ?? "",
        descriptionAr: doc.descriptionAr ?? "",
        categoryId: doc.categoryId == null ? "" : String(doc.categoryId),
        isPublic: doc.isPublic,
        periodKind: doc.periodKind ?? "",
        periodYear: doc.periodYear == null ? "" : String(doc.periodYear),
        publishedAt: doc.publishedAt,
      });
    }
  }, [doc, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!doc) return;
    try {
      const saved = await documentsApi.update({ params: { id: doc.id }, body: { ...toPayload(values), updatedAt: doc.updatedAt } });
      onSaved(saved);
      toast.success(t("admin.documents.updated"), { description: saved.title });
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, form.setError, t)) return;
      showSaveError(err, t("admin.documents.updateFailed"), t);
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
        onStale();
        onOpenChange(false);
      }
    }
  });

  return (
    <Dialog open={Boolean(doc)} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t("admin.documents.editTitle")}</DialogTitle>
          <DialogDescription>
            {doc ? (
              <>
                <bdi>{doc.fileName}</bdi> · {f.fileSize(doc.fileSize) ?? "—"}
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <MetaFields form={form} categories={categories} idPrefix="edit" />
          <DialogFormActions
            className={STICKY_FOOTER}
            onCancel={() => onOpenChange(false)}
            busy={form.formState.isSubmitting}
            submitLabel={t("admin.documents.saveChanges")}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
