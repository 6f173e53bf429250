import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { Link2 } from "lucide-react";
import { FieldError, Label } from "~/components/ui/input";
import { useFormat, useT } from "~/i18n/provider";
import { IconInput } from "./icon-input";
import { ImagePreview, UploadActions, UploadProgress } from "./image-upload/image-upload-parts";
import { useImageUpload } from "./image-upload/use-image-upload";
import { UPLOAD_LIMITS_MB, type UploadKind } from "../../../shared/schemas";

// Each kind has its own size limit (banner 10 MB, company logo 1 MB, any other image 5 MB), shared with the server.
export type { UploadKind };

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
  const f = useFormat();
  const limit = maxSizeMB ?? UPLOAD_LIMITS_MB[kind];
  const upload = useImageUpload({ value, onChange, kind, limit, error });
  const { uploading, shownError } = upload;

  const describedBy = [shownError ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(" ");

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <ImagePreview preview={upload.preview} broken={upload.broken} onBroken={upload.markBroken} uploading={uploading} previewShape={previewShape} />
        <div className="min-w-0 flex-1 space-y-2">
          <IconInput
            icon={Link2}
            dir="ltr"
            id={id}
            value={value ?? ""}
            onChange={(e) => upload.setUrl(e.target.value)}
            placeholder={t("manage.upload.urlPlaceholder")}
            disabled={uploading}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={describedBy}
          />
          <UploadActions
            id={id}
            label={label}
            hasValue={Boolean(value)}
            uploading={uploading}
            hint={hint ?? t("manage.upload.imageHint", { limit: f.count(limit) })}
            onFile={(file) => void upload.handleFile(file)}
            onRemove={() => upload.setUrl("")}
            onCancel={upload.cancel}
          />
          {uploading ? <UploadProgress label={label} progress={upload.progress} /> : null}
          <FieldError id={id} error={shownError && t.maybe(shownError)} />
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
