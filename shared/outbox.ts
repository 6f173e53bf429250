/**
 * Where an e-mail of the outbox stands: waiting to be sent, being sent, sent, held (no way to send it), or failed.
 * The database column's enum (server/db/schema.ts) and the admins' outbox filter both read this list.
 */
export const EMAIL_STATUSES = ["queued", "sending", "sent", "held", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
