/**
 * Who receives investor alerts, and their consent. An address asks on the form (double opt-in: one confirmation
 * e-mail, nothing else until its link is confirmed by a POST), or a signed-in member sets them for the account's
 * confirmed address. Every request, confirmation, change and unsubscription is written to the consent record.
 * An unsubscription (from the preferences page, the one-click header or an admin) puts the address on the
 * suppression list, which every alert checks; only a new confirmation from the mailbox lifts it.
 *
 * Answers never tell whether an address is subscribed: the form's answer and its timing are the same for a new,
 * a pending, a confirmed and a suppressed address, and the e-mails one address can be sent through the form are
 * capped per day (one over the cap is dropped silently).
 *
 * One object for the routes and the sending, made of: the form's subscription and confirmation (alert-signup.ts),
 * the preferences page (alert-preferences.ts), a member's alerts (alert-account.ts), the dashboard's lists
 * (alert-admin-lists.ts) and an alert's recipients (alert-recipients.ts); what they share is in alert-consent.ts.
 */
import type { Db } from "../../db/client";
import { EVEN_ANSWER_MS } from "../accounts/accounts";
import type { AuditService } from "../audit/audit";
import type { MailService } from "../mail/mail";
import type { RateLimitService } from "../rate-limits/rate-limit";
import { createAccountAlerts } from "./alert-account";
import { createAlertAdminLists } from "./alert-admin-lists";
import { createManageTokens } from "./alert-consent";
import { createAlertPreferences } from "./alert-preferences";
import { createAlertRecipients } from "./alert-recipients";
import { createAlertSignup } from "./alert-signup";

export type { ConsentMeta } from "./alert-consent";

export function createAlertSubscriptions({
  db,
  mail,
  limits,
  audit,
  secret,
  evenAnswerMs = EVEN_ANSWER_MS,
}: {
  db: Db;
  mail: MailService;
  limits: RateLimitService;
  audit?: AuditService;
  /** Keys the preferences links (HMAC), so they are never stored. */
  secret: string;
  evenAnswerMs?: number;
}) {
  const tokens = createManageTokens({ db, secret });
  return {
    ...createAlertPreferences({ db, tokens }),
    ...createAlertSignup({ db, mail, limits, evenAnswerMs, tokens }),
    ...createAccountAlerts({ db }),
    ...createAlertAdminLists({ db, audit }),
    ...createAlertRecipients({ db }),
  };
}

export type AlertSubscriptions = ReturnType<typeof createAlertSubscriptions>;
