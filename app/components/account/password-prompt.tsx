import { Loader2 } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/input";
import { useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";

/**
 * A dialog that asks for the account's password before a change to how it signs in. `onSubmit` makes the change with
 * it: a wrong password (or too many) is said in the dialog, which stays open; `onFailed` gets any other failure (the
 * dialog then closes), or the error is shown in the dialog when there is none.
 */
export function PasswordPrompt({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  passwordLabel,
  destructive,
  onClose,
  onSubmit,
  onFailed,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  passwordLabel: string;
  destructive?: boolean;
  onClose: () => void;
  onSubmit: (password: string) => Promise<void>;
  onFailed?: (err: unknown) => void;
}) {
  const t = useT();
  const [password, setPassword] = React.useState("");
  const [error, setError] = React.useState<string | undefined>();
  const [busy, setBusy] = React.useState(false);
  React.useEffect(() => {
    if (open) {
      setPassword("");
      setError(undefined);
    }
  }, [open]);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            try {
              await onSubmit(password);
            } catch (err) {
              const aboutPassword = err instanceof ApiError && (err.errors?.password || err.status === 429);
              if (onFailed && !aboutPassword) onFailed(err);
              else setError(err instanceof ApiError ? (err.errors?.password ?? err.message) : err instanceof Error ? err.message : String(err));
            } finally {
              setBusy(false);
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <div className="py-4">
            <Field id="confirm-password" label={passwordLabel} error={t.maybe(error)}>
              <Input
                id="confirm-password"
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
            <Button type="button" variant="outline" onClick={onClose}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy || !password}>
              {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
