/**
 * The contact form's markup and the types its two halves share: the form (contact.tsx, rendered on the server
 * and hydrated with the page; a plain post to the home route's action until the rest has loaded, and for
 * visitors without JavaScript) and its controller (contact-form-controller.tsx, loaded after the page).
 */
import { CheckCircle2, Loader2, Send } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Field, Input, Textarea } from "~/components/ui/input";
import { useLocale, useT } from "~/i18n/provider";
import type { ContactInput } from "../../../shared/schemas";

export type ContactField = keyof ContactInput;
export const CONTACT_FIELDS = ["fullName", "email", "subject", "message"] as const satisfies readonly ContactField[];

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/** What the loaded controller offers the form: its submit and the fields' events. */
export type ContactController = {
  submit: (e: React.FormEvent<HTMLFormElement>) => void;
  change: (name: ContactField, e: React.ChangeEvent<FieldElement>) => void;
  blur: (name: ContactField, e: React.FocusEvent<FieldElement>) => void;
};

/** What the controller tells the form: field errors, whether it is sending, the thank-you text. */
/** `failure`: why the last send through the API failed (shown in the form, role="alert"); null after a success. */
export type ContactFormState = {
  errors: Partial<Record<ContactField, string>>;
  submitting: boolean;
  sentMessage: string | null;
  failure?: string | null;
  /** The 'Message Sent' toast already said the title: the form adds only the thank-you. */
  toasted?: boolean;
  /** The controller has taken the form over: it checks what is typed and sends through the API. */
  checks?: boolean;
};

export type ContactControllerProps = {
  initial: ContactInput;
  fields: React.RefObject<Partial<Record<ContactField, FieldElement | null>>>;
  honeypot: React.RefObject<HTMLInputElement | null>;
  controller: React.RefObject<ContactController | null>;
  onChange: (state: Partial<ContactFormState>) => void;
};

/** What the route action answers to a form posted without JavaScript. */
export type ContactActionData =
  { ok: true; message: string } | { ok: false; message: string; errors: Partial<Record<ContactField, string>>; values: Partial<Record<ContactField, string>> };

export const EMPTY_CONTACT: ContactInput = { fullName: "", email: "", subject: "", message: "" };

/** The values the form starts with: what was posted, after a refused post without JavaScript. */
export const initialValues = (actionData: ContactActionData | undefined): ContactInput =>
  actionData && !actionData.ok ? { ...EMPTY_CONTACT, ...actionData.values } : EMPTY_CONTACT;

export type ContactFormViewProps = {
  /** Each field's props: its name and value handling (a registered field, or a plain named input). */
  field: (name: ContactField) => Record<string, unknown>;
  error: (name: ContactField) => string | undefined;
  submitting: boolean;
  sentMessage: string | null;
  /** The action's message when a post failed as a whole (no field to blame). */
  /** Starts the success note with 'Message Sent.' (false when a toast already said it). */
  sentTitle?: boolean;
  formMessage: string | null;
  onSubmit?: React.FormEventHandler<HTMLFormElement>;
  honeypotRef?: React.Ref<HTMLInputElement>;
};

/**
 * Where the form posts without JavaScript: the English home page is an index route ('/?index'); the Arabic home
 * page is a plain route at '/ar'.
 */
export const contactAction = (locale: string) => (locale === "ar" ? "/ar#contact" : "/?index#contact");

export function ContactFormView({
  field,
  error: rawError,
  submitting,
  sentMessage,
  sentTitle = true,
  formMessage,
  onSubmit,
  honeypotRef,
}: ContactFormViewProps) {
  const t = useT();
  const locale = useLocale();
  // Field messages are message ids of the shared schema (or, from an older server, sentences).
  const error = (name: ContactField) => t.maybe(rawError(name));
  const props = (name: ContactField) => ({
    "aria-invalid": error(name) ? true : undefined,
    "aria-describedby": error(name) ? `contact-${name}-error` : undefined,
    ...field(name),
  });
  return (
    // Without JavaScript this is a plain form post to the home route's action; with it, the API is called.
    <form method="post" action={contactAction(locale)} noValidate onSubmit={onSubmit} className="space-y-5" aria-labelledby="contact-form-title">
      <h3 id="contact-form-title" className="font-display text-2xl font-semibold text-navy-950">
        {t("site.contact.form.title")}
      </h3>
      {sentMessage ? (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800 ring-1 ring-emerald-200">
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            {sentTitle ? <strong className="font-semibold">{t("site.contact.form.sent")} </strong> : null}
            {t.maybe(sentMessage)}
          </span>
        </p>
      ) : null}
      {formMessage ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700 ring-1 ring-red-200">
          {t.maybe(formMessage)}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-fullName" label={t("site.contact.form.fullName")} error={error("fullName")}>
          <Input id="contact-fullName" autoComplete="name" placeholder={t("site.contact.form.fullNamePlaceholder")} {...props("fullName")} />
        </Field>
        <Field id="contact-email" label={t("site.contact.form.email")} error={error("email")}>
          <Input id="contact-email" type="email" autoComplete="email" dir="ltr" placeholder={t("site.contact.form.emailPlaceholder")} {...props("email")} />
        </Field>
      </div>
      <Field id="contact-subject" label={t("site.contact.form.subject")} error={error("subject")}>
        <Input id="contact-subject" placeholder={t("site.contact.form.subjectPlaceholder")} {...props("subject")} />
      </Field>
      <Field id="contact-message" label={t("site.contact.form.message")} error={error("message")}>
        <Textarea id="contact-message" rows={5} placeholder={t("site.contact.form.messagePlaceholder")} {...props("message")} />
      </Field>
      {/* Honeypot: invisible to people and skipped by keyboards and screen readers; bots fill it in. */}
      <div aria-hidden="true" className="absolute -start-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{t("site.contact.form.honeypot")}</label>
        <input ref={honeypotRef} id="contact-website" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? (
          <>
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> {t("site.contact.form.sending")}
          </>
        ) : (
          <>
            <Send className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" /> {t("site.contact.form.send")}
          </>
        )}
      </Button>
    </form>
  );
}
