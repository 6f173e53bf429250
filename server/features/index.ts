import type { Config } from "../env";
import type { Database } from "../db/client";
import { createSessionStore } from "../auth/sessions";
import { createSecretBox } from "../auth/secret-box";
import { createFileStore } from "../lib/file-store";
import { createApplicationService } from "./applications/applications";
import { createAttentionService } from "./attention/attention";
import { createContactService } from "./contact/contact";
import { createDocumentAdminService } from "./documents/document-admin";
import { createDocumentService } from "./documents/documents";
import { createExtractService, type ExtractOptions } from "./extract/extract";
import { createPortfolioService } from "./portfolio/portfolio";
import { createPressService } from "./press/press";
import { createSearchService } from "./search/search";
import { createRateLimitService } from "./rate-limits/rate-limit";
import { createSettingsService } from "./settings/settings";
import { createUploadService } from "./uploads/uploads";
import { createUserService } from "./accounts/users";
import { createAccountService } from "./accounts/accounts";
import { createAccountSettingsService } from "./accounts/account-settings";
import { createMailService, type MailOptions } from "./mail/mail";
import { createLoginThrottle, type ThrottleTimes } from "./accounts/login-throttle";
import { createSecurityEventService } from "./security-events/security-events";
import { createUserAdminService } from "./user-admin/user-admin";
import { createTwoFactorService } from "./two-factor/two-factor";
import { createPasskeyService } from "./two-factor/passkeys";
import { createSecurityAlerts } from "./security-events/security-alerts";
import { createRetention } from "./retention/retention";
import { createPublicationScheduler } from "./publication/publication-scheduler";
import { createAuditService } from "./audit/audit";
import { createRevisionService } from "./publication/revisions";
import { createPreviewLinkService } from "./publication/preview-links";
import { createDataRoomService } from "./data-room/data-room";
import { createDataRoomAdminService } from "./data-room/data-room-admin";
import { createDocumentRenderer, type DocumentRenderer } from "./documents/document-renderer";
import { createReadingAnalytics } from "./data-room/reading-analytics";
import { createAlertSubscriptions } from "./alerts/alert-subscriptions";
import { createAlertSender } from "./alerts/alert-sending";
import { createCalendarService } from "./calendar/calendar";

/** Seams for tests only; start() never passes any. */
export type ServiceOptions = {
  /** Outbound fetch of 'extract from URL': fixture allow-list, shorter deadline, injected DNS. */
  extract?: ExtractOptions;
  /** The e-mail queue's timings. */
  mail?: MailOptions;
  /** Registration and reset requests answer no sooner than this (ms). */
  evenAnswerMs?: number;
  /** The sign-in throttle's waits (tests that must not depend on the machine's speed lengthen them). */
  throttleTimes?: ThrottleTimes;
  /** The data room's page renderer (tests of a server without the PDF tools replace it). */
  renderer?: DocumentRenderer;
  /** How long a download waits for its stamped copy before answering 202 'being prepared' (tests shorten it). */
  stampWaitMs?: number;
};

/**
 * Everything the API and the page loaders call. Built once per process.
 *
 * What a request reads and writes is noted from its SQL statements (server/lib/dependencies.ts), under the names the
 * database announces its changes with, so a cached page is dropped exactly when one of them changes, and a write
 * drops what it changed before it answers; no service lists its write methods. Settings note each key themselves.
 */
export function createServices(database: Database, config: Config, options: ServiceOptions = {}) {
  const { db } = database;
  const storage = createFileStore(config);
  // Rate limits are counted in the database, so every instance shares one budget per visitor and account.
  const limits = createRateLimitService({ db });
  // The audit trail's chain is keyed by the server's secret keys, so only the server can extend or re-hash it.
  const audit = createAuditService({ db, secretKeys: config.secretKeys });
  const settings = createSettingsService({ db, productionHostname: config.productionHostname, audit });
  const users = createUserService({ db });
  const mail = createMailService({ db, config, settings, limits, options: options.mail });
  const securityEvents = createSecurityEventService({ db });
  const sessions = createSessionStore({ db, secret: config.sessionSecret, secure: config.secureCookies });
  const uploads = createUploadService({ storage });
  const accounts = createAccountService({ db, mail, users, securityEvents, evenAnswerMs: options.evenAnswerMs });
  const alerts = createSecurityAlerts({ db, mail });
  const twoFactor = createTwoFactorService({ db, securityEvents, alerts, box: createSecretBox(config.secretKeys) });
  const alertSubscriptions = createAlertSubscriptions({ db, mail, limits, audit, secret: config.sessionSecret, evenAnswerMs: options.evenAnswerMs });
  const alertSender = createAlertSender({ db, mail, subscriptions: alertSubscriptions, settings, audit, origin: config.linkOrigin });
  const press = createPressService({ db, audit, onPublish: alertSender.pressPublished });
  const portfolio = createPortfolioService({ db, audit });
  const dataRoomAdmin = createDataRoomAdminService({ db, storage, audit });
  return {
    config,
    database,
    storage,
    sessions,
    users,
    mail,
    securityEvents,
    twoFactor,
    passkeys: createPasskeyService({ db, origin: config.linkOrigin, securityEvents, twoFactor, alerts }),
    accounts,
    portfolio,
    press,
    /**
     * Revisions of press releases and companies (every save keeps one): `list`, `get`, and `restore`, which writes a
     * revision's texts back as a draft, so it changes what public pages show.
     */
    revisions: createRevisionService({ db, audit }),
    // Documents 'publish' nothing; their step takes expired ones off the cached pages.
    // The alerts' step writes the e-mails of alerts opened by publications (and the calendar's reminders).
    publication: createPublicationScheduler({ press, portfolio, documents: dataRoomAdmin, alerts: alertSender }),
    /** Who receives investor alerts: the form's double opt-in, preferences, the account's alerts, the admin's lists. */
    alertSubscriptions,
    /** The alerts sent when something becomes public, their batches and their counts. */
    alertSender,
    /** The financial calendar: events, their calendar files and feeds. */
    calendar: createCalendarService({
      db,
      audit,
      origin: config.linkOrigin,
      onAdded: alertSender.eventAdded,
      brandName: async (locale) => (await settings.brand({ locale })).name,
    }),
    limits,
    loginThrottle: createLoginThrottle({ db, secret: config.sessionSecret, secure: config.secureCookies, times: options.throttleTimes }),
    contact: createContactService({ db, limits, mail }),
    documents: createDocumentService({ db }),
    applications: createApplicationService({ db, mail, securityEvents, audit }),
    attention: createAttentionService({ db }),
    userAdmin: createUserAdminService({ db, accounts, securityEvents, alerts, audit }),
    uploads,
    accountSettings: createAccountSettingsService({ db, mail, users, sessions, securityEvents, uploads, evenAnswerMs: options.evenAnswerMs }),
    extract: createExtractService({
      ...options.extract,
      nodeEnv: config.nodeEnv,
      companies: () => createPortfolioService({ db }).list(),
      storeImage: (buffer, kind) => createUploadService({ storage }).storeImage(buffer, kind),
    }),
    /** The data room as readers meet it: downloads, the viewer's views, pages and reading reports, the notice. */
    dataRoom: createDataRoomService({
      db,
      storage,
      renderer: options.renderer ?? createDocumentRenderer({ dataDir: config.dataDir, maxBytes: config.viewerCacheBytes }),
      secret: config.sessionSecret,
      limits,
      // A stamped copy not made by then is answered 'being prepared' well before the request's deadline.
      stampWaitMs: options.stampWaitMs ?? Math.max(1_000, Math.min(10_000, config.requestTimeoutMs - 5_000)),
    }),
    /** Versions, access rules, revocation, archiving, grants, and the confidentiality notice's versions. */
    dataRoomAdmin,
    readingAnalytics: createReadingAnalytics({ db }),
    documentAdmin: createDocumentAdminService({ db, storage, audit, onSaved: alertSender.documentPublic }),
    settings,
    /** Previews of unpublished releases: links to them (`create`, `list`, `revoke`, `resolve`) and the release itself. */
    previewLinks: createPreviewLinkService({ db, audit, hours: () => settings.previewLinkHours() }),
    /**
     * The audit trail: `audit.record(entry, tx)` records one change (see AuditEntry in ./audit.ts), `list`,
     * `exportBatches`, `verify` and `prune` serve the dashboard, the CLI and the retention job.
     */
    audit,
    retention: createRetention({ db, days: config.retention, audit }),
    search: createSearchService({ db, press: createPressService({ db }) }),
  };
}

export type Services = ReturnType<typeof createServices>;
