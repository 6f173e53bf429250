import { ImageIcon, Loader2, Upload, X } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";

/** The preview box: the image (contained for logos, covering for banners), or an icon, with a spinner while uploading. */
export function ImagePreview({
  preview,
  broken,
  onBroken,
  uploading,
  previewShape,
}: {
  preview: string | null;
  broken: boolean;
  onBroken: () => void;
  uploading: boolean;
  previewShape: "wide" | "square";
}) {
  return (
    <div
      className={cn(
        "relative flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50",
        previewShape === "square" ? "h-20 w-20" : "h-20 w-full sm:w-32",
      )}
    >
      {preview && !broken ? (
        <img src={preview} alt="" className={cn("h-full w-full", previewShape === "square" ? "object-contain p-2" : "object-cover")} onError={onBroken} />
      ) : (
        <ImageIcon className="h-6 w-6 text-slate-400" aria-hidden="true" />
      )}
      {uploading ? (
        <div className="absolute inset-0 flex items-center justify-center bg-white/70">
          <Loader2 className="h-5 w-5 animate-spin text-navy-800" aria-hidden="true" />
        </div>
      ) : null}
    </div>
  );
}

/** The hidden file input, 'Upload Image', 'Remove' or 'Cancel', and the hint. */
export function UploadActions({
  id,
  label,
  hasValue,
  uploading,
  hint,
  onFile,
  onRemove,
  onCancel,
}: {
  id: string;
  label: string;
  hasValue: boolean;
  uploading: boolean;
  hint: string;
  onFile: (file: File | undefined) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const fileInput = React.useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={t("manage.upload.fileLabel", { label })}
        data-testid={`${id}-file`}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={uploading}>
        <Upload className="h-4 w-4" aria-hidden="true" />
        {t(uploading ? "manage.upload.uploading" : "manage.upload.uploadImage")}
      </Button>
      {hasValue && !uploading ? (
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <X className="h-4 w-4" aria-hidden="true" />
          {t("manage.upload.remove")}
        </Button>
      ) : null}
      {uploading ? (
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          {t("manage.form.cancel")}
        </Button>
      ) : null}
      <span id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </span>
    </div>
  );
}

/** The upload's progress bar, named after the field. */
export function UploadProgress({ label, progress }: { label: string; progress: number | null }) {
  const t = useT();
  return (
    <div
      role="progressbar"
      aria-label={t("manage.upload.progress", { label: label.toLocaleLowerCase() })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress ?? 0}
      className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full rounded-full bg-gold-500 transition-[width] duration-150" style={{ width: `${progress ?? 0}%` }} />
    </div>
  );
}
