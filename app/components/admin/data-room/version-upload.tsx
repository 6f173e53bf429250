import { zodResolver } from "@hookform/resolvers/zod";
import { Upload } from "lucide-react";
import * as React from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/provider";
import { uploadDocumentVersion } from "~/lib/api/data-room-admin";
import { toast } from "~/lib/toast";
import type { DocumentDto } from "../../../../shared/api/documents";
import { documentVersionNoteSchema } from "../../../../shared/data-room-schemas";
import { SubmitButton, TextAreaField, TwinFields, useArabicLabel } from "../../manage/form-fields";
import { DocumentUploadProgress, FileDropZone } from "../documents/file-drop-zone";
import { useDocumentFile } from "../documents/use-document-upload";

export type NoteForm = z.input<typeof documentVersionNoteSchema>;
export type NoteOut = z.output<typeof documentVersionNoteSchema>;
export const noteResolver = zodResolver(documentVersionNoteSchema);
export const EMPTY_NOTE = { note: "", noteAr: "" };

/** What changed in a new version, in English and Arabic (both optional): what readers see beside 'Updated on …'. */
export function NoteFields({ form, idPrefix }: { form: UseFormReturn<NoteForm, unknown, NoteOut>; idPrefix: string }) {
  const t = useT();
  const arabic = useArabicLabel();
  return (
    <TwinFields>
      <TextAreaField
        form={form}
        name="note"
        id={`${idPrefix}-note`}
        contentLang="en"
        rows={2}
        label={t("admin.dataRoom.versions.note")}
        hint={t("admin.dataRoom.versions.noteHint")}
      />
      <TextAreaField
        form={form}
        name="noteAr"
        id={`${idPrefix}-noteAr`}
        contentLang="ar"
        rows={2}
        label={arabic(t("admin.dataRoom.versions.note"))}
        hint={t("admin.dataRoom.versions.noteHint")}
      />
    </TwinFields>
  );
}

/**
 * 'Upload new version': a file (type and size checked here, content on the server) and what changed, sent with a
 * progress bar. Readers get the new file at once; closing the dialog cancels an upload under way.
 */
export function VersionUpload({
  doc,
  nextNumber,
  onUploaded,
  onCancel,
}: {
  doc: Pick<DocumentDto, "id" | "title">;
  nextNumber: number;
  onUploaded: (doc: DocumentDto) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const form = useForm<NoteForm, unknown, NoteOut>({ resolver: noteResolver, defaultValues: EMPTY_NOTE });
  const { file, fileError, choose, removeFile, progress, uploading, submit, cancel } = useDocumentFile({
    form,
    failedText: "admin.dataRoom.versions.uploadFailed",
    send: async (values, f, options) => {
      const saved = await uploadDocumentVersion(doc.id, f, { note: values.note ?? "", noteAr: values.noteAr ?? "" }, options);
      toast.success(t("admin.dataRoom.versions.uploaded", { number: saved.version }), { description: saved.title });
      onUploaded(saved);
    },
  });
  const formRef = React.useRef<HTMLFormElement>(null);
  // Closing the dialog unmounts the form: an upload under way is cancelled.
  React.useEffect(() => cancel, [cancel]);
  // Opened under the list: the form comes into view.
  React.useEffect(() => {
    formRef.current?.scrollIntoView?.({ block: "nearest" });
  }, []);

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-slate-200 p-4" aria-labelledby="version-upload-title">
      <div>
        <h3 id="version-upload-title" className="font-semibold text-navy-950">
          {t("admin.dataRoom.versions.uploadTitle", { number: nextNumber })}
        </h3>
        <p className="mt-0.5 text-xs text-slate-600">{t("admin.dataRoom.versions.uploadHint")}</p>
      </div>
      <FileDropZone
        id="version-file"
        label={t("admin.dataRoom.versions.file")}
        file={file}
        fileError={fileError}
        uploading={uploading}
        onChoose={choose}
        onRemove={removeFile}
      />
      <NoteFields form={form} idPrefix="version-upload" />
      {progress !== null ? <DocumentUploadProgress progress={progress} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            cancel();
            onCancel();
          }}
        >
          {t("manage.form.cancel")}
        </Button>
        <SubmitButton busy={uploading} icon={Upload}>
          {t(uploading ? "admin.upload.submitting" : "admin.dataRoom.versions.uploadSubmit")}
        </SubmitButton>
      </div>
    </form>
  );
}
