/**
 * How a portfolio company is presented on the home page's cards: category, status line, year and website link.
 * Pure functions, shared by the server-rendered page and the browser.
 */
import { sectorLabel } from "./sectors";

export type PortfolioDisplayInput = {
  name: string;
  sector: string;
  status?: string | null;
  exitYear?: number | null;
  yearAcquired?: number | null;
};

/** The badge on a card: the sector's English label (pages name it in their language through shared/sectors.ts). */
export function displayCategory(item: Pick<PortfolioDisplayInput, "name" | "sector">): string {
  return sectorLabel(item.sector);
}

/** 'Active', 'Partial Exit - 2023', 'Full Exit - 2022' (the year only when the company is no longer just Active). */
export function statusLine(item: Pick<PortfolioDisplayInput, "status" | "exitYear">): string {
  const status = item.status?.trim() || "Active";
  if (status !== "Active" && typeof item.exitYear === "number" && Number.isFinite(item.exitYear)) return `${status} - ${item.exitYear}`;
  return status;
}

/** yearAcquired shows 2024 when it is absent. */
export const DEFAULT_YEAR_ACQUIRED = 2024;
export function displayYearAcquired(item: Pick<PortfolioDisplayInput, "yearAcquired">): number {
  return typeof item.yearAcquired === "number" && Number.isFinite(item.yearAcquired) && item.yearAcquired > 0 ? item.yearAcquired : DEFAULT_YEAR_ACQUIRED;
}

/** The company's website for the card link: only http(s) URLs; anything else becomes '#'. */
export function websiteHref(website: string | null | undefined): string {
  if (!website) return "#";
  try {
    const url = new URL(website.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : "#";
  } catch {
    return "#";
  }
}
