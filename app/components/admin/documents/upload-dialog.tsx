import { Upload, X } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/input";
import { useFormat, useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import { uploadDocument } from "~/lib/documents-api";
import { toast } from "~/lib/toast";
import { UPLOAD_FAILED, isAbort } from "~/lib/upload";
import { cn } from "~/lib/utils";
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_MB, DOCUMENT_TYPES, fileTooLargeMessage } from "../../../../shared/schemas";
import { applyServerErrors } from "../form-errors";
import { DialogFormActions } from "../form-fields";
import { FileIcon } from "./file-icon";
import { MetaFields } from "./meta-fields";
import { metaFormResolver, titleFromFile, toPayload, type MetaFormInput, type MetaFormOutput } from "./meta-form";
import { extensionOf, type Category, type DocumentDto } from "./types";

/**
 * Upload a document: a file (type and size checked here, content on the server) with its metadata,
 * sent with a progress bar; closing the dialog cancels an upload under way.
 */
export function UploadDialog({
  open,
  onOpenChange,
  categories,
  onUploaded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: Category[];
  onUploaded: (doc: DocumentDto) => void;
}) {
  const t = useT();
  const f = useFormat({ table: true });
  const form = useForm<MetaFormInput, unknown, MetaFormOutput>({
    resolver: metaFormResolver as never,
    defaultValues: { title: "", description: "", titleAr: "", descriptionAr: "", categoryId: "", isPublic: false },
  });
  const [file, setFile] = React.useState<File | null>(null);
  const [fileError, setFileError] = React.useState<string | null>(null);
  const [progress, setProgress] = React.useState<number | null>(null);
  const abort = React.useRef<AbortController | null>(null);
  const fileInput = React.useRef<HTMLInputElement>(null);

  React.useEffect(() => {
    if (open) {
      form.reset({ title: "", description: "", categoryId: "", isPublic: false });
      setFile(null);
      setFileError(null);
      setProgress(null);
    } else {
      abort.current?.abort();
    }
  }, [open, form]);

  function choose(f: File | null) {
    setFileError(null);
    setFile(null);
    if (!f) return;
    if (!(DOCUMENT_TYPES as readonly string[]).includes(extensionOf(f.name))) {
      setFileError(t("admin.upload.wrongType"));
      return;
    }
    if (f.size > DOCUMENT_MAX_MB * 1024 * 1024) {
      setFileError(t.maybe(fileTooLargeMessage(DOCUMENT_MAX_MB)) ?? "");
      return;
    }
    setFile(f);
    if (!form.getValues("title")) form.setValue("title", titleFromFile(f.name), { shouldValidate: true });
  }

  const submit = form.handleSubmit(async (values) => {
    if (!file) {
      setFileError(t("admin.upload.chooseFile"));
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const doc = await uploadDocument(toPayload(values), file, { onProgress: setProgress, signal: controller.signal });
      onUploaded(doc);
      toast.success(t("admin.upload.done"), { description: doc.title });
      onOpenChange(false);
    } catch (err) {
      if (isAbort(err)) return;
      if (err instanceof ApiError && applyServerErrors(err, form.setError, t)) return;
      if (err instanceof ApiError && (err.status === 413 || err.status === 415 || err.status === 400)) setFileError(t.maybe(err.message) ?? "");
      toast.error(t("admin.upload.failed"), { description: err instanceof Error ? t.maybe(err.message) : t(UPLOAD_FAILED) });
    } finally {
      setProgress(null);
      abort.current = null;
    }
  });

  const uploading = progress !== null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t("admin.documents.upload")}</DialogTitle>
          <DialogDescription>{t("admin.upload.description", { max: f.count(DOCUMENT_MAX_MB) })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div className="space-y-1.5">
            <Label htmlFor="document-file">{t("admin.upload.file")}</Label>
            <div
              className={cn(
                "flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors",
                fileError ? "border-red-300 bg-red-50/40" : file ? "border-emerald-300 bg-emerald-50/40" : "border-slate-300 bg-slate-50/60",
              )}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (!uploading) choose(e.dataTransfer.files?.[0] ?? null);
              }}
            >
              {file ? (
                <div className="flex w-full items-center gap-3 text-start">
                  <FileIcon fileName={file.name} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-navy-950">
                      <bdi>{file.name}</bdi>
                    </p>
                    <p className="text-xs text-slate-500">{f.fileSize(file.size)}</p>
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => {
                      setFile(null);
                      if (fileInput.current) fileInput.current.value = "";
                    }}
                    disabled={uploading}
                    aria-label={t("admin.upload.removeFile")}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </div>
              ) : (
                <>
                  <Upload className="h-6 w-6 text-slate-400" aria-hidden="true" />
                  <p className="text-sm text-slate-600">{t("admin.upload.drop")}</p>
                  <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                    {t("admin.upload.choose")}
                  </Button>
                </>
              )}
              <input
                ref={fileInput}
                id="document-file"
                type="file"
                accept={DOCUMENT_ACCEPT}
                className="sr-only"
                aria-invalid={Boolean(fileError)}
                aria-describedby={fileError ? "document-file-error" : undefined}
                onChange={(e) => choose(e.target.files?.[0] ?? null)}
                disabled={uploading}
              />
            </div>
            {fileError ? (
              <p id="document-file-error" role="alert" className="text-sm text-red-600">
                {fileError}
              </p>
            ) : null}
          </div>

          <MetaFields form={form} categories={categories} idPrefix="upload" />

          {uploading ? (
            <div className="space-y-1.5">
              <div className="flex justify-between text-xs font-medium text-slate-600">
                <span>{t(progress! < 100 ? "admin.upload.uploading" : "admin.upload.checking")}</span>
                <span className="tabular-nums">{t("admin.upload.percent", { percent: f.count(progress!) })}</span>
              </div>
              <div
                role="progressbar"
                aria-label={t("admin.upload.progress")}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress!}
                className="h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-gold-500 transition-[width] duration-200" style={{ width: `${progress}%` }} />
              </div>
            </div>
          ) : null}

          <DialogFormActions
            onCancel={() => onOpenChange(false)}
            busy={uploading}
            submitIcon={Upload}
            submitLabel={t(uploading ? "admin.upload.submitting" : "admin.documents.upload")}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
