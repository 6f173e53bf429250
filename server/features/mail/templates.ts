/**
 * What each e-mail says, in the recipient's language, from the `email` catalog. Links start with the configured
 * public origin (never a request's Host) and open the page in the recipient's language.
 */
import { formatters } from "../../../shared/i18n/format";
import { adminScreenPath } from "../../../shared/admin-screens";
import { LOCALE_INFO, localizePath, type Locale } from "../../../shared/i18n/locales";
import type { MessageId } from "../../../shared/i18n/messages";
import { translate } from "../../i18n";
import { renderEmail, type EmailContent, type RenderedEmail } from "./compose";

export type MailContext = { locale: Locale; brand: { name: string; address: string; email: string }; origin: string };

/** A link to a page of the site in the recipient's language. */
export const pageLink = (ctx: MailContext, path: string) => ctx.origin + localizePath(path, ctx.locale);

export function compose(
  ctx: MailContext,
  build: (t: (id: MessageId, values?: Record<string, string | number>) => string) => Omit<EmailContent, "footer" | "greeting"> & {
    greeting?: string;
    footer?: string[];
  },
): RenderedEmail {
  const t = (id: MessageId, values?: Record<string, string | number>) => translate(ctx.locale, id, { brand: isolate(ctx, ctx.brand.name), ...values });
  const content = build(t);
  return renderEmail(ctx.locale, ctx.brand, {
    greeting: t("email.greetingAnonymous"),
    footer: [t("email.footer.automated")],
    ...content,
    // A subject is one line that mail clients lay out on their own (some show isolate marks there as boxes).
    subject: content.subject.replace(ISOLATE_MARKS, ""),
  });
}

const greet = (ctx: MailContext, t: (id: MessageId, values?: Record<string, string | number>) => string, name: string | null | undefined) =>
  name ? t("email.greeting", { name: isolate(ctx, name) }) : t("email.greetingAnonymous");

export const action = (t: (id: MessageId) => string, label: MessageId, url: string) => ({ label: t(label), url, fallback: t("email.linkFallback") });

export const emails = {
  passwordReset: (ctx: MailContext, v: { name: string | null; token: string }) =>
    compose(ctx, (t) => ({
      subject: t("email.passwordReset.subject"),
      heading: t("email.passwordReset.heading"),
      greeting: greet(ctx, t, v.name),
      paragraphs: [t("email.passwordReset.body")],
      action: action(t, "email.passwordReset.action", `${pageLink(ctx, "/reset-password")}?token=${v.token}`),
      after: [t("email.passwordReset.ignore")],
      footer: [t("email.footer.account"), t("email.footer.automated")],
    })),

  /**
   * To an address someone registered: the mailbox may be someone else's, so nothing the registrant typed (name,
   * company) is in it. `redirect`, a path already judged safe (linkRedirect), is where the registrant was going:
   * the confirmation page sends them on to it through sign-in.
   */
  verifyEmail: (ctx: MailContext, v: { token: string; redirect?: string | null }) =>
    compose(ctx, (t) => ({
      subject: t("email.verify.subject"),
      heading: t("email.verify.heading"),
      paragraphs: [t("email.verify.body")],
      action: action(
        t,
        "email.verify.action",
        `${pageLink(ctx, "/verify-email")}?token=${v.token}${v.redirect ? `&redirect=${encodeURIComponent(v.redirect)}` : ""}`,
      ),
      after: [t("email.verify.ignore")],
    })),

  accountExists: (ctx: MailContext, v: { name: string | null }) =>
    compose(ctx, (t) => ({
      subject: t("email.accountExists.subject"),
      heading: t("email.accountExists.heading"),
      greeting: greet(ctx, t, v.name),
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
      action: action(t, "email.contact.action", pageLink(ctx, adminScreenPath("contact"))),
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
      action: action(t, "email.application.action", pageLink(ctx, adminScreenPath("applications"))),
    })),

  applicationApproved: (ctx: MailContext, v: { name: string | null }) =>
    compose(ctx, (t) => ({
      subject: t("email.approved.subject"),
      heading: t("email.approved.heading"),
      greeting: greet(ctx, t, v.name),
      paragraphs: [t("email.approved.body"), t("email.approved.next")],
      action: action(t, "email.approved.action", pageLink(ctx, "/investor-portal")),
    })),

  applicationRejected: (ctx: MailContext, v: { name: string | null }) =>
    compose(ctx, (t) => ({
      subject: t("email.rejected.subject"),
      heading: t("email.rejected.heading"),
      greeting: greet(ctx, t, v.name),
      paragraphs: [t("email.rejected.body"), t("email.rejected.next", { contact: ctx.brand.email })],
      action: action(t, "email.rejected.action", pageLink(ctx, "/investor-portal")),
    })),

  /** To the account's address after a change of password on the account page. */
  passwordChanged: (ctx: MailContext, v: { name: string | null; at: Date }) =>
    compose(ctx, (t) => ({
      subject: t("email.passwordChanged.subject"),
      heading: t("email.passwordChanged.heading"),
      greeting: greet(ctx, t, v.name),
      paragraphs: [t("email.passwordChanged.body", { time: mailTime(ctx, v.at) }), t("email.passwordChanged.notYou")],
      action: action(t, "email.passwordChanged.action", pageLink(ctx, "/forgot-password")),
      footer: [t("email.footer.account"), t("email.footer.automated")],
    })),

  /** To the current address when a new one is asked for: what was asked, never the new address's link. */
  emailChangeRequested: (ctx: MailContext, v: { name: string | null; newEmail: string; at: Date }) =>
    compose(ctx, (t) => ({
      subject: t("email.emailChangeRequested.subject"),
      heading: t("email.emailChangeRequested.heading"),
      greeting: greet(ctx, t, v.name),
      paragraphs: [
        t("email.emailChangeRequested.body", { time: mailTime(ctx, v.at), email: isolate(ctx, v.newEmail) }),
        t("email.emailChangeRequested.pending"),
        t("email.emailChangeRequested.notYou"),
      ],
      action: action(t, "email.emailChangeRequested.action", pageLink(ctx, "/forgot-password")),
      footer: [t("email.footer.account"), t("email.footer.automated")],
    })),

  /**
   * To the new address: the single-use link that makes the change. The address is not yet the account's, and may be
   * anyone's, so nothing the account's holder typed (name, company) is in it.
   */
  emailChangeConfirm: (ctx: MailContext, v: { token: string }) =>
    compose(ctx, (t) => ({
      subject: t("email.emailChangeConfirm.subject"),
      heading: t("email.emailChangeConfirm.heading"),
      paragraphs: [t("email.emailChangeConfirm.body")],
      action: action(t, "email.emailChangeConfirm.action", `${pageLink(ctx, "/confirm-email")}?token=${v.token}`),
      after: [t("email.emailChangeConfirm.ignore")],
    })),

  /** To the owner of an address another account asked to move to: nothing changed, and no link. */
  emailInUse: (ctx: MailContext, v: { name: string | null; at: Date }) =>
    compose(ctx, (t) => ({
      subject: t("email.emailInUse.subject"),
      heading: t("email.emailInUse.heading"),
      greeting: greet(ctx, t, v.name),
      paragraphs: [t("email.emailInUse.body", { time: mailTime(ctx, v.at) })],
      after: [t("email.emailInUse.ignore")],
      footer: [t("email.footer.account"), t("email.footer.automated")],
    })),

  /** To the old address once the new one is confirmed. */
  emailChanged: (ctx: MailContext, v: { name: string | null; newEmail: string; at: Date }) =>
    compose(ctx, (t) => ({
      subject: t("email.emailChanged.subject"),
      heading: t("email.emailChanged.heading"),
      greeting: greet(ctx, t, v.name),
      paragraphs: [
        t("email.emailChanged.body", { time: mailTime(ctx, v.at), email: isolate(ctx, v.newEmail) }),
        t("email.emailChanged.notYou", { contact: isolate(ctx, ctx.brand.email) }),
      ],
    })),

  /** To the account's address when its second factors change: what changed and when, and what to do if it wasn't them. */
  signInSecurityChanged: (ctx: MailContext, v: { name: string | null; change: SignInSecurityChange; passkey?: string; at: Date }) =>
    compose(ctx, (t) => ({
      subject: t("email.securityChange.subject"),
      heading: t("email.securityChange.heading"),
      greeting: greet(ctx, t, v.name),
      paragraphs: [
        t("email.securityChange.body", { change: CHANGE_KEY[v.change], passkey: isolate(ctx, v.passkey ?? ""), time: mailTime(ctx, v.at) }),
        t("email.securityChange.notYou"),
      ],
      action: action(t, "email.securityChange.action", pageLink(ctx, "/forgot-password")),
      footer: [t("email.footer.account"), t("email.footer.automated")],
    })),
};

/** The changes to how an account signs in that its owner is told about by e-mail. */
export type SignInSecurityChange =
  "two-factor-enabled" | "two-factor-disabled" | "recovery-codes-generated" | "passkey-added" | "passkey-removed" | "second-factors-cleared";

/** The message's select keys. */
const CHANGE_KEY: Record<SignInSecurityChange, string> = {
  "two-factor-enabled": "twoFactorOn",
  "two-factor-disabled": "twoFactorOff",
  "recovery-codes-generated": "recoveryCodes",
  "passkey-added": "passkeyAdded",
  "passkey-removed": "passkeyRemoved",
  "second-factors-cleared": "cleared",
};

/** A moment as an e-mail states it: date and time in UTC, in the recipient's language ('November 24, 2026 at 2:05 PM UTC'). */
const mailTime = (ctx: MailContext, at: Date) => formatters(ctx.locale).utcMoment(at);

/**
 * A name, address or code inside an Arabic sentence, between first-strong isolate marks (FSI ... PDI), so the
 * sentence's direction does not reorder its parts ('Kahwa Coffee Co.' never turns into '.Kahwa Coffee Co'). The marks
 * are invisible and travel with the text when it is copied.
 */
export const isolate = (ctx: MailContext, text: string) => (LOCALE_INFO[ctx.locale].dir === "rtl" && text ? `\u2068${text}\u2069` : text);
const ISOLATE_MARKS = /[\u2066-\u2069]/g;
