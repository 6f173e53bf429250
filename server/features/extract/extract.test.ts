import { describe, expect, it } from "vitest";
import { matchCompany, normaliseCompanyName, type CompanyRef } from "./extract";

const companies: CompanyRef[] = [
  { name: "Kahwa Coffee Co.", sector: "food-beverage", companyLogo: "/uploads/kahwa.webp" },
  { name: "BravoPay", sector: "financial", companyLogo: "/uploads/bravopay.webp" },
  { name: "Café Ñandú", sector: "consumer", companyLogo: null },
  { name: "Axis Urban S.A.E.", sector: "real-estate", companyLogo: null },
  { name: "Nile & Delta Logistics", sector: "automotive", companyLogo: null },
  { name: "AB", sector: "technology", companyLogo: null },
];
const page = (p: Partial<{ siteNames: string[]; title: string; documentTitle: string }>) => ({ siteNames: [], title: "", documentTitle: "", ...p });

describe("[extract] company names", () => {
  it("normalises case, accents, punctuation and legal forms", () => {
    expect(normaliseCompanyName("Kahwa Coffee Co.")).toBe("kahwa coffee");
    expect(normaliseCompanyName("KAHWA  coffee company")).toBe("kahwa coffee");
    expect(normaliseCompanyName("Café Ñandú")).toBe("cafe nandu");
    expect(normaliseCompanyName("Axis Urban S.A.E.")).toBe("axis urban");
    expect(normaliseCompanyName("Nile & Delta Logistics")).toBe("nile and delta logistics");
    expect(normaliseCompanyName("شركة النيل")).toBe("شركة النيل");
  });

  it("matches the publisher's name first", () => {
    expect(matchCompany(companies, page({ siteNames: ["bravopay"], title: "Kahwa Coffee partners with a bank" }))?.name).toBe("BravoPay");
    expect(matchCompany(companies, page({ siteNames: ["CAFE NANDU"] }))?.name).toBe("Café Ñandú");
    expect(matchCompany(companies, page({ siteNames: ["AB"] }))?.name).toBe("AB");
  });

  it("then a company named in the title: the earliest mention, whole words only", () => {
    expect(matchCompany(companies, page({ title: "Delta Solar and Kahwa Coffee sign a deal with BravoPay" }))?.name).toBe("Kahwa Coffee Co.");
    expect(matchCompany(companies, page({ title: "Axis Urban opens a new tower" }))?.name).toBe("Axis Urban S.A.E.");
    expect(matchCompany(companies, page({ documentTitle: "News | café ñandú" }))?.name).toBe("Café Ñandú");
    expect(matchCompany(companies, page({ title: "BravoPayments is a different firm" }))).toBeNull();
    // Two-letter names never match inside a sentence.
    expect(matchCompany(companies, page({ title: "AB testing for beginners" }))).toBeNull();
    expect(matchCompany(companies, page({ title: "Nothing to see" }))).toBeNull();
  });
});
