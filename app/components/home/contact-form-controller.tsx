/**
 * What makes the contact form check its fields in the browser (the shared schema's messages, with
 * react-hook-form) and send through the API. It renders nothing: the form itself is server-rendered and
 * hydrated with the page (contact.tsx); this part is loaded after that, so zod and react-hook-form are not
 * part of the JavaScript the home page needs first. Until it is there, the form posts to the page.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import { contactApi } from "~/lib/api/contact";
import { toast } from "~/lib/toast";
import { CONTACT_HONEYPOT_FIELD } from "../../../shared/api/paths";
import { contactSchema, type ContactInput } from "../../../shared/schemas";
import { CONTACT_FIELDS, EMPTY_CONTACT, type ContactControllerProps } from "./contact-form-view";

export default function ContactFormController({ initial, fields, honeypot, controller, onChange }: ContactControllerProps) {
  const t = useT();
  const form = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const messages = CONTACT_FIELDS.map((name) => errors[name]?.message ?? null);
  const messagesKey = JSON.stringify(messages);

  const onValid = async (values: ContactInput) => {
    onChange({ failure: null });
    try {
      const res = await contactApi.send({ body: { ...values, [CONTACT_HONEYPOT_FIELD]: honeypot.current?.value ?? "" } });
      // Said once each: 'Message Sent' in the toast, the thank-you (the catalog's sentence, in the page's language)
      // in the form.
      const thanks = res ? t("site.contact.thanks") : null;
      toast.success(t("site.contact.toast.sent"));
      onChange({ sentMessage: thanks, failure: null, toasted: true });
      form.reset(EMPTY_CONTACT, { keepFieldsRef: true });
      if (honeypot.current) honeypot.current.value = "";
    } catch (err) {
      // In the form (role="alert"), where it stays until the next try: the server's message when it sent one
      // (validation, rate limit); the generic sentence for network failures.
      onChange({ sentMessage: null, failure: err instanceof ApiError && err.message ? t.maybe(err.message) : t("site.contact.failed") });
    }
  };

  // The rendered inputs become the form's registered fields; their events reach it through `controller`.
  React.useEffect(() => {
    const registered = Object.fromEntries(CONTACT_FIELDS.map((name) => [name, form.register(name)])) as Record<
      (typeof CONTACT_FIELDS)[number],
      ReturnType<typeof form.register>
    >;
    for (const name of CONTACT_FIELDS) {
      const el = fields.current[name];
      if (el) registered[name].ref(el);
    }
    controller.current = {
      submit: (e) => void form.handleSubmit(onValid)(e),
      change: (name, e) => void registered[name].onChange(e),
      blur: (name, e) => void registered[name].onBlur(e),
    };
    onChange({ checks: true });
    return () => {
      controller.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form and its fields are set up once
  }, []);

  React.useEffect(() => {
    const parsed = JSON.parse(messagesKey) as (string | null)[];
    onChange({ errors: Object.fromEntries(CONTACT_FIELDS.flatMap((name, i) => (parsed[i] ? [[name, parsed[i]]] : []))), submitting: isSubmitting });
  }, [messagesKey, isSubmitting, onChange]);

  return null;
}
