/**
 * The reporting period of an investor document (the fiscal year, or a half or quarter of it) and the library's one
 * order. Pure: the server sorts its answers with it and the portal re-sorts what it shows with the same function.
 */
import type { MessageId } from "./i18n/messages";

/** FY: the whole fiscal year; H1/H2: its halves; Q1-Q4: its quarters. */
export const PERIOD_KINDS = ["FY", "H1", "H2", "Q1", "Q2", "Q3", "Q4"] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** The earliest and latest fiscal years a document may report on (next year's budget is published this year). */
export const PERIOD_YEAR_MIN = 1990;
export const periodYearMax = () => new Date().getFullYear() + 1;

/**
 * The month each period ends in: a later end is a newer period. Periods ending in the same month (FY, H2 and Q4)
 * are told apart by their publication date.
 */
const PERIOD_END_MONTH: Record<PeriodKind, number> = { FY: 12, H2: 12, Q4: 12, Q3: 9, H1: 6, Q2: 6, Q1: 3 };

/** The message id of a period with its year ('FY{year}', 'النصف الأول {year}'). */
export const PERIOD_LABEL = {
  FY: "common.period.FY",
  H1: "common.period.H1",
  H2: "common.period.H2",
  Q1: "common.period.Q1",
  Q2: "common.period.Q2",
  Q3: "common.period.Q3",
  Q4: "common.period.Q4",
} as const satisfies Record<PeriodKind, MessageId>;

export type Periodic = { id: number; periodYear: number | null; periodKind: PeriodKind | null; publishedAt: string };

/** A number that grows with the period's end; 0 for a document without a period. */
export function periodOrder(doc: Pick<Periodic, "periodYear" | "periodKind">): number {
  if (doc.periodYear == null || doc.periodKind == null) return 0;
  return doc.periodYear * 100 + PERIOD_END_MONTH[doc.periodKind];
}

/**
 * The library's order: the newest period first, documents without a period (a charter, a policy) after every dated
 * one; within a period (or among the undated) the latest publication first, then the latest added.
 */
export function compareDocuments(a: Periodic, b: Periodic): number {
  return periodOrder(b) - periodOrder(a) || b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id;
}

/** The fiscal years the documents report on, newest first (for a year filter). */
export function periodYears(docs: readonly Pick<Periodic, "periodYear">[]): number[] {
  return [...new Set(docs.map((d) => d.periodYear).filter((y): y is number => y != null))].sort((a, b) => b - a);
}
