import type { CallOutput } from "~/lib/api/client";
import type { API } from "../../../../shared/api";
import type { MessageId } from "../../../../shared/i18n/messages";

export type OutboxPage = CallOutput<typeof API.outbox.list>;
export type OutboxRow = OutboxPage["messages"][number];
export type OutboxMessage = CallOutput<typeof API.outbox.get>;
type EmailStatus = OutboxRow["status"];

export const STATUS: Record<EmailStatus, { label: MessageId; variant: "green" | "amber" | "red" | "slate" | "gold" }> = {
  sent: { label: "admin.outbox.status.sent", variant: "green" },
  queued: { label: "admin.outbox.status.queued", variant: "amber" },
  sending: { label: "admin.outbox.status.sending", variant: "amber" },
  held: { label: "admin.outbox.status.held", variant: "gold" },
  failed: { label: "admin.outbox.status.failed", variant: "red" },
};
