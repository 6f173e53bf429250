/**
 * Outbound e-mail as the rest of the server uses it: what a message is written with (brand, language, links), the
 * cap on notices someone else can cause, the queue that sends (mail-queue.ts) and the Outbox the dashboard reads
 * (outbox.ts).
 */
import type { Locale } from "../../../shared/i18n/locales";
import type { Config } from "../../env";
import type { Db } from "../../db/client";
import type { MailContext } from "./templates";
import { createMailQueue, type MailOptions } from "./mail-queue";
import { createOutbox } from "./outbox";
import { accountKey, RATE_RULES, type RateLimitService } from "../rate-limits/rate-limit";
import type { SettingsService } from "../settings/settings";

export { MAX_ATTEMPTS, retryDelayMs, type MailOptions, type OutgoingEmail } from "./mail-queue";

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
  const queue = createMailQueue({ db, config, options });

  /** The brand, language and link origin an e-mail to someone reading `locale` is written with. */
  async function context(locale: Locale): Promise<MailContext> {
    const brand = await settings.brand({ locale });
    return { locale, origin: config.linkOrigin, brand: { name: brand.name, address: brand.address, email: brand.email } };
  }

  return {
    ...queue,
    ...createOutbox({ db, config, queue }),

    context,

    /**
     * The context in every language, read before a transaction: on the embedded database a read outside the
     * transaction would wait for it to end.
     */
    async contexts(): Promise<Record<Locale, MailContext>> {
      const [en, ar] = await Promise.all([context("en"), context("ar")]);
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
  };
}

export type MailService = ReturnType<typeof createMailService>;
