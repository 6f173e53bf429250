import * as React from "react";
import { PasswordPrompt } from "~/components/account/password-prompt";
import { useT } from "~/i18n/provider";
import { hasErrorCode } from "~/lib/api/client";

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

  const withConfirmation = React.useCallback(async <T,>(change: (proof?: IdentityProof) => Promise<T>): Promise<T> => {
    try {
      return await change();
    } catch (err) {
      if (!hasErrorCode(err, "REAUTH_REQUIRED")) throw err;
    }
    return new Promise<T>((resolve, reject) => {
      setPending({
        retry: async (proof) => {
          resolve(await change(proof));
        },
        reject,
      });
    });
  }, []);

  const dialog = (
    <PasswordPrompt
      open={pending !== null}
      title={t("common.confirmIdentity.title")}
      description={t("common.confirmIdentity.text")}
      passwordLabel={t("common.confirmIdentity.password")}
      confirmLabel={t("common.confirmIdentity.confirm")}
      cancelLabel={t("common.confirmIdentity.cancel")}
      onClose={() => {
        pending?.reject(new ConfirmationCancelled());
        setPending(null);
      }}
      onSubmit={async (password) => {
        await pending?.retry({ password });
        setPending(null);
      }}
      onFailed={(err) => {
        pending?.reject(err);
        setPending(null);
      }}
    />
  );

  return { withConfirmation, dialog };
}
