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

/** How long the page keeps asking for a stamped copy that is being prepared before it says the download failed. */
const PREPARING_GIVE_UP_MS = 5 * 60_000;

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * Downloads a document through the checked route, behind the confidentiality gate: a document that requires the
 * notice asks for it first when the reader has not accepted the version in force, and a CONFIDENTIALITY_REQUIRED
 * answer (the notice changed since) shows it and tries once more. A stamped copy that takes a while (202 PREPARING)
 * shows 'being prepared' and is asked for again after Retry-After until it arrives, then saved. Every failure becomes
 * a toast that says why, in the server's words when it gave them (a limit, a busy server, a file it cannot stamp).
 * Render `dialog` next to the button.
 */
export function useDocumentDownload() {
  const t = useT();
  const { ensure, dialog } = useConfidentialityGate();
  const [busy, setBusy] = React.useState(false);

  const download = React.useCallback(
    async (doc: DownloadTarget) => {
      const toastId = `download-${doc.id}`;
      setBusy(true);
      try {
        if (doc.requiresConfidentiality && !(await ensure())) return false;
        let file = await fetchDocumentFile(doc.id);
        if (!file.ok && file.code === "CONFIDENTIALITY_REQUIRED") {
          if (!(await ensure())) return false;
          file = await fetchDocumentFile(doc.id);
        }
        const giveUp = Date.now() + PREPARING_GIVE_UP_MS;
        while (!file.ok && file.code === "PREPARING" && Date.now() < giveUp) {
          toast.info(t("portal.docs.downloadPreparing"), { id: toastId, description: t("portal.docs.downloadPreparingText"), duration: Infinity });
          await wait(file.retryAfter ?? 3);
          file = await fetchDocumentFile(doc.id);
        }
        toast.dismiss(toastId);
        if (file.ok) {
          saveBlob(file.blob, file.fileName ?? doc.fileName);
          return true;
        }
        if (file.status === 404) toast.error(t("portal.docs.downloadUnavailable"), { description: t("portal.docs.downloadUnavailableText") });
        else if (file.status === 403 && file.code === "FORBIDDEN") toast.error(t("portal.docs.downloadViewOnly"));
        else toast.error(t("portal.docs.downloadFailed"), { description: (file.code !== "PREPARING" && file.message) || t("portal.docs.downloadFailedText") });
        return false;
      } catch {
        toast.dismiss(toastId);
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
