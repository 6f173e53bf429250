import { z } from "zod";
import { EMAIL_STATUSES } from "../outbox";
import { endpoint, idParams } from "./contract";
import { beforeCursor, nextBefore } from "./paging";

const emailStatus = z.enum(EMAIL_STATUSES, { error: "validation.outbox.status" });

/** `?status=&before=`: one status, and the page cursor. */
export const outboxListQuery = z.object({ status: emailStatus.optional(), before: beforeCursor });

const time = z.iso.datetime();

/** A message as the Outbox lists it (no body). */
export const outboxRowSchema = z
  .strictObject({
    id: z.number().int(),
    kind: z.string().meta({ description: "What the message is: 'password-reset', 'verify-email', 'contact-received', ..." }),
    toAddress: z.string(),
    locale: z.string(),
    subject: z.string(),
    status: emailStatus,
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: time,
    sentAt: time.nullable(),
    nextAttemptAt: time,
  })
  .meta({ id: "OutboxRow" });
export type OutboxRow = z.output<typeof outboxRowSchema>;

/** One message with its body; a link's token is masked (••••••) in the HTML and the text. */
export const outboxMessageSchema = outboxRowSchema
  .extend({
    replyTo: z.string().nullable(),
    html: z.string().nullable().meta({ description: "Null once a message carrying a single-use link was delivered." }),
    textBody: z.string().nullable(),
    sensitive: z.boolean().meta({ description: "The body holds a single-use link." }),
    lockedUntil: time.nullable(),
    messageId: z.string().nullable().meta({ description: "The SMTP server's Message-ID once accepted." }),
    userId: z.number().int().nullable(),
  })
  .meta({ id: "OutboxMessage" });
export type OutboxMessage = z.output<typeof outboxMessageSchema>;

const tag = "Outbox (admin)";

/** The Outbox: every e-mail the site has written, sent or not. */
export const outboxEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/outbox",
    tag,
    summary: "E-mails, newest first, 50 at a time",
    access: "admin",
    query: outboxListQuery,
    response: z.strictObject({
      sending: z.boolean().meta({ description: "An SMTP server is set; without one, messages are held here, never sent." }),
      keepDays: z.number().int().meta({ description: "How long a message no longer waiting to be sent stays (MAIL_KEEP_DAYS)." }),
      messages: z.array(outboxRowSchema),
      nextBefore,
    }),
  }),
  get: endpoint({
    method: "GET",
    path: "/api/admin/outbox/:id",
    tag,
    summary: "One message with its body, tokens masked",
    access: "admin",
    params: idParams,
    response: outboxMessageSchema,
  }),
  retry: endpoint({
    method: "POST",
    path: "/api/admin/outbox/:id/retry",
    tag,
    summary: "Puts a failed message back in the queue",
    description: "404 unless the message failed.",
    access: "admin",
    params: idParams,
    status: 202,
    response: outboxMessageSchema,
  }),
};
