import { Copy, Download } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useT } from "~/i18n/provider";
import { toast } from "~/lib/toast";

/** The recovery codes, shown once: copy or download them before closing. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const t = useT();
  const text = codes?.join("\n") ?? "";
  return (
    <Dialog open={codes !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("account.twoFactor.codesTitle")}</DialogTitle>
          <DialogDescription>{t("account.twoFactor.codesText")}</DialogDescription>
        </DialogHeader>
        <ol
          dir="ltr"
          className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm text-navy-950"
          aria-label={t("account.twoFactor.codesTitle")}
        >
          {codes?.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <DialogFooter className="sm:justify-between">
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={async () => {
                await navigator.clipboard?.writeText(text).catch(() => undefined);
                toast.success(t("account.twoFactor.copied"));
              }}
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
              {t("account.twoFactor.copy")}
            </Button>
            <Button variant="outline" asChild>
              <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text + "\n")}`} download="recovery-codes.txt">
                <Download className="h-4 w-4" aria-hidden="true" />
                {t("account.twoFactor.download")}
              </a>
            </Button>
          </div>
          <Button type="button" onClick={onClose}>
            {t("account.twoFactor.saved")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
