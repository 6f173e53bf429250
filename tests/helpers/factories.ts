import type { PortfolioInput, PressReleaseInput } from "../../shared/schemas";
import { PORTFOLIO } from "../../server/db/seed/data";

let n = 0;

/** A valid press release body; the same shape the seed uses. */
export function pressBody(overrides: Partial<Record<keyof PressReleaseInput | "show_on_homepage" | "company_logo", unknown>> = {}) {
  n++;
  return {
    title: `Test release number ${n}`,
    summary: "A summary that is long enough to pass validation.",
    content: "<p>This is the body of a test press release. It has more than fifty characters.</p>",
    date: "2026-01-15",
    company: "BravoPay",
    sector: "Financial",
    category: "News",
    featured: false,
    showOnHomepage: false,
    image: "/uploads/bravopay.webp",
    companyLogo: "/uploads/bravopay-logo.webp",
    ...overrides,
  };
}

export function portfolioBody(overrides: Partial<Record<keyof PortfolioInput, unknown>> = {}) {
  n++;
  return { ...PORTFOLIO[0], name: `Test Company ${n}`, ...overrides };
}
