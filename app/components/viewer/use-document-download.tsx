import * as React from "react";
import { useT } from "~/i18n/provider";
import { fetchDocumentFile } from "~/lib/api/data-room";
import { toast } from "~/lib/toast";
import { useConfidentialityGate } from "./confidentiality-dialog";

/** What a download needs to know of its document. */
export type DownloadTarget = { id: number; fileName: string; requiresConfidentiality?: boolean };

/** Hands bytes to the browser as a download under `name`. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the bytes are released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a document through the checked route, behind the confidentiality gate: a document that requires the
 * notice asks for it first when the reader has not accepted the version in force, and a CONFIDENTIALITY_REQUIRED
 * answer (the notice changed since) shows it and tries once more. Refusals become toasts that say why. Render
 * `dialog` next to the button.
 */
export function useDocumentDownload() {
  const t = useT();
  const { ensure, dialog } = useConfidentialityGate();
  const [busy, setBusy] = React.useState(false);

  const download = React.useCallback(
    async (doc: DownloadTarget) => {
      setBusy(true);
      try {
        if (doc.requiresConfidentiality && !(await ensure())) return false;
        let file = await fetchDocumentFile(doc.id);
        if (!file.ok && file.code === "CONFIDENTIALITY_REQUIRED") {
          if (!(await ensure())) return false;
          file = await fetchDocumentFile(doc.id);
        }
        if (file.ok) {
          saveBlob(file.blob, file.fileName ?? doc.fileName);
          return true;
        }
        if (file.status === 404) toast.error(t("portal.docs.downloadUnavailable"), { description: t("portal.docs.downloadUnavailableText") });
        else if (file.status === 403 && file.code === "FORBIDDEN") toast.error(t("portal.docs.downloadViewOnly"));
        else toast.error(t("portal.docs.downloadFailed"), { description: t("portal.docs.downloadFailedText") });
        return false;
      } catch {
        toast.error(t("portal.docs.downloadFailed"), { description: t("portal.docs.downloadFailedText") });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [ensure, t],
  );

  return { busy, download, dialog };
}
