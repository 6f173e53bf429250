import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { ConfirmationCancelled } from "~/hooks/use-confirm-identity";
import { useT } from "~/i18n/provider";
import { accountApi } from "~/lib/api/account";
import { toast } from "~/lib/toast";
import { errorText, type Passkey, type WithConfirmation } from "./factors";

/** Asks before removing a passkey; the removal itself may first ask for the password ('confirm it's you'). */
export function RemovePasskeyDialog({
  passkey,
  onClose,
  onRemoved,
  withConfirmation,
}: {
  passkey: Passkey | null;
  onClose: () => void;
  onRemoved: () => Promise<void>;
  withConfirmation: WithConfirmation;
}) {
  const t = useT();
  return (
    <Dialog open={passkey !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("account.passkeys.removeTitle")}</DialogTitle>
          <DialogDescription>{t("account.passkeys.removeText", { name: passkey?.name ?? "" })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("account.security.cancel")}
          </Button>
          <Button
            variant="destructive"
            onClick={async () => {
              const removing = passkey!;
              try {
                await withConfirmation((proof) => accountApi.removePasskey({ params: { id: removing.id }, body: { ...proof } }));
                toast.success(t("account.passkeys.removed", { name: removing.name }));
                onClose();
                await onRemoved();
              } catch (err) {
                if (err instanceof ConfirmationCancelled) return;
                toast.error(t("account.passkeys.failed"), { description: t.maybe(errorText(err)) });
              }
            }}
          >
            {t("account.passkeys.remove")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
