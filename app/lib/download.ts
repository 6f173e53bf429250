import { documentsRoutes } from "./api/routes/documents";
import { href } from "~/lib/api/client";
import { toast } from "~/lib/toast";

/** The failure toast's texts, in the page's language (the caller translates them). */
export type DownloadFailedText = { title: string; description: string };

/**
 * Fetches the file through the checked download route first, so a refusal or a server error becomes a
 * clear toast instead of a broken browser tab; then hands the bytes to the browser under their real name.
 */
export async function downloadDocument(doc: { id: number; fileName: string }, failed: DownloadFailedText): Promise<boolean> {
  try {
    const res = await fetch(href(documentsRoutes.download, { params: { id: doc.id } }), { credentials: "include", cache: "no-store" });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const blob = await res.blob();
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = doc.fileName;
    a.rel = "noopener";
    a.style.display = "none";
    document.body.appendChild(a);
    a.click();
    a.remove();
    // Give the browser time to start the download before the bytes are released.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return true;
  } catch {
    toast.error(failed.title, { description: failed.description });
    return false;
  }
}
