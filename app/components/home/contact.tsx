import { Mail, MapPin, Phone } from "lucide-react";
import * as React from "react";
import { useT } from "~/i18n/provider";
import type { Brand } from "../../../shared/brand";
import { hasSocialLinks, SocialLinks } from "../site/social-links";
import { ContactFormView, initialValues, type ContactActionData, type ContactController, type ContactField, type ContactFormState } from "./contact-form-view";
import { SectionHeading } from "./section-heading";

export type { ContactActionData } from "./contact-form-view";

/** One line of the address block: an icon, a label and what it says (an address, or a phone or e-mail link). */
function ContactRow({ icon: Icon, label, children }: { icon: typeof Mail; label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-4">
      <span className="mt-0.5 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-white/5 text-gold-400 ring-1 ring-white/10">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div>
        <p className="text-sm font-semibold uppercase tracking-[0.16em] text-slate-400">{label}</p>
        {children}
      </div>
    </div>
  );
}

function ContactDetails({ brand }: { brand: Brand }) {
  const t = useT();
  return (
    <div>
      <SectionHeading
        id="contact-title"
        align="left"
        tone="dark"
        eyebrow={t("site.contact.eyebrow")}
        title={t("site.contact.title")}
        subtitle={t("site.contact.subtitle")}
      />
      <address className="mt-10 space-y-6 not-italic">
        <ContactRow icon={MapPin} label={t("site.contact.headquarters")}>
          <p className="mt-1 leading-relaxed text-slate-100">
            <bdi>{brand.address}</bdi>
          </p>
        </ContactRow>
        <ContactRow icon={Phone} label={t("site.contact.phone")}>
          {/* Phone numbers and addresses read left to right inside Arabic text. */}
          <a className="mt-1 inline-block text-slate-100 hover:text-gold-300" dir="ltr" href={`tel:${brand.phone.replace(/[^\d+]/g, "")}`}>
            {brand.phone}
          </a>
        </ContactRow>
        <ContactRow icon={Mail} label={t("site.contact.email")}>
          <a className="mt-1 inline-block break-all text-slate-100 hover:text-gold-300" dir="ltr" href={`mailto:${brand.email}`}>
            {brand.email}
          </a>
        </ContactRow>
      </address>
      {hasSocialLinks(brand) ? (
        <div className="mt-10">
          <p className="text-sm font-semibold uppercase tracking-[0.16em] text-slate-400">{t("site.contact.follow")}</p>
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

type Controller = (typeof import("./contact-form-controller"))["default"];
let loadedController: Controller | undefined;

/**
 * The controller, loaded when the form comes within a screen of the viewport (a visitor who types in it, or
 * reaches it with the keyboard, has brought it there), so a visit that never gets to the form does not pay for its
 * checks. It arrives as a plain state update rather than a suspending lazy component, whose reveal React may hold
 * back on a timer.
 */
function useController(area: React.RefObject<HTMLDivElement | null>): Controller | undefined {
  const [controller, setController] = React.useState<Controller | undefined>(undefined);
  React.useEffect(() => {
    let live = true;
    const ready = (c: Controller) => live && setController(() => c);
    const load = () =>
      import("./contact-form-controller").then(
        (m) => ready((loadedController = m.default)),
        (err: unknown) => console.error("The contact form's checks could not be loaded; it posts to the page instead", err),
      );
    const observer =
      loadedController || typeof IntersectionObserver === "undefined"
        ? undefined
        : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && (observer?.disconnect(), load()), { rootMargin: "100% 0px" });
    if (loadedController) ready(loadedController);
    else if (observer && area.current) observer.observe(area.current);
    else load();
    return () => {
      live = false;
      observer?.disconnect();
    };
  }, [area]);
  return controller;
}

/**
 * The contact form. Rendered on the server and hydrated with the page; its controller (validation with the
 * shared schema, sending through the API) is loaded once the page has hydrated. Until then, and without
 * JavaScript, the form posts to the home route's action.
 */
function ContactForm({ actionData, sentMessage: sentOnLoad }: { actionData: ContactActionData | undefined; sentMessage: string | null }) {
  const initial = initialValues(actionData);
  const serverErrors = actionData && !actionData.ok ? actionData.errors : {};
  const [state, setState] = React.useState<ContactFormState>({ errors: {}, submitting: false, sentMessage: actionData?.ok ? actionData.message : sentOnLoad });
  const fields = React.useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const honeypot = React.useRef<HTMLInputElement>(null);
  const controller = React.useRef<ContactController | null>(null);
  const area = React.useRef<HTMLDivElement>(null);
  const ContactFormController = useController(area);
  const onChange = React.useCallback((next: Partial<ContactFormState>) => setState((prev) => ({ ...prev, ...next })), []);

  return (
    // data-checks: whether the form checks what is typed and sends through the API (else it posts to the page).
    <div ref={area} data-checks={state.checks ? "loaded" : undefined}>
      <ContactFormView
        field={(name) => ({
          name,
          defaultValue: initial[name],
          ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
            fields.current[name] = el;
          },
          onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => controller.current?.change(name, e),
          onBlur: (e: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => controller.current?.blur(name, e),
        })}
        error={(name) => state.errors[name] ?? serverErrors[name]}
        submitting={state.submitting}
        sentMessage={state.sentMessage}
        sentTitle={!state.toasted}
        formMessage={state.failure ?? (actionData && !actionData.ok && Object.keys(actionData.errors).length === 0 ? actionData.message : null)}
        // Without the controller the browser posts the form to the page.
        onSubmit={(e) => controller.current?.submit(e)}
        honeypotRef={honeypot}
      />
      {ContactFormController ? (
        <ContactFormController initial={initial} fields={fields} honeypot={honeypot} controller={controller} onChange={onChange} />
      ) : null}
    </div>
  );
}

export function Contact({ brand, actionData, sentMessage = null }: { brand: Brand; actionData: ContactActionData | undefined; sentMessage?: string | null }) {
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className="relative scroll-mt-20 overflow-hidden bg-navy-950 bg-[radial-gradient(ellipse_at_top_right,rgba(199,155,75,0.14),transparent_55%)] rtl:bg-[radial-gradient(ellipse_at_top_left,rgba(199,155,75,0.14),transparent_55%)] py-24 text-white md:scroll-mt-28 lg:py-32"
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
