import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Field, Input } from "~/components/ui/input";
import { useT } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";

/** A labelled input bound to the form, with its (translated) validation message. */
export function AuthField<T extends FieldValues>({
  form,
  name,
  id,
  labelId,
  type,
  autoComplete,
  inputMode,
  autoFocus,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  id: string;
  labelId: MessageId;
  type?: "email" | "password";
  autoComplete: string;
  inputMode?: "numeric" | "text";
  autoFocus?: boolean;
}) {
  const t = useT();
  const error = form.formState.errors[name];
  return (
    <Field id={id} label={t(labelId)} error={t.maybe(typeof error?.message === "string" ? error.message : undefined)}>
      <Input
        id={id}
        type={type}
        dir={type ? "ltr" : undefined}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
        aria-invalid={!!error}
        {...form.register(name)}
      />
    </Field>
  );
}
