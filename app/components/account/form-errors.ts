import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { Translate } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import type { MessageId } from "../../../shared/i18n/messages";

/**
 * Shows the server's field errors (already in the page's language) under the fields they name; answers the message
 * for the form as a whole: the server's, or `fallback` when the request never got an answer. It answers null when
 * that message is already shown under a field (a wrong current password), so it is said once.
 */
export function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, err: unknown, t: Translate, fallback: MessageId): string | null {
  const shown: string[] = [];
  if (err instanceof ApiError && err.errors) {
    for (const [field, message] of Object.entries(err.errors)) {
      if (field in form.getValues()) {
        form.setError(field as Path<T>, { type: "server", message }, { shouldFocus: true });
        shown.push(message);
      }
    }
  }
  const text = errorText(err, t, fallback);
  return shown.includes(text) ? null : text;
}

/** The form's note after a failure: none when its message is already under a field. */
export const failureNote = (text: string | null) => (text === null ? null : { ok: false, text });

/** The message of a failed request, or `fallback` when there is none to show. */
export const errorText = (err: unknown, t: Translate, fallback: MessageId) =>
  (err instanceof ApiError && err.status > 0 && t.maybe(err.message)) || t(fallback);
