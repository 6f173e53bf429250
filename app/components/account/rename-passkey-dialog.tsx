import * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/input";
import { useT } from "~/i18n/provider";
import { accountApi } from "~/lib/api/account";
import { ApiError } from "~/lib/api/client";
import { errorText, type Passkey } from "./factors";
import { ACCOUNT_LIMITS } from "../../../shared/limits";

/** Renames a passkey; the server's message for the name shows under the field. */
export function RenamePasskeyDialog({ passkey, onClose, onSaved }: { passkey: Passkey | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const t = useT();
  const [name, setName] = React.useState("");
  const [error, setError] = React.useState<string | undefined>();
  React.useEffect(() => {
    setName(passkey?.name ?? "");
    setError(undefined);
  }, [passkey]);
  return (
    <Dialog open={passkey !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              await accountApi.renamePasskey({ params: { id: passkey!.id }, body: { name } });
              await onSaved();
            } catch (err) {
              setError(err instanceof ApiError ? (err.errors?.name ?? err.message) : errorText(err));
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("account.passkeys.renameTitle")}</DialogTitle>
          </DialogHeader>
          <Field id="passkey-rename" label={t("account.passkeys.nameLabel")} error={t.maybe(error)}>
            <Input
              id="passkey-rename"
              value={name}
              maxLength={ACCOUNT_LIMITS.passkeyName.max}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={!!error}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("account.security.cancel")}
            </Button>
            <Button type="submit">{t("account.security.save")}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
