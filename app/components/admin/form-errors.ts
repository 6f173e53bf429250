import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { toast } from "~/lib/toast";
import { ApiError } from "~/lib/api";

export const STALE_EDIT_TITLE = "Edit conflict";

/** Shows the server's field messages (a 400 with `errors`) next to the fields. True when it did. */
export function applyServerErrors<T extends FieldValues>(err: ApiError, setError: UseFormSetError<T>): boolean {
  if (err.status !== 400 || !err.errors) return false;
  let shown = false;
  for (const [field, message] of Object.entries(err.errors)) {
    if (field === "_") continue;
    setError(field as Path<T>, { type: "server", message }, { shouldFocus: !shown });
    shown = true;
  }
  if (shown) toast.error("Please check the form", { description: err.message });
  return shown;
}

/** A failed save: a concurrent edit gets its own explanation, anything else the fallback title. */
export function showSaveError(err: unknown, fallbackTitle: string) {
  if (err instanceof ApiError && err.status === 409 && /changed by someone else/i.test(err.message)) {
    toast.error(STALE_EDIT_TITLE, { description: err.message });
    return;
  }
  const description = err instanceof ApiError ? err.message : "Please check your connection and try again.";
  toast.error(fallbackTitle, { description });
}
