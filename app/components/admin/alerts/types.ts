import type { CallOutput } from "~/lib/api/client";
import type { API } from "../../../../shared/api";

/** An alert as the dashboard lists it: its item, edition, lists and how many of its e-mails were sent. */
export type AlertRow = CallOutput<typeof API.alerts.alerts>[number];
export type SubscriberRow = CallOutput<typeof API.alerts.subscribers>[number];
export type SubscriberStats = CallOutput<typeof API.alerts.subscriberStats>;
export type SuppressionRow = CallOutput<typeof API.alerts.suppressions>[number];
export type CalendarEventRow = CallOutput<typeof API.calendar.adminList>[number];
