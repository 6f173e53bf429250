/**
 * The database's tables (Drizzle), one file per area: accounts and sign-in, content (companies, releases, settings,
 * revisions, previews), the data room, mail, the audit trail, alerts and the calendar. Everything imports them from
 * here; drizzle.config.ts reads this file.
 */
export * from "./schema/accounts";
export * from "./schema/alerts";
export * from "./schema/audit";
export * from "./schema/content";
export * from "./schema/data-room";
export * from "./schema/mail";
import type { users } from "./schema/accounts";
import type { portfolioItems, pressReleases } from "./schema/content";
import type { documentCategories, documents, investorApplications } from "./schema/data-room";
import type { contactSubmissions, emailMessages } from "./schema/mail";

export type { Role } from "../../shared/roles";
export type { EmailStatus } from "../../shared/outbox";
export type { SecurityEventType } from "../../shared/security-events";

export type User = typeof users.$inferSelect;
export type EmailMessage = typeof emailMessages.$inferSelect;
export type PortfolioItem = typeof portfolioItems.$inferSelect;
export type PressRelease = Omit<typeof pressReleases.$inferSelect, "searchDocument">;
export type Document = typeof documents.$inferSelect;
export type DocumentCategory = typeof documentCategories.$inferSelect;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type InvestorApplication = typeof investorApplications.$inferSelect;
