import { Upload, X } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { FieldError, Label } from "~/components/ui/input";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { DOCUMENT_ACCEPT } from "../../../../shared/schemas";
import { FileIcon } from "./file-icon";

/** The document's file: dropped or chosen, shown with its size once accepted, or the reason it was refused. */
export function FileDropZone({
  id = "document-file",
  label,
  file,
  fileError,
  uploading,
  onChoose,
  onRemove,
}: {
  /** The file input's id (the upload dialog's by default). */
  id?: string;
  /** The field's label ('File' by default). */
  label?: string;
  file: File | null;
  fileError: string | null;
  uploading: boolean;
  onChoose: (file: File | null) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const f = useFormat();
  const fileInput = React.useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label ?? t("admin.upload.file")}</Label>
      <div
        className={cn(
          "flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors",
          fileError ? "border-red-300 bg-red-50/40" : file ? "border-emerald-300 bg-emerald-50/40" : "border-slate-300 bg-slate-50/60",
        )}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          if (!uploading) onChoose(e.dataTransfer.files?.[0] ?? null);
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
                onRemove();
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
          id={id}
          type="file"
          accept={DOCUMENT_ACCEPT}
          className="sr-only"
          aria-invalid={Boolean(fileError)}
          aria-describedby={fileError ? `${id}-error` : undefined}
          onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
          disabled={uploading}
        />
      </div>
      <FieldError id={id} error={fileError} />
    </div>
  );
}

/** The upload's progress: uploading until every byte is sent, then checking while the server inspects the file. */
export function DocumentUploadProgress({ progress }: { progress: number }) {
  const t = useT();
  const f = useFormat();
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between text-xs font-medium text-slate-600">
        <span>{t(progress < 100 ? "admin.upload.uploading" : "admin.upload.checking")}</span>
        <span className="tabular-nums">{t("admin.upload.percent", { percent: f.count(progress) })}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t("admin.upload.progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-gold-500 transition-[width] duration-200" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}
