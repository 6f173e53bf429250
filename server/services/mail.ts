/**
 * Outbound e-mail: every message is a row of `email_messages`, written in the same transaction as what caused it,
 * and every app instance sends due rows through SMTP. Without an SMTP server messages are kept ('held') and read in
 * the dashboard's Outbox; nothing is dropped.
 */
import { and, desc, eq, lt, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Locale } from "../../shared/i18n/locales";
import type { Config } from "../env";
import type { Db, DbOrTx } from "../db/client";
import { emailMessages, type EmailMessage, type EmailStatus } from "../db/schema";
import type { Logger } from "../lib/logger";
import { notFound } from "../lib/errors";
import type { RenderedEmail } from "../mail/compose";
import type { MailContext } from "../mail/templates";
import { accountKey, RATE_RULES, type RateLimitService } from "./rate-limit";
import type { SettingsService } from "./settings";

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
  content: RenderedEmail;
};

const BATCH = 10;
/** A connection that has not answered for this long is given up (the message is retried later). */
const SMTP_TIMEOUT_MS = 20_000;

/** An SMTP 5xx answer is permanent: the same message would be refused again. */
const isPermanent = (err: unknown) => {
  const code = (err as { responseCode?: number })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

export function createMailService({
  db,
  config,
  settings,
  limits,
  options = {},
}: {
  db: Db;
  config: Config;
  settings: SettingsService;
  limits: RateLimitService;
  options?: MailOptions;
}) {
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const delay = options.retryDelayMs ?? ((attempt: number) => retryDelayMs(attempt, config.mailRetryMs));
  const transport: Transporter | undefined = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      } as SMTPTransport.Options)
    : undefined;

  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let log: Pick<Logger, "info" | "warn" | "error"> | undefined;

  type Outcome = Partial<typeof emailMessages.$inferInsert>;
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
    let outcome: Outcome;
    try {
      const info = await transport!.sendMail({
        from: config.mailFrom,
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        html: row.html ?? undefined,
        text: row.textBody ?? undefined,
        headers: { "Content-Language": row.locale, "X-Meridian-Kind": row.kind },
      });
      outcome = {
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
      outcome = {
        status: failed ? "failed" : "queued",
        lockedUntil: null,
        lastError: errorText(err),
        nextAttemptAt: new Date(Date.now() + Math.round(delay(row.attempts))),
      };
    }
    try {
      await record(row.id, outcome);
    } catch (err) {
      unrecorded.set(row.id, outcome);
      throw err;
    }
  }

  /**
   * Claims due messages and sends them, until none is due. A claim takes rows no other instance holds (SKIP LOCKED)
   * and reserves them for `leaseMs`; a message whose sender died is taken again when its lease ends.
   */
  async function processDue(): Promise<number> {
    if (!transport) return 0;
    for (const [id, outcome] of [...unrecorded]) await record(id, outcome);
    let sent = 0;
    for (;;) {
      const claimed = (await db.execute(sql`
        update email_messages set status = 'sending', attempts = attempts + 1,
          locked_until = now() + ${leaseMs} * interval '1 millisecond'
        where id in (
          select id from email_messages
          where status in ('queued', 'sending') and next_attempt_at <= now() and (locked_until is null or locked_until <= now())
          order by next_attempt_at, id
          limit ${BATCH}
          for update skip locked
        )
        returning id`)) as unknown as { rows: { id: number }[] };
      const ids = claimed.rows.map((r) => Number(r.id));
      if (ids.length === 0) return sent;
      const rows = await db
        .select()
        .from(emailMessages)
        .where(sql`${emailMessages.id} in (${sql.join(ids, sql`, `)})`)
        .orderBy(emailMessages.id);
      for (const [i, row] of rows.entries()) {
        try {
          await deliver(row);
        } catch (err) {
          // The database went away: the rest of the batch, unsent, is given back as soon as it answers again.
          for (const rest of rows.slice(i + 1)) unrecorded.set(rest.id, { status: "queued", lockedUntil: null });
          throw err;
        }
      }
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

  return {
    /** True when messages go to an SMTP server; false when they are kept in the Outbox. */
    sending: Boolean(transport),

    /** The brand, language and link origin an e-mail to someone reading `locale` is written with. */
    async context(locale: Locale): Promise<MailContext> {
      const brand = await settings.brand({ locale });
      return { locale, origin: config.linkOrigin, brand: { name: brand.name, address: brand.address, email: brand.email } };
    },

    /**
     * The context in every language, read before a transaction: on the embedded database a read outside the
     * transaction would wait for it to end.
     */
    async contexts(): Promise<Record<Locale, MailContext>> {
      const [en, ar] = await Promise.all([this.context("en"), this.context("ar")]);
      return { en, ar };
    },

    /**
     * Counts one notice of `kind` to `to` and answers whether it may be sent. A notice is an e-mail someone other
     * than the recipient can cause (registering an address that has an account, asking to move an account to an
     * address): each address gets at most RATE_RULES.notice of each kind, shared by every instance. The caller
     * drops one over the cap silently and answers exactly as if it had been sent, so the answer never tells
     * whether the address has an account. Call before the transaction (see `contexts`).
     */
    async noticeAllowed(kind: string, to: string) {
      return (await limits.hit(RATE_RULES.notice, `${kind}:${accountKey(to)}`)).allowed;
    },

    /** Writes a message (inside the caller's transaction when given one); the queue sends it. */
    async enqueue(email: OutgoingEmail, tx: DbOrTx = db) {
      const [row] = await tx
        .insert(emailMessages)
        .values({
          kind: email.kind,
          toAddress: email.to,
          replyTo: email.replyTo ?? null,
          locale: email.locale,
          subject: email.content.subject,
          html: email.content.html,
          textBody: email.content.text,
          sensitive: email.sensitive ?? false,
          status: transport ? "queued" : "held",
          userId: email.userId ?? null,
        })
        .returning({ id: emailMessages.id });
      wake();
      return row.id;
    },

    wake,

    processDue,

    /** Starts this instance's sender (nothing to do without SMTP: messages stay in the Outbox). */
    start(logger: Pick<Logger, "info" | "warn" | "error">) {
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

    /** The Outbox: newest first, a page at a time (keyset on the id). */
    async list(opts: { status?: EmailStatus; before?: number; limit?: number } = {}) {
      const limit = Math.min(opts.limit ?? 50, 200);
      const rows = await db
        .select({
          id: emailMessages.id,
          kind: emailMessages.kind,
          toAddress: emailMessages.toAddress,
          locale: emailMessages.locale,
          subject: emailMessages.subject,
          status: emailMessages.status,
          attempts: emailMessages.attempts,
          lastError: emailMessages.lastError,
          createdAt: emailMessages.createdAt,
          sentAt: emailMessages.sentAt,
          nextAttemptAt: emailMessages.nextAttemptAt,
        })
        .from(emailMessages)
        .where(and(opts.status ? eq(emailMessages.status, opts.status) : undefined, opts.before ? lt(emailMessages.id, opts.before) : undefined))
        .orderBy(desc(emailMessages.id))
        .limit(limit + 1);
      return {
        sending: Boolean(transport),
        /** How long a message no longer waiting to be sent stays here (MAIL_KEEP_DAYS). */
        keepDays: config.retention.mailDays,
        messages: rows.slice(0, limit).map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
          nextAttemptAt: r.nextAttemptAt.toISOString(),
        })),
        nextBefore: rows.length > limit ? rows[limit - 1].id : null,
      };
    },

    /** One message with its body (null once a message with a single-use link was delivered). */
    async get(id: number) {
      const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id));
      if (!row) throw notFound("errors.notFound.email");
      return {
        ...row,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        nextAttemptAt: row.nextAttemptAt.toISOString(),
        lockedUntil: row.lockedUntil?.toISOString() ?? null,
      };
    },

    /** Puts a failed message back in the queue (an admin fixed the SMTP settings). */
    async retry(id: number) {
      const [row] = await db
        .update(emailMessages)
        .set({ status: transport ? "queued" : "held", attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
        .where(and(eq(emailMessages.id, id), eq(emailMessages.status, "failed")))
        .returning({ id: emailMessages.id });
      if (!row) throw notFound("errors.notFound.email");
      wake();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
