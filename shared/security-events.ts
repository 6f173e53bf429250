/**
 * What can happen to an account, as the security log records it: the database column's enum
 * (server/db/schema.ts), the filter of the admins' security log and the names the UI shows for each.
 */
export const SECURITY_EVENT_TYPES = [
  "sign-in",
  "sign-in-failed",
  "sign-in-throttled",
  "password-reset-requested",
  "password-reset",
  "email-verified",
  "role-changed",
  "account-disabled",
  "account-enabled",
  "two-factor-enabled",
  "two-factor-disabled",
  "recovery-codes-generated",
  "recovery-code-used",
  "passkey-added",
  "passkey-removed",
  "second-factors-cleared",
  "password-changed",
  "email-change-requested",
  "email-change-cancelled",
  "email-changed",
  "sessions-revoked",
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];
