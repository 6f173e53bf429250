import { Loader2 } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/input";
import { useT } from "~/i18n/provider";
import { ApiError, hasErrorCode } from "~/lib/api";

/** Thrown by `withConfirmation` when the user closes the password dialog: the change did not happen, nothing to say. */
export class ConfirmationCancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "ConfirmationCancelled";
  }
}

/** What a change sends to prove it is the owner's: the password typed in the dialog. */
export type IdentityProof = { password: string };

type Pending = { retry: (proof: IdentityProof) => Promise<void>; reject: (err: unknown) => void };

/**
 * Changes to how an account signs in need the password proved in the last few minutes (the server answers 403
 * REAUTH_REQUIRED otherwise). `withConfirmation(change)` runs `change()`; when the server asks, it shows a password
 * dialog and runs `change({ password })` again, which the server checks (a wrong password keeps the dialog open with
 * the server's message). Render `dialog`.
 */
export function useConfirmIdentity() {
  const t = useT();
  const [pending, setPending] = React.useState<Pending | null>(null);
  const [password, setPassword] = React.useState("");
  const [error, setError] = React.useState<string | undefined>();
  const [busy, setBusy] = React.useState(false);

  const withConfirmation = React.useCallback(async <T,>(change: (proof?: IdentityProof) => Promise<T>): Promise<T> => {
    try {
      return await change();
    } catch (err) {
      if (!hasErrorCode(err, "REAUTH_REQUIRED")) throw err;
    }
    return new Promise<T>((resolve, reject) => {
      setPassword("");
      setError(undefined);
      setPending({
        retry: async (proof) => {
          resolve(await change(proof));
        },
        reject,
      });
    });
  }, []);

  const cancel = () => {
    pending?.reject(new ConfirmationCancelled());
    setPending(null);
  };

  const dialog = (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && cancel()}>
      <DialogContent>
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            try {
              await pending?.retry({ password });
              setPending(null);
            } catch (err) {
              // A wrong password (or too many) is said in the dialog; anything else is the change's own failure.
              if (err instanceof ApiError && (err.errors?.password || err.status === 429)) setError(err.errors?.password ?? err.message);
              else {
                pending?.reject(err);
                setPending(null);
              }
            } finally {
              setBusy(false);
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("common.confirmIdentity.title")}</DialogTitle>
            <DialogDescription>{t("common.confirmIdentity.text")}</DialogDescription>
          </DialogHeader>
          <div className="py-4">
            <Field id="confirm-identity-password" label={t("common.confirmIdentity.password")} error={t.maybe(error)}>
              <Input
                id="confirm-identity-password"
                type="password"
                dir="ltr"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={!!error}
                autoFocus
              />
            </Field>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={cancel}>
              {t("common.confirmIdentity.cancel")}
            </Button>
            <Button type="submit" disabled={busy || !password}>
              {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {t("common.confirmIdentity.confirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );

  return { withConfirmation, dialog };
}
