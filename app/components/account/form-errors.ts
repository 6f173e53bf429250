import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { Translate } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import type { MessageId } from "../../../shared/i18n/messages";

/**
 * Shows the server's field errors (already in the page's language) under the fields they name; answers the message
 * for the form as a whole: the server's, or `fallback` when the request never got an answer.
 */
export function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, err: unknown, t: Translate, fallback: MessageId): string {
  if (err instanceof ApiError && err.errors) {
    for (const [field, message] of Object.entries(err.errors)) {
      if (field in form.getValues()) form.setError(field as Path<T>, { type: "server", message }, { shouldFocus: true });
    }
  }
  return errorText(err, t, fallback);
}

/** The message of a failed request, or `fallback` when there is none to show. */
export const errorText = (err: unknown, t: Translate, fallback: MessageId) =>
  (err instanceof ApiError && err.status > 0 && t.maybe(err.message)) || t(fallback);
