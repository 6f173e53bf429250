import { z } from "zod";
import { ALERT_KINDS, ALERT_LISTS, SUBSCRIBER_STATUSES } from "../alerts";
import {
  accountAlertsSchema,
  alertManageRequestSchema,
  alertPreferencesSchema,
  alertSettingsSchema,
  alertSubscribeSchema,
  alertTokenSchema,
  correctionAlertSchema,
  subscriberQuerySchema,
  suppressionQuerySchema,
  suppressionSchema,
} from "../alerts-schemas";
import { endpoint, fileAnswer, idParams, messageSchema } from "./contract";

const tag = "Investor alerts";
const adminTag = "Investor alerts (admin)";
const lists = z.array(z.enum(ALERT_LISTS));
const locale = z.enum(["en", "ar"]);

/** A subscription as its owner manages it (from the preferences link or the account page). */
export const alertPreferencesDtoSchema = z
  .strictObject({
    email: z.string(),
    status: z.enum(SUBSCRIBER_STATUSES),
    lists: lists.meta({ description: "The lists it receives; empty when it receives nothing." }),
    locale,
  })
  .meta({ id: "AlertPreferences" });

/** The answer to a confirmation: what the address now receives, and the token of its preferences page. */
const confirmedSchema = z.strictObject({
  message: z.string(),
  lists,
  locale,
  manageToken: z.string().meta({ description: "Opens the preferences page (/alerts/preferences?token=…)." }),
});

export const subscriberDtoSchema = z
  .strictObject({
    id: z.number().int(),
    email: z.string(),
    status: z.enum(SUBSCRIBER_STATUSES),
    lists,
    locale,
    createdAt: z.iso.datetime(),
    confirmedAt: z.iso.datetime().nullable(),
    unsubscribedAt: z.iso.datetime().nullable(),
    source: z.string().meta({ description: "Where the subscription was asked for: form or account." }),
  })
  .meta({ id: "AlertSubscriber" });

const countSchema = z.strictObject({ list: z.enum(ALERT_LISTS), en: z.number().int(), ar: z.number().int() });
export const subscriberStatsSchema = z
  .strictObject({
    confirmed: z.number().int(),
    pending: z.number().int(),
    unsubscribed: z.number().int(),
    suppressed: z.number().int(),
    perList: z.array(countSchema).meta({ description: "Confirmed subscribers of each list, per language." }),
  })
  .meta({ id: "AlertSubscriberStats" });

export const suppressionDtoSchema = z
  .strictObject({
    email: z.string(),
    reason: z.enum(["unsubscribed", "one-click", "admin", "bounced"]),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "AlertSuppression" });

export const alertDtoSchema = z
  .strictObject({
    id: z.number().int(),
    kind: z.enum(ALERT_KINDS),
    itemId: z.number().int(),
    title: z.string().meta({ description: "The item's English title (the dashboard's language aside)." }),
    edition: z.number().int().meta({ description: "0 for the first alert of an item; 1, 2, … for corrections an admin asked for." }),
    lists,
    status: z.enum(["pending", "sending", "done"]),
    recipients: z.number().int().meta({ description: "E-mails written so far." }),
    sent: z.number().int(),
    failed: z.number().int(),
    waiting: z.number().int().meta({ description: "Written, not yet sent (queued, retrying, or held without SMTP)." }),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Alert" });

const paging = "X-Total-Count is the number of matching rows.";

/**
 * The one-click address's query: the token a provider sends. Any other query (none, a token too long or malformed,
 * other parameters beside it) is read as no token, so the answer is the same whatever is sent.
 */
const oneClickQuery = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,200}$/)
    .optional()
    .catch(undefined),
});

/** Subscribing, confirming, preferences and one-click unsubscribe (anyone); the account's subscriptions; the admin's lists. */
export const alertEndpoints = {
  subscribe: endpoint({
    method: "POST",
    path: "/api/alerts/subscribe",
    tag,
    summary: "Asks for alerts to an address (double opt-in)",
    description:
      "Sends the address a confirmation link; nothing else is sent until it is opened and confirmed. The answer is the same whether the address is new, waiting for its confirmation or already subscribed.",
    access: "public",
    rateLimits: ["alertSignupIp", "alertSignupAddress"],
    body: alertSubscribeSchema,
    status: 202,
    response: messageSchema,
  }),
  requestManageLink: endpoint({
    method: "POST",
    path: "/api/alerts/manage-link",
    tag,
    summary: "E-mails a subscribed address the link to its preferences",
    description: "Answered the same for any address, subscribed or not.",
    access: "public",
    rateLimits: ["alertSignupIp", "alertSignupAddress"],
    body: alertManageRequestSchema,
    status: 202,
    response: messageSchema,
  }),
  confirm: endpoint({
    method: "POST",
    path: "/api/alerts/confirm",
    tag,
    summary: "Confirms a subscription with the e-mail's link",
    description: "A GET of the confirmation page never confirms: the page asks the reader to press a button, which sends this.",
    access: "public",
    rateLimits: ["tokenIp"],
    body: alertTokenSchema,
    response: confirmedSchema,
    errors: ["INVALID_TOKEN"],
  }),
  preferences: endpoint({
    method: "POST",
    path: "/api/alerts/preferences/read",
    tag,
    summary: "Reads a subscription's preferences with its link's token",
    description: "A POST so the token stays out of addresses and logs.",
    access: "public",
    rateLimits: ["tokenIp"],
    body: alertTokenSchema,
    response: alertPreferencesDtoSchema,
    errors: ["INVALID_TOKEN"],
  }),
  updatePreferences: endpoint({
    method: "PUT",
    path: "/api/alerts/preferences",
    tag,
    summary: "Changes a subscription's lists and language; no list at all unsubscribes",
    access: "public",
    rateLimits: ["tokenIp"],
    body: alertPreferencesSchema,
    response: alertPreferencesDtoSchema,
    errors: ["INVALID_TOKEN"],
  }),
  unsubscribe: endpoint({
    method: "POST",
    path: "/api/alerts/unsubscribe",
    tag,
    summary: "Stops every alert to the token's address",
    description: "The address is added to the suppression list: nothing is sent to it again unless it subscribes and confirms anew.",
    access: "public",
    rateLimits: ["tokenIp"],
    body: alertTokenSchema,
    response: alertPreferencesDtoSchema,
    errors: ["INVALID_TOKEN"],
  }),
  oneClick: endpoint({
    method: "POST",
    path: "/api/alerts/one-click",
    tag,
    summary: "One-click unsubscribe (RFC 8058), the address of every alert's List-Unsubscribe header",
    description:
      "Mail providers POST `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded) to the header's address, whose `token` query parameter names the subscription. Answered 200 with a short text whatever the token, so it tells nothing.",
    access: "public",
    query: oneClickQuery,
    response: fileAnswer("text/plain; charset=utf-8", "A one-line confirmation."),
  }),
  oneClickPage: endpoint({
    method: "GET",
    path: "/api/alerts/one-click",
    tag,
    summary: "Opening the one-click address in a browser: redirects to the preferences page, changing nothing",
    access: "public",
    query: oneClickQuery,
    status: 303,
    response: fileAnswer("text/plain", "303 See Other to /alerts/preferences?token=…&unsubscribe=1 (in the request's language)."),
  }),
  account: endpoint({
    method: "GET",
    path: "/api/account/alerts",
    tag,
    summary: "The signed-in member's alerts (for the account's address)",
    access: "signed-in",
    response: alertPreferencesDtoSchema,
  }),
  setAccount: endpoint({
    method: "PUT",
    path: "/api/account/alerts",
    tag,
    summary: "Sets the signed-in member's alerts; the account's confirmed address needs no confirmation e-mail",
    access: "signed-in",
    body: accountAlertsSchema,
    response: alertPreferencesDtoSchema,
  }),

  subscribers: endpoint({
    method: "GET",
    path: "/api/admin/alert-subscribers",
    tag: adminTag,
    summary: "One page of subscribers, newest first",
    description: paging,
    access: "admin",
    query: subscriberQuerySchema,
    response: z.array(subscriberDtoSchema),
  }),
  subscriberStats: endpoint({
    method: "GET",
    path: "/api/admin/alert-subscribers/stats",
    tag: adminTag,
    summary: "Subscribers per status, and confirmed ones per list and language",
    access: "admin",
    response: subscriberStatsSchema,
  }),
  exportSubscribers: endpoint({
    method: "GET",
    path: "/api/admin/alert-subscribers/export.csv",
    tag: adminTag,
    summary: "Every subscriber (with the consent record's dates and source) as CSV",
    access: "admin",
    query: z.strictObject({ lang: z.enum(["en", "ar"]).optional() }),
    response: fileAnswer("text/csv; charset=utf-8", "UTF-8 with a byte-order mark."),
  }),
  removeSubscriber: endpoint({
    method: "DELETE",
    path: "/api/admin/alert-subscribers/:id",
    tag: adminTag,
    summary: "Removes a subscriber and adds the address to the suppression list",
    access: "admin",
    params: idParams,
    response: messageSchema,
    errors: ["NOT_FOUND"],
  }),
  suppressions: endpoint({
    method: "GET",
    path: "/api/admin/alert-suppressions",
    tag: adminTag,
    summary: "One page of the suppression list (addresses never sent an alert)",
    description: paging,
    access: "admin",
    query: suppressionQuerySchema,
    response: z.array(suppressionDtoSchema),
  }),
  suppress: endpoint({
    method: "POST",
    path: "/api/admin/alert-suppressions",
    tag: adminTag,
    summary: "Adds an address to the suppression list (and stops its alerts)",
    access: "admin",
    body: suppressionSchema,
    status: 201,
    response: suppressionDtoSchema,
  }),
  alerts: endpoint({
    method: "GET",
    path: "/api/admin/alerts",
    tag: adminTag,
    summary: "The alerts sent, newest first, with how many e-mails were sent and failed",
    description: paging,
    access: "admin",
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).max(200).default(50),
      offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    }),
    response: z.array(alertDtoSchema),
  }),
  sendCorrection: endpoint({
    method: "POST",
    path: "/api/admin/alerts",
    tag: adminTag,
    summary: "Sends a published release again to its list as a correction",
    description: "Only when an admin asks: saving a correction never alerts by itself.",
    access: "admin",
    body: correctionAlertSchema,
    status: 201,
    response: alertDtoSchema,
    errors: ["NOT_FOUND", "PUBLICATION_STATE"],
  }),
  settings: endpoint({
    method: "GET",
    path: "/api/admin/alert-settings",
    tag: adminTag,
    summary: "The sending rate and whether calendar reminders are sent",
    access: "admin",
    response: alertSettingsSchema,
  }),
  setSettings: endpoint({
    method: "PUT",
    path: "/api/admin/alert-settings",
    tag: adminTag,
    summary: "Sets the sending rate and calendar reminders",
    access: "admin",
    body: alertSettingsSchema,
    response: alertSettingsSchema,
  }),
} as const;
