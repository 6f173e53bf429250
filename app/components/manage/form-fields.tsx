import { FileText, Loader2, type LucideIcon } from "lucide-react";
import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { get, type FieldValues, type Path, type RegisterOptions, type Resolver, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { Field, Input, Textarea } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";

/**
 * One component per kind of form input of the admin forms: label, hint, the field's (translated) error and the
 * aria wiring in one place, so a form lists its fields and a new field (an Arabic variant, say) is one line.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the forms' output types differ; a field only registers and reads errors
type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;
type FieldProps<T extends FieldValues> = {
  form: AnyForm<T>;
  name: Path<T>;
  id: string;
  label: string;
  hint?: string;
  registerOptions?: RegisterOptions<T, Path<T>>;
  /**
   * The language the field's text is written in (a translatable field and its Arabic twin): the input takes that
   * language and direction whatever the page's language. Without it a text field follows what is typed.
   */
  contentLang?: "en" | "ar";
};

/** The input attributes of a field written in one language. */
const langProps = (lang: "en" | "ar" | undefined) => (lang ? { lang, dir: lang === "ar" ? "rtl" : "ltr" } : {});

/** The field's error message (translated when it is a message id: the shared schemas' messages) and the input's props. */
function useBound<T extends FieldValues>({ form, name, id, registerOptions }: FieldProps<T>) {
  const t = useT();
  const error = t.maybe((get(form.formState.errors, name) as { message?: string } | undefined)?.message);
  const input = {
    id,
    ...form.register(name, registerOptions),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
  return { error, input };
}

/** `form`, `name` and an id made of `prefix` and the name, for the fields of one form: `<TextField {...field("title")} … />`. */
export const bindFields =
  <T extends FieldValues>(form: AnyForm<T>, prefix: string) =>
  (name: Path<T>) => ({ form, name, id: `${prefix}-${name}` });

/** What an empty address field shows: a URL is the same in every language, so it is not a catalog message. */
export const URL_PLACEHOLDER = "https://";

/**
 * Addresses, e-mails and phone numbers are written left to right in both languages; any other text takes the
 * direction of what is typed (English content on an Arabic page reads left to right).
 */
const LTR_TYPES = new Set(["url", "email", "tel"]);

type Own = "form" | "name" | "id";

export function TextField<T extends FieldValues>(props: FieldProps<T> & Omit<React.InputHTMLAttributes<HTMLInputElement>, Own>) {
  const { form, name, id, label, hint, registerOptions, contentLang, ...rest } = props;
  const { error, input } = useBound({ form, name, id, label, registerOptions });
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input dir={rest.type && LTR_TYPES.has(rest.type) ? "ltr" : "auto"} {...langProps(contentLang)} {...rest} {...input} />
    </Field>
  );
}

export function TextAreaField<T extends FieldValues>(props: FieldProps<T> & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, Own>) {
  const { form, name, id, label, hint, registerOptions, contentLang, ...rest } = props;
  const { error, input } = useBound({ form, name, id, label, registerOptions });
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Textarea dir="auto" {...langProps(contentLang)} {...rest} {...input} />
    </Field>
  );
}

/**
 * A translatable field and its Arabic twin: two columns on wide screens (English first in reading order), stacked
 * on phones. The children are the two fields (`contentLang="en"` and `contentLang="ar"`).
 */
export function TwinFields({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={className ? `grid gap-5 md:grid-cols-2 ${className}` : "grid gap-5 md:grid-cols-2"}>{children}</div>;
}

/** The label of a field's Arabic twin, in the page's language: 'Title (Arabic)' / «العنوان (بالعربية)». */
export function useArabicLabel() {
  const t = useT();
  return (label: string) => t("manage.form.arabicField", { label });
}

type PlainObject = Record<string, unknown>;
const isObject = (v: unknown): v is PlainObject => typeof v === "object" && v !== null && !(v instanceof Date) && !(v instanceof File);

/** `a` and `b` merged key by key (arrays item by item); `a` wins where both have a value that is not an object. */
function deepMerge(a: unknown, b: unknown): unknown {
  if (Array.isArray(a) && Array.isArray(b)) return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => deepMerge(a[i], b[i]));
  if (isObject(a) && isObject(b) && !Array.isArray(a) && !Array.isArray(b)) {
    const out: PlainObject = { ...b };
    for (const [k, v] of Object.entries(a)) out[k] = k in b ? deepMerge(v, b[k]) : v;
    return out;
  }
  return a === undefined ? b : a;
}

/**
 * A form's resolver for an English schema and its Arabic twins (shared/content-schemas.ts): both are checked, every
 * field's error is shown, and the values are the English schema's output with the Arabic fields added (as the
 * API's `withArabic` parses the body).
 */
export function twinResolver<T extends FieldValues>(english: z.ZodType, arabic: z.ZodType): Resolver<T> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the resolvers' schema types are generic
  const en = zodResolver(english as any) as unknown as Resolver<T>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const ar = zodResolver(arabic as any) as unknown as Resolver<T>;
  return async (values, context, options) => {
    const [a, b] = await Promise.all([en(values, context, options), ar(values, context, options)]);
    const errors = deepMerge(a.errors, b.errors) as PlainObject;
    if (Object.keys(errors).length) return { values: {}, errors } as Awaited<ReturnType<Resolver<T>>>;
    return { values: deepMerge(a.values, b.values), errors: {} } as Awaited<ReturnType<Resolver<T>>>;
  };
}

/**
 * The body to send for an item that may have been read in one language (the portal reads in the page's language,
 * without the Arabic twins): its empty Arabic fields are left out, so saving keeps the stored Arabic instead of
 * clearing it. An item read with both languages (it has `translation`) or a new one sends them as they are.
 */
export function withoutUnknownArabic<V extends Record<string, unknown>>(values: V, item: { translation?: unknown } | undefined, keys: readonly string[]): V {
  if (!item || item.translation) return values;
  const out: Record<string, unknown> = { ...values };
  for (const k of keys) if (out[k] === null || out[k] === "") delete out[k];
  return out as V;
}

export function SelectField<T extends FieldValues>({ children, hint, ...props }: FieldProps<T> & { children: React.ReactNode }) {
  const { error, input } = useBound(props);
  return (
    <Field id={props.id} label={props.label} error={error} hint={hint}>
      <NativeSelect {...input}>{children}</NativeSelect>
    </Field>
  );
}

/** A submit button that shows a spinner instead of its icon while the form is sent. */
export function SubmitButton({ busy, icon: Icon, children, ...props }: React.ComponentProps<typeof Button> & { busy: boolean; icon?: LucideIcon }) {
  return (
    <Button type="submit" disabled={busy} {...props}>
      {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : Icon ? <Icon className="h-4 w-4" aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}

/**
 * What a form with several submit buttons was submitted for: the `value` of the button pressed, or `fallback`
 * (Enter in a field submits with the first submit button, which is the safe one).
 */
export function submitterValue<const V extends string>(event: React.BaseSyntheticEvent | undefined, values: readonly V[], fallback: V): V {
  const value = ((event?.nativeEvent as SubmitEvent | undefined)?.submitter as HTMLButtonElement | null | undefined)?.value;
  return values.find((v) => v === value) ?? fallback;
}

/** A new item's 'Save as draft': a submit button whose value is 'draft' (the form's first, so Enter saves a draft). */
export function SaveDraftButton({ busy, children }: { busy: boolean; children: React.ReactNode }) {
  return (
    <Button type="submit" variant="outline" name="intent" value="draft" disabled={busy}>
      <FileText className="h-4 w-4" aria-hidden="true" />
      {children}
    </Button>
  );
}

/** Cancel and submit at the foot of a dialog form. */
export function DialogFormActions({
  onCancel,
  busy,
  cancelDisabled = false,
  submitLabel,
  submitIcon,
  submitValue,
  className,
  children,
}: {
  onCancel: () => void;
  busy: boolean;
  cancelDisabled?: boolean;
  submitLabel: string;
  submitIcon?: LucideIcon;
  /** The submit button's value, when the form has several (the others are `children`). */
  submitValue?: string;
  className?: string;
  /** More buttons between Cancel and the main one. */
  children?: React.ReactNode;
}) {
  const t = useT();
  return (
    <DialogFooter className={cn(className, children ? "max-sm:grid max-sm:grid-cols-2" : undefined)}>
      <Button type="button" variant="outline" onClick={onCancel} disabled={cancelDisabled}>
        {t("manage.form.cancel")}
      </Button>
      {children}
      <SubmitButton busy={busy} icon={submitIcon} value={submitValue}>
        {submitLabel}
      </SubmitButton>
    </DialogFooter>
  );
}
