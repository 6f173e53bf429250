/**
 * The e-mail queue: every message is a row of `email_messages`, written in the same transaction as what caused it,
 * and every app instance claims due rows and sends them through SMTP, retrying with growing waits. Without an SMTP
 * server messages are kept ('held') for the dashboard's Outbox; nothing is dropped.
 */
import { and, eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { SMTPPoolOptions } from "nodemailer/lib/smtp-pool";
import type { Locale } from "../../../shared/i18n/locales";
import type { Config } from "../../env";
import type { Db, DbOrTx } from "../../db/client";
import { emailMessages, type EmailMessage } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import type { RenderedEmail } from "./compose";

/** A message is tried at most this many times before it is marked failed. */
export const MAX_ATTEMPTS = 10;
/**
 * Waits between attempts double from `firstMs` (MAIL_RETRY_SECONDS, 30 s by default: about 4.5 hours over all attempts)
 * up to an hour, each with ±20% jitter so instances that failed together do not retry together.
 */
export const retryDelayMs = (attempt: number, firstMs = 30_000) => Math.min(firstMs * 2 ** (attempt - 1), 3_600_000) * (0.8 + Math.random() * 0.4);

export type MailOptions = {
  /** How often each instance looks for due messages (a message written here is sent at once). */
  pollMs?: number;
  /** How long a claimed message is reserved for the instance sending it. */
  leaseMs?: number;
  retryDelayMs?: (attempt: number) => number;
};

export type OutgoingEmail = {
  kind: string;
  to: string;
  locale: Locale;
  userId?: number | null;
  replyTo?: string;
  /** The body holds a single-use link: it is deleted once the message is delivered. */
  sensitive?: boolean;
  /** Extra headers the server builds (never from input): an alert's List-Unsubscribe pair. */
  headers?: Record<string, string>;
  /** Not before this instant (alerts are spaced out to the sending rate). */
  notBefore?: Date;
  content: RenderedEmail;
};

type MailLog = Pick<Logger, "info" | "warn" | "error">;
type Outcome = Partial<typeof emailMessages.$inferInsert>;

/** A connection that has not answered for this long is given up (the message is retried later). */
const SMTP_TIMEOUT_MS = 20_000;
/** A connection carries at most this many messages, then a new one is opened (many servers cap it near 100). */
const MESSAGES_PER_CONNECTION = 100;
/**
 * An open connection unused for this long is closed: well below the 5 minutes servers must wait for a client, and
 * below the minute some hosted services allow, so a burst's connections are never reused after the server has
 * dropped them.
 */
const IDLE_CONNECTION_MS = 30_000;
/**
 * A claim holds what the connections can send in 4 rounds: even a server that times out on every message
 * (SMTP_TIMEOUT_MS each) leaves them well inside their lease.
 */
const ROUNDS_PER_CLAIM = 4;

/** An SMTP 5xx answer is permanent: the same message would be refused again. */
const isPermanent = (err: unknown) => {
  const code = (err as { responseCode?: number })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * A pool of up to SMTP_CONNECTIONS connections, each reused for up to MESSAGES_PER_CONNECTION messages: a server's
 * greeting pause and the TLS handshake are paid once per connection, not once per message.
 */
function smtpTransport(config: Config): Transporter | undefined {
  if (!config.smtpUrl) return undefined;
  const options: SMTPPoolOptions = {
    url: config.smtpUrl,
    pool: true,
    maxConnections: config.smtpConnections,
    maxMessages: MESSAGES_PER_CONNECTION,
    // Every retry is the queue's own: recorded with its error and spaced by its waits, never resent from memory by
    // the pool when a connection closes mid-message (the server may already have taken it).
    maxRequeues: 0,
    idleTimeout: IDLE_CONNECTION_MS,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  };
  return nodemailer.createTransport(options);
}

/** Sends `row` once: the outcome to record (sent, or queued again / failed with the error and the next attempt). */
async function attempt(transport: Transporter, config: Config, row: EmailMessage, delay: (attempt: number) => number, log?: MailLog): Promise<Outcome> {
  try {
    const info = await transport.sendMail({
      from: config.mailFrom,
      to: row.toAddress,
      replyTo: row.replyTo ?? undefined,
      subject: row.subject,
      html: row.html ?? undefined,
      text: row.textBody ?? undefined,
      headers: { ...row.headers, "Content-Language": row.locale, "X-Meridian-Kind": row.kind },
    });
    return {
      status: "sent",
      sentAt: new Date(),
      lockedUntil: null,
      lastError: null,
      messageId: String(info.messageId ?? "").slice(0, 300) || null,
      ...(row.sensitive ? { html: null, textBody: null } : {}),
    };
  } catch (err) {
    const failed = isPermanent(err) || row.attempts >= MAX_ATTEMPTS;
    log?.warn(
      { err, emailId: row.id, attempt: row.attempts, failed },
      failed ? "e-mail could not be delivered; giving up" : "e-mail not delivered; will retry",
    );
    return {
      status: failed ? "failed" : "queued",
      lockedUntil: null,
      lastError: errorText(err),
      nextAttemptAt: new Date(Date.now() + Math.round(delay(row.attempts))),
    };
  }
}

/** Takes up to `limit` due messages no other instance holds (SKIP LOCKED), reserved for `leaseMs`, oldest due first. */
async function claimDue(db: Db, leaseMs: number, limit: number): Promise<EmailMessage[]> {
  // Claimed and read in one statement: a database that goes away in between cannot leave messages leased unread.
  const rows = await db
    .update(emailMessages)
    .set({ status: "sending", attempts: sql`${emailMessages.attempts} + 1`, lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(
      sql`${emailMessages.id} in (
        select id from email_messages
        where status in ('queued', 'sending') and next_attempt_at <= now() and (locked_until is null or locked_until <= now())
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked
      )`,
    )
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

export function createMailQueue({ db, config, options = {} }: { db: Db; config: Config; options?: MailOptions }) {
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const delay = options.retryDelayMs ?? ((n: number) => retryDelayMs(n, config.mailRetryMs));
  const transport = smtpTransport(config);

  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let log: MailLog | undefined;

  /**
   * Outcomes this instance could not write (the database went away after the send): kept here and written first
   * when the database answers again, so a message stays neither leased for nothing nor sent twice by this instance.
   */
  const unrecorded = new Map<number, Outcome>();

  async function record(id: number, outcome: Outcome) {
    await db
      .update(emailMessages)
      .set(outcome)
      .where(and(eq(emailMessages.id, id), eq(emailMessages.status, "sending")));
    unrecorded.delete(id);
  }

  /** Sends one claimed message and records the outcome (or keeps it to record later). */
  async function deliver(row: EmailMessage) {
    const outcome = await attempt(transport!, config, row, delay, log);
    try {
      await record(row.id, outcome);
    } catch (err) {
      unrecorded.set(row.id, outcome);
      throw err;
    }
  }

  /**
   * Sends a claim's messages over the pool's connections at once, oldest first. If the database goes away, no new
   * message is started; those in flight finish, and the ones not tried are given back as soon as it answers again.
   */
  async function deliverAll(rows: EmailMessage[]) {
    let next = 0;
    let failure: { err: unknown } | undefined;
    const sender = async () => {
      while (!failure && next < rows.length) {
        const row = rows[next++];
        try {
          await deliver(row);
        } catch (err) {
          failure ??= { err };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(config.smtpConnections, rows.length) }, sender));
    if (failure) {
      for (const rest of rows.slice(next)) unrecorded.set(rest.id, { status: "queued", lockedUntil: null });
      throw failure.err;
    }
  }

  /**
   * Claims due messages and sends them, until none is due. A message whose sender died is taken again when its
   * lease ends.
   */
  async function processDue(): Promise<number> {
    if (!transport) return 0;
    for (const [id, outcome] of [...unrecorded]) await record(id, outcome);
    let sent = 0;
    for (;;) {
      const rows = await claimDue(db, leaseMs, ROUNDS_PER_CLAIM * config.smtpConnections);
      if (rows.length === 0) return sent;
      await deliverAll(rows);
      sent += rows.length;
      if (stopped) return sent;
    }
  }

  /** Runs one pass unless one is running; errors (the database away) are logged and the next poll tries again. */
  function pass(): Promise<void> {
    running ??= processDue()
      .then(() => undefined)
      .catch((err) => log?.warn({ err }, "e-mail queue: cannot read due messages; will try again"))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  /** Sends soon (after the caller's transaction has committed) rather than at the next poll. */
  function wake() {
    if (stopped || !transport || wakeTimer) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      void pass();
    }, 20);
    wakeTimer.unref?.();
  }

  /** Writes several messages in one statement (an alert's batch); their ids, in order. */
  async function enqueueAll(emails: OutgoingEmail[], tx: DbOrTx = db): Promise<number[]> {
    if (emails.length === 0) return [];
    const rows = await tx
      .insert(emailMessages)
      .values(
        emails.map((email) => ({
          kind: email.kind,
          toAddress: email.to,
          replyTo: email.replyTo ?? null,
          locale: email.locale,
          subject: email.content.subject,
          html: email.content.html,
          textBody: email.content.text,
          sensitive: email.sensitive ?? false,
          headers: email.headers ?? null,
          status: transport ? ("queued" as const) : ("held" as const),
          userId: email.userId ?? null,
          ...(email.notBefore ? { nextAttemptAt: email.notBefore } : {}),
        })),
      )
      .returning({ id: emailMessages.id });
    wake();
    return rows.map((r) => r.id);
  }

  return {
    /** True when messages go to an SMTP server; false when they are kept in the Outbox. */
    sending: Boolean(transport),

    /** Writes a message (inside the caller's transaction when given one); the queue sends it. */
    async enqueue(email: OutgoingEmail, tx: DbOrTx = db) {
      const [id] = await enqueueAll([email], tx);
      return id;
    },

    enqueueAll,

    wake,

    processDue,

    /** Starts this instance's sender (nothing to do without SMTP: messages stay in the Outbox). */
    start(logger: MailLog) {
      log = logger;
      if (!transport) {
        logger.warn("SMTP_URL is not set: e-mails are kept in the database and shown in the dashboard's Outbox, not sent");
        return;
      }
      stopped = false;
      timer = setInterval(() => void pass(), pollMs);
      timer.unref?.();
      void pass();
    },

    /** Stops polling and waits for a send in progress (its message is recorded as sent or retried). */
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(wakeTimer);
      wakeTimer = undefined;
      await running;
      transport?.close();
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
