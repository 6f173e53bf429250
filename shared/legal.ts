/**
 * The legal pages (Privacy Policy, Terms of Service, Cookie Policy): their addresses, titles and limits. The
 * texts themselves (the defaults, and how a text is split for display) are in legal-text.ts, so the pages that
 * only link to the legal pages (every page's footer) do not carry them.
 */

export const LEGAL_PAGES = ["privacy", "terms", "cookies"] as const;
export type LegalPageKey = (typeof LEGAL_PAGES)[number];

export const LEGAL_META: Record<LegalPageKey, { title: string; path: string; summary: string }> = {
  privacy: { title: "Privacy Policy", path: "/privacy", summary: "What personal data we collect, why, and the choices you have." },
  terms: { title: "Terms of Service", path: "/terms", summary: "The terms that apply when you use this website and the investor portal." },
  cookies: { title: "Cookie Policy", path: "/cookies", summary: "The cookies and browser storage this website uses, and how to control them." },
};

export const LEGAL_BODY_MIN = 50;
export const LEGAL_BODY_MAX = 20_000;

/** The date the default texts were written; an admin's save replaces it with the day of the save. */
export const LEGAL_DEFAULT_UPDATED_AT = "2026-11-23T00:00:00.000Z";

export type LegalPage = { page: LegalPageKey; title: string; path: string; body: string; updatedAt: string; isDefault: boolean };
