/**
 * What the public may read: one rule per kind of item that has a publication state or an access rule, written once
 * as SQL so the database's clock decides. Every public read (pages and their data, the REST API, search and its
 * totals, counts, sitemaps, feeds, calendar links, alert e-mails, and so the page cache built from them) filters with
 * the rule of its kind; reading an item outside its rule takes an admin method of its own.
 * - A press release or a portfolio company is public only while it is published (not a draft, scheduled or
 *   withdrawn).
 * - A document is public while it is marked Public and live: not archived, not revoked, not past its expiry.
 *   Investors and admins read more documents: `documentReadAccess` (documents.ts) widens this rule for them.
 */
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { documents, portfolioItems, pressReleases } from "../../db/schema";

/** A release anyone may read: a published one. */
export const publishedPress = eq(pressReleases.publication, "published");

/** A company anyone may read: a published one. */
export const publishedPortfolio = eq(portfolioItems.publication, "published");

/** A document nobody but admins may reach is not live: archived, revoked, or past its expiry. */
export const liveDocument = and(
  isNull(documents.archivedAt),
  isNull(documents.revokedAt),
  or(isNull(documents.expiresAt), gt(documents.expiresAt, sql`now()`)),
);

/** A document anyone may read, signed in or not: a live Public one. */
export const publicDocument = and(liveDocument, eq(documents.isPublic, true));

/** The rule of each kind, by the name the alerts and the audit trail use for it. */
export const publicRule = { press: publishedPress, portfolio: publishedPortfolio, document: publicDocument } as const;
