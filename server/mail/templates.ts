/**
 * What each e-mail says, in the recipient's language, from the `email` catalog. Links start with the configured
 * public origin (never a request's Host) and open the page in the recipient's language.
 */
import { localizePath, type Locale } from "../../shared/i18n/locales";
import type { MessageId } from "../../shared/i18n/messages";
import { translate } from "../i18n";
import { renderEmail, type EmailContent, type RenderedEmail } from "./compose";

export type MailContext = { locale: Locale; brand: { name: string; address: string; email: string }; origin: string };

/** A link to a page of the site in the recipient's language. */
export const pageLink = (ctx: MailContext, path: string) => ctx.origin + localizePath(path, ctx.locale);

function compose(
  ctx: MailContext,
  build: (t: (id: MessageId, values?: Record<string, string | number>) => string) => Omit<EmailContent, "footer" | "greeting"> & {
    greeting?: string;
    footer?: string[];
  },
): RenderedEmail {
  const t = (id: MessageId, values?: Record<string, string | number>) => translate(ctx.locale, id, { brand: ctx.brand.name, ...values });
  const content = build(t);
  return renderEmail(ctx.locale, ctx.brand, {
    greeting: t("email.greetingAnonymous"),
    footer: [t("email.footer.automated")],
    ...content,
  });
}

const greet = (t: (id: MessageId, values?: Record<string, string | number>) => string, name: string | null | undefined) =>
  name ? t("email.greeting", { name }) : t("email.greetingAnonymous");

const action = (t: (id: MessageId) => string, label: MessageId, url: string) => ({ label: t(label), url, fallback: t("email.linkFallback") });

export const emails = {
  passwordReset: (ctx: MailContext, v: { name: string | null; token: string }) =>
    compose(ctx, (t) => ({
      subject: t("email.passwordReset.subject"),
      heading: t("email.passwordReset.heading"),
      greeting: greet(t, v.name),
      paragraphs: [t("email.passwordReset.body")],
      action: action(t, "email.passwordReset.action", `${pageLink(ctx, "/reset-password")}?token=${v.token}`),
      after: [t("email.passwordReset.ignore")],
      footer: [t("email.footer.account"), t("email.footer.automated")],
    })),

  verifyEmail: (ctx: MailContext, v: { name: string | null; token: string }) =>
    compose(ctx, (t) => ({
      subject: t("email.verify.subject"),
      heading: t("email.verify.heading"),
      greeting: greet(t, v.name),
      paragraphs: [t("email.verify.body")],
      action: action(t, "email.verify.action", `${pageLink(ctx, "/verify-email")}?token=${v.token}`),
      after: [t("email.verify.ignore")],
    })),

  accountExists: (ctx: MailContext, v: { name: string | null }) =>
    compose(ctx, (t) => ({
      subject: t("email.accountExists.subject"),
      heading: t("email.accountExists.heading"),
      greeting: greet(t, v.name),
      paragraphs: [t("email.accountExists.body"), t("email.accountExists.next")],
      action: action(t, "email.accountExists.action", pageLink(ctx, "/forgot-password")),
      after: [t("email.accountExists.ignore")],
      footer: [t("email.footer.account"), t("email.footer.automated")],
    })),

  contactReceived: (ctx: MailContext, v: { name: string; email: string; subject: string; message: string }) =>
    compose(ctx, (t) => ({
      subject: t("email.contact.subject", { subject: v.subject }),
      heading: t("email.contact.heading"),
      paragraphs: [t("email.contact.from", { name: v.name, email: v.email }), t("email.contact.subjectLine", { subject: v.subject })],
      quote: v.message,
      action: action(t, "email.contact.action", `${pageLink(ctx, "/admin")}?tab=contact`),
      after: [t("email.contact.replyHint", { name: v.name })],
      footer: [],
    })),

  applicationReceived: (
    ctx: MailContext,
    v: { name: string; email: string; company: string | null; position: string | null; interests: string | null; motivation: string | null },
  ) =>
    compose(ctx, (t) => ({
      subject: t("email.application.subject", { name: v.name }),
      heading: t("email.application.heading"),
      paragraphs: [
        t("email.application.applicant", { name: v.name, email: v.email }),
        ...(v.company ? [t("email.application.company", { company: v.company })] : []),
        ...(v.position ? [t("email.application.position", { position: v.position })] : []),
        ...(v.interests ? [t("email.application.interests", { interests: v.interests })] : []),
      ],
      quote: v.motivation ?? undefined,
      action: action(t, "email.application.action", `${pageLink(ctx, "/admin")}?tab=applications`),
    })),

  applicationApproved: (ctx: MailContext, v: { name: string | null }) =>
    compose(ctx, (t) => ({
      subject: t("email.approved.subject"),
      heading: t("email.approved.heading"),
      greeting: greet(t, v.name),
      paragraphs: [t("email.approved.body"), t("email.approved.next")],
      action: action(t, "email.approved.action", pageLink(ctx, "/investor-portal")),
    })),

  applicationRejected: (ctx: MailContext, v: { name: string | null }) =>
    compose(ctx, (t) => ({
      subject: t("email.rejected.subject"),
      heading: t("email.rejected.heading"),
      greeting: greet(t, v.name),
      paragraphs: [t("email.rejected.body"), t("email.rejected.next", { contact: ctx.brand.email })],
      action: action(t, "email.rejected.action", pageLink(ctx, "/investor-portal")),
    })),
};
