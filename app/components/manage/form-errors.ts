import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { Translate } from "~/i18n/provider";
import { toast } from "~/lib/toast";
import { ApiError } from "~/lib/api/client";
import type { MessageId } from "../../../shared/i18n/messages";

/**
 * Shows the server's field messages (a 400 with `errors`) next to the fields. True when it did. The messages stay as
 * the server sent them (message ids once the API speaks in ids); the fields translate them when they show them.
 */
export function applyServerErrors<T extends FieldValues>(err: ApiError, setError: UseFormSetError<T>, t: Translate): boolean {
  if (err.status !== 400 || !err.errors) return false;
  let shown = false;
  for (const [field, message] of Object.entries(err.errors)) {
    if (field === "_") continue;
    setError(field as Path<T>, { type: "server", message }, { shouldFocus: !shown });
    shown = true;
  }
  if (shown) toast.error(t("manage.form.checkForm"), { description: t.maybe(err.message) });
  return shown;
}

/** What a failed request says: the server's message (translated when it is an id), or a connection hint. */
export const failureText = (err: unknown, t: Translate, fallback: MessageId = "manage.form.tryAgain") =>
  (err instanceof ApiError && err.message ? t.maybe(err.message) : undefined) ?? t(fallback);

/** A failed save: a concurrent edit gets its own explanation, anything else the fallback title. */
export function showSaveError(err: unknown, fallbackTitle: string, t: Translate) {
  if (err instanceof ApiError && err.status === 409 && /changed by someone else|errors\.stale/i.test(err.message)) {
    toast.error(t("manage.form.staleEdit"), { description: t.maybe(err.message) });
    return;
  }
  toast.error(fallbackTitle, { description: failureText(err, t, "manage.form.checkConnection") });
}
