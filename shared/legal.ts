/**
 * The legal pages (Privacy Policy, Terms of Service, Cookie Policy): their addresses, titles and limits. The
 * texts themselves (the defaults, and how a text is split for display) are in legal-text.ts, so the pages that
 * only link to the legal pages (every page's footer) do not carry them.
 */

import type { MessageId } from "./i18n/messages";

export const LEGAL_PAGES = ["privacy", "terms", "cookies"] as const;
export type LegalPageKey = (typeof LEGAL_PAGES)[number];

/** Each page's address, and its title and summary as catalog messages (in the page's language). */
export const LEGAL_META: Record<LegalPageKey, { path: string; titleId: MessageId; summaryId: MessageId }> = {
  privacy: {
    path: "/privacy",
    titleId: "common.legal.privacy",
    summaryId: "site.legal.privacySummary",
  },
  terms: {
    path: "/terms",
    titleId: "common.legal.terms",
    summaryId: "site.legal.termsSummary",
  },
  cookies: {
    path: "/cookies",
    titleId: "common.legal.cookies",
    summaryId: "site.legal.cookiesSummary",
  },
};

export const LEGAL_BODY_MIN = 50;
export const LEGAL_BODY_MAX = 20_000;

/** The date the default texts were written; an admin's save replaces it with the day of the save. */
export const LEGAL_DEFAULT_UPDATED_AT = "2026-11-23T00:00:00.000Z";

/**
 * A legal page in one language. `contentLocale` is the language of title and body (English on an Arabic page
 * whose English text an admin changed without saving Arabic). The admin read (no locale) also has `bodyAr`
 * (null when none is saved and the English text is not the default) and `translation`.
 */
export type LegalPage = {
  page: LegalPageKey;
  title: string;
  path: string;
  body: string;
  updatedAt: string;
  isDefault: boolean;
  contentLocale?: "en" | "ar";
  titleAr?: string;
  bodyAr?: string | null;
  translation?: "complete" | "missing";
};
