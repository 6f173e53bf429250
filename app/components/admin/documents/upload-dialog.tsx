import { Upload } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useFormat, useT } from "~/i18n/provider";
import { DOCUMENT_MAX_MB } from "../../../../shared/schemas";
import { DialogFormActions } from "../../manage/form-fields";
import { DocumentUploadProgress, FileDropZone } from "./file-drop-zone";
import { MetaFields, STICKY_FOOTER } from "./meta-fields";
import type { Category, DocumentDto } from "./types";
import { useDocumentUpload } from "./use-document-upload";

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
  const f = useFormat();
  const upload = useDocumentUpload({ open, onOpenChange, onUploaded });
  const { progress, uploading } = upload;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t("admin.documents.upload")}</DialogTitle>
          <DialogDescription>{t("admin.upload.description", { max: f.count(DOCUMENT_MAX_MB) })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={upload.submit} className="space-y-4" noValidate>
          <FileDropZone file={upload.file} fileError={upload.fileError} uploading={uploading} onChoose={upload.choose} onRemove={upload.removeFile} />

          <MetaFields form={upload.form} categories={categories} idPrefix="upload" />

          {progress !== null ? <DocumentUploadProgress progress={progress} /> : null}

          <DialogFormActions
            className={STICKY_FOOTER}
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
