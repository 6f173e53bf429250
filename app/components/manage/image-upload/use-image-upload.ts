import * as React from "react";
import { toast } from "~/lib/toast";
import { UPLOAD_FAILED, isAbort, uploadTo } from "~/lib/upload";
import { useT } from "~/i18n/provider";
import { uploadsRoutes } from "../../../lib/api/routes/uploads";
import type { StoredImage } from "../../../../shared/api/uploads";
import { fileTooLargeMessage, type UploadKind } from "../../../../shared/schemas";

/** Uploads the image (with progress) and resolves with the stored URL the server returns. */
async function uploadFile(file: File, kind: UploadKind, onProgress: (percent: number) => void, signal: AbortSignal): Promise<StoredImage> {
  const form = new FormData();
  form.append("file", file);
  const answer = await uploadTo(uploadsRoutes.image, { query: { kind }, body: form }, { onProgress, signal });
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

type Options = {
  value: string | null | undefined;
  onChange: (url: string) => void;
  kind: UploadKind;
  /** The size limit in megabytes. */
  limit: number;
  /** The error the form reports for the field; a problem with the chosen file takes its place. */
  error?: string;
};

/**
 * A chosen file is checked (image type, size limit), previewed at once from a data URL, and uploaded with progress;
 * the field then holds the URL the server returns. A new choice or leaving the form cancels a running upload.
 */
export function useImageUpload({ value, onChange, kind, limit, error }: Options) {
  const t = useT();
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

  /** A typed URL or a removal replaces the value and clears the last file's problem. */
  function setUrl(url: string) {
    setProblem(null);
    onChange(url);
  }

  const cancel = () => abort.current?.abort();
  const markBroken = () => setBroken(true);

  return { progress, uploading, preview, broken, markBroken, shownError, handleFile, setUrl, cancel };
}
