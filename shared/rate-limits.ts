import type { MessageId } from "./i18n/messages";

/**
 * The rate limits: a budget of attempts per window, per subject. Pure data, so the server enforces them and the API
 * reference (OpenAPI) documents them from one table. `message` is an id of the errors catalog.
 */
/** A budget of `limit` attempts per fixed window of `windowMs`, counted per subject (an address, an account). */
export type RateRule = { name: string; limit: number; windowMs: number; message: MessageId };

/** The site's limits, shared by every app instance through the database (the API reference lists them per route). */
export const RATE_RULES = {
  /** Contact messages per visitor address, the JSON API and the no-JavaScript form together. */
  contact: { name: "contact", limit: 5, windowMs: 10 * 60_000, message: "errors.rate.contact" },
  /** Failed sign-ins per address (a successful one gives its attempt back). */
  loginIp: { name: "login-ip", limit: 20, windowMs: 15 * 60_000, message: "errors.rate.login" },
  /** Registrations per address. */
  register: { name: "register", limit: 30, windowMs: 60 * 60_000, message: "errors.rate.register" },
  /** Password reset requests per visitor address. */
  resetIp: { name: "reset-ip", limit: 20, windowMs: 15 * 60_000, message: "errors.rate.reset" },
  /** Password reset requests per e-mail address, known or not (so a mailbox cannot be flooded). */
  resetAccount: { name: "reset-account", limit: 3, windowMs: 60 * 60_000, message: "errors.rate.reset" },
  /**
   * Notices to one e-mail address, per kind, that someone other than its owner can cause (a registration naming an
   * address that has an account, an account asking to move to an address). One over the budget is dropped without a
   * word: the answer must not tell whether the address has an account, so `message` is never shown.
   */
  notice: { name: "notice", limit: 3, windowMs: 60 * 60_000, message: "errors.rate.reset" },
  /** Tries of a reset or confirmation link per visitor address (a token cannot be guessed, but each try costs). */
  tokenIp: { name: "token-ip", limit: 30, windowMs: 15 * 60_000, message: "errors.rate.reset" },
  /**
   * Preview links opened per visitor address, whether the token is good or not: a token cannot be guessed, and this
   * keeps anyone from trying.
   */
  previewIp: { name: "preview-ip", limit: 60, windowMs: 15 * 60_000, message: "errors.rate.preview" },
  /** Passkey sign-in ceremonies started per visitor address (each keeps a challenge in a session). */
  passkeyIp: { name: "passkey-ip", limit: 60, windowMs: 15 * 60_000, message: "errors.rate.login" },
  /** Confirmation links asked for again, per account. */
  verification: { name: "verification", limit: 3, windowMs: 60 * 60_000, message: "errors.rate.verification" },
  /**
   * Current passwords typed on the account page (changing the password or the address), per account: each try is
   * counted before the check and a right one is given back, so a stolen session cannot be used to guess the password.
   */
  currentPassword: { name: "current-password", limit: 5, windowMs: 15 * 60_000, message: "errors.rate.currentPassword" },
  /** Changes of address asked for, per account (each one e-mails two addresses). */
  emailChange: { name: "email-change", limit: 5, windowMs: 60 * 60_000, message: "errors.rate.emailChange" },
  /** Documents opened in the viewer, per account (each open renders and records a view). */
  viewerOpen: { name: "viewer-open", limit: 120, windowMs: 15 * 60_000, message: "errors.rate.viewer" },
  /**
   * Page images and page texts served, per account: far above what a person reads (a 300-page report at three zoom
   * levels), far below what copying every document page by page needs.
   */
  viewerPages: { name: "viewer-pages", limit: 3000, windowMs: 15 * 60_000, message: "errors.rate.viewer" },
  /**
   * Stamped copies being made at once, per account: taken when a copy is queued and given back when it is done (the
   * window only heals a count an instance that stopped mid-copy never gave back). A copy ties up a worker thread for
   * seconds, so one reader cannot fill the readers' queue.
   */
  stampedAtOnce: { name: "stamped-at-once", limit: 2, windowMs: 5 * 60_000, message: "errors.rate.stampedAtOnce" },
  /** Stamped copies per account an hour: far above what a person downloads, far below what tying up the stamper takes. */
  stampedHourly: { name: "stamped-hourly", limit: 30, windowMs: 60 * 60_000, message: "errors.rate.stampedHourly" },
  /** Reading reports per view (the viewer sends one every 15 seconds at most, and one when it closes). */
  readingReport: { name: "reading-report", limit: 120, windowMs: 15 * 60_000, message: "errors.rate.viewer" },
  /** Alert sign-ups and manage-link requests per visitor address (each sends an e-mail to an address they typed). */
  alertSignupIp: { name: "alert-signup-ip", limit: 10, windowMs: 60 * 60_000, message: "errors.rate.alerts" },
  /**
   * E-mails those requests send to one address, whoever asks: one over the budget is dropped without a word (the
   * answer must not tell whether the address is subscribed), so `message` is never shown.
   */
  alertSignupAddress: { name: "alert-signup-address", limit: 3, windowMs: 24 * 60 * 60_000, message: "errors.rate.alerts" },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_RULES;
