/**
 * How long each text a person writes may be, in characters: the one home of these numbers. The shared schemas check
 * them, the forms set `maxLength` and their character counters from them, extraction trims to them, and the
 * validation messages receive them as `{min}` / `{max}` (the catalogs never write the number).
 */

export type Bounds = { readonly min: number; readonly max: number };
export type Cap = { readonly max: number };

/** A press release. Company, sector and category are only capped (their one message says 'is required'). */
export const PRESS_LIMITS = {
  title: { min: 5, max: 100 },
  displayTitle: { max: 200 },
  /** The public note on a correction of a published release, in each language. */
  correctionNote: { max: 500 },
  summary: { min: 10, max: 200 },
  content: { min: 50, max: 100_000 },
  company: { min: 1, max: 120 },
  sector: { min: 1, max: 60 },
  category: { min: 1, max: 60 },
} as const satisfies Record<string, Bounds | Cap>;

/** A portfolio company. */
export const PORTFOLIO_LIMITS = {
  name: { min: 2, max: 120 },
  description: { min: 10, max: 2000 },
} as const satisfies Record<string, Bounds | Cap>;

/** An investor document and a document category. */
export const DOCUMENT_LIMITS = {
  title: { min: 2, max: 200 },
  description: { max: 2000 },
} as const satisfies Record<string, Bounds | Cap>;
export const DOCUMENT_CATEGORY_LIMITS = {
  name: { min: 2, max: 80 },
  description: { max: 500 },
} as const satisfies Record<string, Bounds | Cap>;

/** The brand texts of Settings and the three figures of the home page. */
export const BRAND_LIMITS = {
  name: { min: 2, max: 120 },
  shortName: { min: 2, max: 60 },
  tagline: { min: 2, max: 120 },
  description: { min: 20, max: 600 },
  address: { min: 5, max: 300 },
} as const satisfies Record<string, Bounds | Cap>;
export const HOME_STAT_LIMITS = {
  value: { min: 1, max: 12 },
  label: { min: 2, max: 40 },
} as const satisfies Record<string, Bounds | Cap>;

/** The contact form. */
export const CONTACT_LIMITS = {
  fullName: { min: 2, max: 200 },
  subject: { min: 2, max: 200 },
  message: { min: 10, max: 5000 },
} as const satisfies Record<string, Bounds | Cap>;

/**
 * An account: registration and the profile. The password's cap keeps a hostile megabyte password from costing a
 * megabyte of hashing. A passkey's name is its owner's label for it.
 */
export const ACCOUNT_LIMITS = {
  fullName: { min: 2, max: 200 },
  company: { max: 200 },
  position: { max: 200 },
  password: { min: 8, max: 256 },
  passkeyName: { min: 1, max: 60 },
} as const satisfies Record<string, Bounds | Cap>;

/** The investor-access application. */
export const APPLICATION_LIMITS = {
  company: { min: 2, max: 200 },
  position: { min: 2, max: 200 },
  motivation: { min: 20, max: 4000 },
  investmentInterests: { max: 2000 },
} as const satisfies Record<string, Bounds | Cap>;

/** The words of the site search, of the press list's search and of the admin's user search. */
export const SEARCH_LIMITS = {
  site: { max: 100 },
  press: { max: 200 },
  users: { max: 100 },
} as const satisfies Record<string, Bounds | Cap>;
