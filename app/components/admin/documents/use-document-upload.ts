import * as React from "react";
import { useForm, type FieldValues, type UseFormReturn } from "react-hook-form";
import { useT, type Translate } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import { uploadDocument } from "~/lib/documents-api";
import { toast } from "~/lib/toast";
import { UPLOAD_FAILED, isAbort, type UploadOptions } from "~/lib/upload";
import type { MessageId } from "../../../../shared/i18n/messages";
import { DOCUMENT_MAX_MB, DOCUMENT_TYPES, fileTooLargeMessage } from "../../../../shared/schemas";
import { applyServerErrors } from "../../manage/form-errors";
import { metaFormResolver, titleFromFile, toPayload, today, type MetaFormInput, type MetaFormOutput } from "./meta-form";
import { extensionOf, type DocumentDto } from "./types";

/** Why a chosen file cannot be a document (its type or its size), checked before it is sent; null when it can. */
export function documentFileError(f: File, t: Translate): string | null {
  if (!(DOCUMENT_TYPES as readonly string[]).includes(extensionOf(f.name))) return t("admin.upload.wrongType");
  if (f.size > DOCUMENT_MAX_MB * 1024 * 1024) return t.maybe(fileTooLargeMessage(DOCUMENT_MAX_MB)) ?? "";
  return null;
}

/**
 * A document file chosen for an upload and the upload's progress: a file is checked here (type and size; content on
 * the server) before it is kept; submitting with none asks for one. `send` uploads the file with the form's values,
 * reporting progress and stopping when `cancel()` aborts it (a cancelled upload says nothing). A refusal marks the
 * form's fields, or the file, with the server's message; any other failure is a toast titled `failedText`.
 */
export function useDocumentFile<I extends FieldValues, O>({
  form,
  failedText,
  send,
  onChosen,
}: {
  form: UseFormReturn<I, unknown, O>;
  failedText: MessageId;
  send: (values: O, file: File, options: UploadOptions) => Promise<void>;
  /** After a file passes the checks. */
  onChosen?: (file: File) => void;
}) {
  const t = useT();
  const [file, setFile] = React.useState<File | null>(null);
  const [fileError, setFileError] = React.useState<string | null>(null);
  const [progress, setProgress] = React.useState<number | null>(null);
  const abort = React.useRef<AbortController | null>(null);

  function choose(f: File | null) {
    setFileError(null);
    setFile(null);
    if (!f) return;
    const refused = documentFileError(f, t);
    if (refused) {
      setFileError(refused);
      return;
    }
    setFile(f);
    onChosen?.(f);
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
      await send(values, file, { onProgress: setProgress, signal: controller.signal });
    } catch (err) {
      if (isAbort(err)) return;
      if (err instanceof ApiError && applyServerErrors(err, form.setError, t)) return;
      if (err instanceof ApiError && (err.status === 413 || err.status === 415 || err.status === 400)) setFileError(t.maybe(err.message) ?? "");
      toast.error(t(failedText), { description: err instanceof Error ? t.maybe(err.message) : t(UPLOAD_FAILED) });
    } finally {
      setProgress(null);
      abort.current = null;
    }
  });

  /** Back to no file, no error and no upload. */
  const clear = React.useCallback(() => {
    setFile(null);
    setFileError(null);
    setProgress(null);
  }, []);
  const cancel = React.useCallback(() => abort.current?.abort(), []);
  const removeFile = () => setFile(null);

  return { file, fileError, choose, removeFile, progress, uploading: progress !== null, submit, clear, cancel };
}

/**
 * The upload dialog's state: the metadata form, the chosen file (type and size checked here, content on the
 * server) and the upload's progress. Every opening starts empty; closing cancels an upload under way.
 */
export function useDocumentUpload({
  open,
  onOpenChange,
  onUploaded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUploaded: (doc: DocumentDto) => void;
}) {
  const t = useT();
  const form = useForm<MetaFormInput, unknown, MetaFormOutput>({
    resolver: metaFormResolver as never,
    defaultValues: {
      title: "",
      description: "",
      titleAr: "",
      descriptionAr: "",
      categoryId: "",
      isPublic: false,
      periodKind: "",
      periodYear: "",
      publishedAt: today(),
    },
  });
  const upload = useDocumentFile({
    form,
    failedText: "admin.upload.failed",
    send: async (values, file, options) => {
      const doc = await uploadDocument(toPayload(values), file, options);
      onUploaded(doc);
      toast.success(t("admin.upload.done"), { description: doc.title });
      onOpenChange(false);
    },
    onChosen: (f) => {
      if (!form.getValues("title")) form.setValue("title", titleFromFile(f.name), { shouldValidate: true });
    },
  });
  const { clear, cancel } = upload;

  React.useEffect(() => {
    if (open) {
      form.reset({ title: "", description: "", categoryId: "", isPublic: false, periodKind: "", periodYear: "", publishedAt: today() });
      clear();
    } else {
      cancel();
    }
  }, [open, form, clear, cancel]);

  const { file, fileError, choose, removeFile, progress, uploading, submit } = upload;
  return { form, file, fileError, choose, removeFile, progress, uploading, submit };
}
