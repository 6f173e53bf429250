/**
 * The e-mails of investor alerts: the double opt-in's confirmation, the link to an address's preferences, and the
 * alerts themselves (a release, a document, a calendar event added or due tomorrow). Every alert ends with the links
 * to the subscriber's preferences and to unsubscribe; none carries a tracking pixel or a rewritten link.
 */
import type { AlertList } from "../../../shared/alerts";
import { PRESS_CATEGORIES } from "../../../shared/press-categories";
import { dateTimeFormat } from "../../../shared/i18n/format";
import type { MessageId } from "../../../shared/i18n/messages";
import { SCHEDULE_ZONE } from "../../../shared/publication";
import { action, compose, isolate, pageLink, type MailContext } from "../mail/templates";

type T = (id: MessageId, values?: Record<string, string | number>) => string;

/** The lists in words: 'press releases (Financial Results, News), the financial calendar'. */
export function listNames(t: T, lists: readonly string[]): string {
  const categories = PRESS_CATEGORIES.filter((c) => lists.includes(`press:${c.key}`));
  const parts: string[] = [];
  if (categories.length === PRESS_CATEGORIES.length) parts.push(t("email.alerts.list.pressAll"));
  else if (categories.length)
    parts.push(
      t("email.alerts.list.press", { categories: categories.map((c) => t(`site.category.${c.key}` as MessageId)).join(t("email.alerts.list.separator")) }),
    );
  if (lists.includes("documents")) parts.push(t("email.alerts.list.documents"));
  if (lists.includes("calendar")) parts.push(t("email.alerts.list.calendar"));
  return parts.join(t("email.alerts.list.separator"));
}

/** The links every alert ends with: the subscriber's preferences and a one-click unsubscribe page. */
export type SubscriberLinks = { preferences: string; oneClick: string };

const alertFooter = (t: T, links: SubscriberLinks, lists: readonly string[]) => ({
  footer: [t("email.alerts.footer.why", { lists: listNames(t, lists) }), t("email.footer.automated")],
  footerLinks: [
    { label: t("email.alerts.footer.preferences"), url: links.preferences },
    { label: t("email.alerts.footer.unsubscribe"), url: links.preferences + "&unsubscribe=1" },
  ],
});

/** An event's day (and time in Cairo) as a sentence part; Arabic adds the Umm al-Qura date. */
export function eventWhen(ctx: MailContext, t: T, e: { date: string; time: string | null; startsAt: Date }): string {
  const noon = new Date(`${e.date}T12:00:00Z`);
  const day = dateTimeFormat(ctx.locale, { dateStyle: "full", timeZone: "UTC" }).format(noon);
  const hijri =
    ctx.locale === "ar"
      ? dateTimeFormat(ctx.locale, { calendar: "islamic-umalqura", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(noon)
      : null;
  const dayText = hijri ? t("email.alerts.event.dayHijri", { day, hijri }) : day;
  if (!e.time) return dayText;
  const time = dateTimeFormat(ctx.locale, { hour: "numeric", minute: "2-digit", timeZone: SCHEDULE_ZONE }).format(e.startsAt);
  return t("email.alerts.event.dayTime", { day: dayText, time });
}

export const alertEmails = {
  /** To an address someone typed into the form: the only e-mail it gets before it confirms. */
  confirm: (ctx: MailContext, v: { token: string; lists: readonly string[] }) =>
    compose(ctx, (t) => ({
      subject: t("email.alerts.confirm.subject"),
      heading: t("email.alerts.confirm.heading"),
      paragraphs: [t("email.alerts.confirm.body", { lists: listNames(t, v.lists) }), t("email.alerts.confirm.consent")],
      action: action(t, "email.alerts.confirm.action", `${pageLink(ctx, "/alerts/confirm")}?token=${v.token}`),
      after: [t("email.alerts.confirm.ignore")],
    })),

  /** To a subscribed address someone typed into the form again, or that asked for its link: nothing changed. */
  manageLink: (ctx: MailContext, v: { preferences: string; requested: boolean }) =>
    compose(ctx, (t) => ({
      subject: t("email.alerts.manage.subject"),
      heading: t("email.alerts.manage.heading"),
      paragraphs: [t(v.requested ? "email.alerts.manage.requested" : "email.alerts.manage.already")],
      action: action(t, "email.alerts.manage.action", v.preferences),
      after: [t("email.alerts.manage.ignore")],
    })),

  press: (
    ctx: MailContext,
    v: { title: string; summary: string; url: string; englishOnly: boolean; correction: boolean; lists: readonly string[]; links: SubscriberLinks },
  ) =>
    compose(ctx, (t) => ({
      subject: t(v.correction ? "email.alerts.press.correctionSubject" : "email.alerts.press.subject", { title: v.title }),
      heading: v.title,
      paragraphs: [...(v.correction ? [t("email.alerts.press.correction")] : []), ...(v.englishOnly ? [t("email.alerts.englishOnly")] : []), v.summary],
      action: action(t, "email.alerts.press.action", v.url),
      ...alertFooter(t, v.links, v.lists),
    })),

  document: (
    ctx: MailContext,
    v: {
      title: string;
      description: string | null;
      /** The investors page, which lists the document for everyone. */
      url: string;
      /** The portal's viewer (a PDF), for readers with an investor account; null otherwise. */
      viewerUrl: string | null;
      englishOnly: boolean;
      lists: readonly string[];
      links: SubscriberLinks;
    },
  ) =>
    compose(ctx, (t) => ({
      subject: t("email.alerts.document.subject", { title: v.title }),
      heading: v.title,
      paragraphs: [...(v.englishOnly ? [t("email.alerts.englishOnly")] : []), ...(v.description ? [v.description] : []), t("email.alerts.document.body")],
      action: action(t, "email.alerts.document.action", v.url),
      ...(v.viewerUrl ? { after: [t("email.alerts.document.viewer", { url: isolate(ctx, v.viewerUrl) })] } : {}),
      ...alertFooter(t, v.links, v.lists),
    })),

  event: (
    ctx: MailContext,
    v: {
      /** A reminder, sent the day before (or, when it could not be, on the day); null: a new event. */
      reminder: "tomorrow" | "today" | null;
      title: string;
      description: string | null;
      when: { date: string; time: string | null; startsAt: Date };
      englishOnly: boolean;
      icsUrl: string;
      linkUrl: string | null;
      lists: readonly string[];
      links: SubscriberLinks;
    },
  ) =>
    compose(ctx, (t) => ({
      subject: t(
        v.reminder === "today" ? "email.alerts.event.todaySubject" : v.reminder ? "email.alerts.event.reminderSubject" : "email.alerts.event.subject",
        { title: v.title },
      ),
      heading: v.title,
      paragraphs: [
        t(v.reminder === "today" ? "email.alerts.event.todayBody" : v.reminder ? "email.alerts.event.reminderBody" : "email.alerts.event.body", {
          when: eventWhen(ctx, t, v.when),
        }),
        ...(v.englishOnly ? [t("email.alerts.englishOnly")] : []),
        ...(v.description ? [v.description] : []),
        ...(v.linkUrl ? [t("email.alerts.event.link", { url: isolate(ctx, v.linkUrl) })] : []),
      ],
      action: action(t, "email.alerts.event.action", v.icsUrl),
      after: [t("email.alerts.event.calendar", { url: isolate(ctx, pageLink(ctx, "/investors") + "#calendar") })],
      ...alertFooter(t, v.links, v.lists),
    })),
};

export type { AlertList };
