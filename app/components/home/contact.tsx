import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Loader2, Mail, MapPin, Phone, Send } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Field, Input, Textarea } from "~/components/ui/input";
import { ApiError, apiRequest } from "~/lib/api";
import type { Brand } from "../../../shared/brand";
import { contactSchema, type ContactInput } from "../../../shared/schemas";
import { hasSocialLinks, SocialLinks } from "../site/social-links";
import { SectionHeading } from "./section-heading";

export const CONTACT_ERROR = "Failed to send your message. Please try again.";

/** What the route action answers to a form posted without JavaScript. */
export type ContactActionData =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: Partial<Record<keyof ContactInput, string>>; values: Partial<Record<keyof ContactInput, string>> };

const EMPTY: ContactInput = { fullName: "", email: "", subject: "", message: "" };

function ContactDetails({ brand }: { brand: Brand }) {
  const item = "flex items-start gap-4";
  const icon = "mt-0.5 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-white/5 text-gold-400 ring-1 ring-white/10";
  return (
    <div>
      <SectionHeading
        id="contact-title"
        align="left"
        tone="dark"
        eyebrow="Get in Touch"
        title="Contact Us"
        subtitle="Have a question or an investment opportunity to discuss? Our team would be glad to hear from you."
      />
      <address className="mt-10 space-y-6 not-italic">
        <div className={item}>
          <span className={icon}>
            <MapPin className="h-5 w-5" aria-hidden="true" />
          </span>
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.16em] text-slate-400">Headquarters</p>
            <p className="mt-1 leading-relaxed text-slate-100">{brand.address}</p>
          </div>
        </div>
        <div className={item}>
          <span className={icon}>
            <Phone className="h-5 w-5" aria-hidden="true" />
          </span>
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.16em] text-slate-400">Phone</p>
            <a className="mt-1 inline-block text-slate-100 hover:text-gold-300" href={`tel:${brand.phone.replace(/[^\d+]/g, "")}`}>
              {brand.phone}
            </a>
          </div>
        </div>
        <div className={item}>
          <span className={icon}>
            <Mail className="h-5 w-5" aria-hidden="true" />
          </span>
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.16em] text-slate-400">Email</p>
            <a className="mt-1 inline-block break-all text-slate-100 hover:text-gold-300" href={`mailto:${brand.email}`}>
              {brand.email}
            </a>
          </div>
        </div>
      </address>
      {hasSocialLinks(brand) ? (
        <div className="mt-10">
          <p className="text-sm font-semibold uppercase tracking-[0.16em] text-slate-400">Follow Us</p>
          <SocialLinks
            brand={brand}
            className="mt-4"
            linkClassName="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/5 text-slate-200 ring-1 ring-white/15 transition-colors hover:bg-gold-500 hover:text-navy-950"
          />
        </div>
      ) : null}
    </div>
  );
}

function ContactForm({ actionData, sentMessage: sentOnLoad }: { actionData: ContactActionData | undefined; sentMessage: string | null }) {
  const serverErrors = actionData && !actionData.ok ? actionData.errors : {};
  const initial: ContactInput = actionData && !actionData.ok ? { ...EMPTY, ...actionData.values } : EMPTY;
  const form = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: initial });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const [sentMessage, setSentMessage] = React.useState<string | null>(actionData?.ok ? actionData.message : sentOnLoad);
  const honeypotRef = React.useRef<HTMLInputElement>(null);

  const onValid = async (values: ContactInput) => {
    try {
      const body = { ...values, website: honeypotRef.current?.value ?? "" };
      const res = await apiRequest<{ message?: string }>("POST", "/api/contact", body);
      toast.success("Message Sent", { description: res?.message });
      setSentMessage(res?.message ?? null);
      form.reset(EMPTY);
      if (honeypotRef.current) honeypotRef.current.value = "";
    } catch (err) {
      // The server's message when it sent one (validation, rate limit); the generic sentence for network failures.
      toast.error("Error", { description: err instanceof ApiError && err.message ? err.message : CONTACT_ERROR });
    }
  };

  const error = (field: keyof ContactInput) => errors[field]?.message ?? serverErrors[field];
  const aria = (field: keyof ContactInput) => ({
    "aria-invalid": error(field) ? true : undefined,
    "aria-describedby": error(field) ? `contact-${field}-error` : undefined,
  });

  return (
    // Without JavaScript this is a plain form post to the home route's action; with it, the API is called.
    <form method="post" action="/?index#contact" noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-5" aria-labelledby="contact-form-title">
      <h3 id="contact-form-title" className="font-display text-2xl font-semibold text-navy-950">
        Send Us a Message
      </h3>
      {sentMessage ? (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800 ring-1 ring-emerald-200">
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">Message Sent.</strong> {sentMessage}
          </span>
        </p>
      ) : null}
      {actionData && !actionData.ok && Object.keys(actionData.errors).length === 0 ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700 ring-1 ring-red-200">
          {actionData.message}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-fullName" label="Full Name" error={error("fullName")}>
          <Input id="contact-fullName" autoComplete="name" placeholder="Your full name" defaultValue={initial.fullName} {...aria("fullName")} {...register("fullName")} />
        </Field>
        <Field id="contact-email" label="Email" error={error("email")}>
          <Input id="contact-email" type="email" autoComplete="email" placeholder="you@company.com" defaultValue={initial.email} {...aria("email")} {...register("email")} />
        </Field>
      </div>
      <Field id="contact-subject" label="Subject" error={error("subject")}>
        <Input id="contact-subject" placeholder="How can we help?" defaultValue={initial.subject} {...aria("subject")} {...register("subject")} />
      </Field>
      <Field id="contact-message" label="Message" error={error("message")}>
        <Textarea id="contact-message" rows={5} placeholder="Tell us a little about your enquiry" defaultValue={initial.message} {...aria("message")} {...register("message")} />
      </Field>
      {/* Honeypot: invisible to people and skipped by keyboards and screen readers; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input ref={honeypotRef} id="contact-website" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? (
          <>
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> Sending...
          </>
        ) : (
          <>
            <Send className="h-4 w-4" aria-hidden="true" /> Send Message
          </>
        )}
      </Button>
    </form>
  );
}

export function Contact({ brand, actionData, sentMessage = null }: { brand: Brand; actionData: ContactActionData | undefined; sentMessage?: string | null }) {
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className="relative scroll-mt-20 overflow-hidden bg-navy-950 bg-[radial-gradient(ellipse_at_top_right,rgba(199,155,75,0.14),transparent_55%)] py-24 text-white md:scroll-mt-28 lg:py-32"
    >
      <div className="relative mx-auto grid max-w-7xl gap-14 px-6 lg:grid-cols-12 lg:gap-16">
        <div className="lg:col-span-5">
          <ContactDetails brand={brand} />
        </div>
        <div className="relative self-start rounded-2xl bg-white p-6 text-slate-800 shadow-2xl shadow-black/30 sm:p-10 lg:col-span-7">
          <ContactForm actionData={actionData} sentMessage={sentMessage} />
        </div>
      </div>
    </section>
  );
}
