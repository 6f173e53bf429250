import type { Translate } from "~/i18n/provider";
import type { AlertKind, AlertList, CalendarEventKind, SubscriberStatus } from "../../../../shared/alerts";
import type { MessageId } from "../../../../shared/i18n/messages";
import { categoryOf } from "../../../../shared/press-categories";
import type { AlertRow, CalendarEventRow, SuppressionRow } from "./types";

type Variant = "green" | "amber" | "red" | "slate" | "gold";

/** A list in words: 'Press: Financial Results', 'Reports and documents', 'Financial calendar'. */
export function listName(t: Translate, list: AlertList): string {
  if (list === "documents") return t("admin.alerts.list.documents");
  if (list === "calendar") return t("admin.alerts.list.calendar");
  const category = categoryOf(list.slice("press:".length));
  return t("admin.alerts.list.press", { category: category ? t(`manage.category.${category.key}`) : list });
}

export const KIND: Record<AlertKind, MessageId> = {
  press: "admin.alerts.kind.press",
  document: "admin.alerts.kind.document",
  "calendar-new": "admin.alerts.kind.calendarNew",
  "calendar-reminder": "admin.alerts.kind.calendarReminder",
};

export const ALERT_STATUS: Record<AlertRow["status"], { label: MessageId; variant: Variant }> = {
  pending: { label: "admin.alerts.status.pending", variant: "amber" },
  sending: { label: "admin.alerts.status.sending", variant: "gold" },
  done: { label: "admin.alerts.status.done", variant: "green" },
};

export const SUBSCRIBER_STATUS: Record<SubscriberStatus, { label: MessageId; variant: Variant }> = {
  pending: { label: "admin.alerts.subscribers.status.pending", variant: "amber" },
  confirmed: { label: "admin.alerts.subscribers.status.confirmed", variant: "green" },
  unsubscribed: { label: "admin.alerts.subscribers.status.unsubscribed", variant: "slate" },
};

export const LANGUAGE: Record<"en" | "ar", MessageId> = { en: "admin.alerts.language.en", ar: "admin.alerts.language.ar" };

/** Where a subscription was asked for; a source outside these is shown as stored. */
const SOURCE: Record<string, MessageId> = { form: "admin.alerts.subscribers.source.form", account: "admin.alerts.subscribers.source.account" };
export const sourceName = (t: Translate, source: string) => (SOURCE[source] ? t(SOURCE[source]) : source);

export const REASON: Record<SuppressionRow["reason"], MessageId> = {
  unsubscribed: "admin.alerts.suppressions.reason.unsubscribed",
  "one-click": "admin.alerts.suppressions.reason.oneClick",
  admin: "admin.alerts.suppressions.reason.admin",
  bounced: "admin.alerts.suppressions.reason.bounced",
};

export const EVENT_KIND: Record<CalendarEventKind, MessageId> = {
  results: "admin.alerts.calendar.kind.results",
  agm: "admin.alerts.calendar.kind.agm",
  "dividend-record": "admin.alerts.calendar.kind.dividendRecord",
  "dividend-payment": "admin.alerts.calendar.kind.dividendPayment",
  call: "admin.alerts.calendar.kind.call",
  other: "admin.alerts.calendar.kind.other",
};

export const EVENT_STATUS: Record<CalendarEventRow["status"], { label: MessageId; variant: Variant }> = {
  scheduled: { label: "admin.alerts.calendar.status.scheduled", variant: "green" },
  cancelled: { label: "admin.alerts.calendar.status.cancelled", variant: "red" },
};
