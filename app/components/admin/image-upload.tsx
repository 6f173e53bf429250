import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { ImageIcon, Link2, Loader2, Upload, X } from "lucide-react";
import * as React from "react";
import { toast } from "~/lib/toast";
import { UPLOAD_FAILED, isAbort, uploadTo } from "~/lib/upload";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { IconInput } from "./icon-input";
import { uploadEndpoints } from "../../../shared/api/uploads";
import type { StoredImage } from "../../../shared/api/uploads";
import { UPLOAD_LIMITS_MB, fileTooLargeMessage, type UploadKind } from "../../../shared/schemas";

// Each kind has its own size limit (banner 10 MB, company logo 1 MB, any other image 5 MB), shared with the server.
export type { UploadKind };

/** Uploads the image (with progress) and resolves with the stored URL the server returns. */
async function uploadFile(file: File, kind: UploadKind, onProgress: (percent: number) => void, signal: AbortSignal): Promise<StoredImage> {
  const form = new FormData();
  form.append("file", file);
  const answer = await uploadTo(uploadEndpoints.image, { query: { kind }, body: form }, { onProgress, signal });
  // A 2xx from something other than the API (a proxy's page) has no URL to save.
  if (typeof answer.url !== "string" || !answer.url) throw new Error(UPLOAD_FAILED);
  return answer;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("manage.upload.readError")));
    reader.onerror = () => reject(new Error("manage.upload.readError"));
    reader.readAsDataURL(file);
  });
}

export type ImageUploadProps = {
  id: string;
  label: string;
  value: string | null | undefined;
  onChange: (url: string) => void;
  kind?: UploadKind;
  /** Overrides the kind's limit. */
  maxSizeMB?: number;
  error?: string;
  hint?: string;
  /** Logos are shown contained on white; banners cover the preview box. */
  previewShape?: "wide" | "square";
};

/**
 * The image control of the admin forms: type an image URL or choose a file. A chosen file is checked
 * (image type, size limit), previewed at once from a data URL, and uploaded (the admin uploads endpoint) with a
 * progress bar; the field then holds the URL the server returns. Only that URL is ever saved.
 */
export function ImageUpload({ id, label, value, onChange, kind = "image", maxSizeMB, error, hint, previewShape = "wide" }: ImageUploadProps) {
  const t = useT();
  const f = useFormat({ table: true });
  const limit = maxSizeMB ?? UPLOAD_LIMITS_MB[kind];
  const fileInput = React.useRef<HTMLInputElement>(null);
  const abort = React.useRef<AbortController | null>(null);
  const [progress, setProgress] = React.useState<number | null>(null);
  const [localPreview, setLocalPreview] = React.useState<string | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [broken, setBroken] = React.useState(false);

  React.useEffect(() => () => abort.current?.abort(), []);
  React.useEffect(() => setBroken(false), [value]);

  const uploading = progress !== null;
  const preview = localPreview ?? (value ? value : null);
  const shownError = problem ?? error;

  async function handleFile(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    if (!file.type.startsWith("image/")) {
      fail(t("manage.upload.onlyImages"));
      return;
    }
    if (file.size > limit * 1024 * 1024) {
      fail(t.maybe(fileTooLargeMessage(limit)) ?? "");
      return;
    }
    try {
      setLocalPreview(await readAsDataUrl(file));
    } catch {
      fail(t("manage.upload.readError"));
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const answer = await uploadFile(file, kind, setProgress, controller.signal);
      onChange(answer.url);
      toast.success(t("manage.upload.imageUploaded"));
    } catch (err) {
      if (isAbort(err)) return;
      const message = (err as Error).message;
      fail(t.maybe(UPLOAD_FAILED) ?? "", message !== UPLOAD_FAILED ? t.maybe(message) : undefined);
    } finally {
      if (abort.current === controller) abort.current = null;
      setProgress(null);
      setLocalPreview(null);
    }
  }

  function fail(message: string, detail?: string) {
    setProblem(detail ? `${message}: ${detail}` : message);
    toast.error(message, detail ? { description: detail } : undefined);
  }

  const describedBy = [shownError ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(" ");

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div
          className={cn(
            "relative flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50",
            previewShape === "square" ? "h-20 w-20" : "h-20 w-full sm:w-32",
          )}
        >
          {preview && !broken ? (
            <img
              src={preview}
              alt=""
              className={cn("h-full w-full", previewShape === "square" ? "object-contain p-2" : "object-cover")}
              onError={() => setBroken(true)}
            />
          ) : (
            <ImageIcon className="h-6 w-6 text-slate-400" aria-hidden="true" />
          )}
          {uploading ? (
            <div className="absolute inset-0 flex items-center justify-center bg-white/70">
              <Loader2 className="h-5 w-5 animate-spin text-navy-800" aria-hidden="true" />
            </div>
          ) : null}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <IconInput
            icon={Link2}
            dir="ltr"
            id={id}
            value={value ?? ""}
            onChange={(e) => {
              setProblem(null);
              onChange(e.target.value);
            }}
            placeholder={t("manage.upload.urlPlaceholder")}
            disabled={uploading}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={describedBy}
          />
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
                void handleFile(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
            <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={uploading}>
              <Upload className="h-4 w-4" aria-hidden="true" />
              {t(uploading ? "manage.upload.uploading" : "manage.upload.uploadImage")}
            </Button>
            {value && !uploading ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => {
                  setProblem(null);
                  onChange("");
                }}
              >
                <X className="h-4 w-4" aria-hidden="true" />
                {t("manage.upload.remove")}
              </Button>
            ) : null}
            {uploading ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
                {t("manage.form.cancel")}
              </Button>
            ) : null}
            <span id={`${id}-hint`} className="text-xs text-slate-500">
              {hint ?? t("manage.upload.imageHint", { limit: f.count(limit) })}
            </span>
          </div>
          {uploading ? (
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
          ) : null}
          {shownError ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
              {t.maybe(shownError)}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** An ImageUpload bound to a react-hook-form field that holds the image URL. */
export function ImageField<T extends FieldValues>({
  control,
  name,
  ...props
}: Omit<ImageUploadProps, "value" | "onChange"> & { control: Control<T>; name: Path<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <ImageUpload {...props} value={field.value as string | null} onChange={field.onChange} />}
    />
  );
}
