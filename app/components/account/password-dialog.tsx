import { PasswordPrompt } from "~/components/account/password-prompt";
import { useT } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";

/** Asks for the password again before a change that weakens or replaces a second factor. */
export function PasswordDialog({
  open,
  titleId,
  descriptionId,
  confirmId,
  destructive,
  onClose,
  onConfirm,
}: {
  open: boolean;
  titleId: MessageId;
  descriptionId: MessageId;
  confirmId: MessageId;
  destructive?: boolean;
  onClose: () => void;
  onConfirm: (password: string) => Promise<void>;
}) {
  const t = useT();
  return (
    <PasswordPrompt
      open={open}
      title={t(titleId)}
      description={t(descriptionId)}
      passwordLabel={t("account.security.password")}
      confirmLabel={t(confirmId)}
      cancelLabel={t("account.security.cancel")}
      destructive={destructive}
      onClose={onClose}
      onSubmit={async (password) => {
        await onConfirm(password);
        onClose();
      }}
    />
  );
}
