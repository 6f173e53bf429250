import { describe, expect, it } from "vitest";
import { categoryMessageId, categoryName } from "./press-categories";
import { SECTOR_VALUES, sectorLabel, sectorMessageId, sectorName, sectorOf } from "./sectors";

describe("[sectors] one list, one way from a sector to its label", () => {
  it("[sectors] the list is the five sectors the company invests in, stored as slugs", () => {
    expect(SECTOR_VALUES).toEqual(["logistics", "transportation", "energy", "food-security", "finance"]);
  });

  it("[sectors] finds the sector from a slug, an English label or an older spelling, in any case", () => {
    for (const word of ["food-security", "Food Security", " food security ", "FOOD-SECURITY"]) expect(sectorOf(word)?.value, word).toBe("food-security");
    for (const word of ["finance", "Financial Services", "Financial", "financial services"]) expect(sectorOf(word)?.value, word).toBe("finance");
    expect(sectorOf("Logistics")?.value).toBe("logistics");
    expect(sectorOf("Real Estate")).toBeUndefined();
    expect(sectorOf("")).toBeUndefined();
  });

  it("[sectors] gives the English label, and capitalises a word that names no sector", () => {
    expect(sectorLabel("food-security")).toBe("Food Security");
    expect(sectorLabel("Financial")).toBe("Financial Services");
    expect(sectorLabel("renewable-energy-storage")).toBe("Renewable Energy Storage");
    expect(sectorLabel(null)).toBe("");
  });

  it("[sectors] names the catalog message of the area's pages", () => {
    expect(sectorMessageId("Food Security", "site")).toBe("site.sector.foodSecurity");
    expect(sectorMessageId("finance", "manage")).toBe("manage.sector.finance");
    expect(sectorMessageId("Healthcare", "site")).toBeUndefined();
    const t = (id: string) => `<${id}>`;
    expect(sectorName("energy", "site", t)).toBe("<site.sector.energy>");
    expect(sectorName("real-estate", "site", t)).toBe("Real Estate");
  });
});

describe("[press categories] a stored category named in the page's language", () => {
  it("[press categories] finds the catalog message of a stored word, in any case", () => {
    expect(categoryMessageId("Financial Results", "site")).toBe("site.category.financialResults");
    expect(categoryMessageId("EXPANSION", "manage")).toBe("manage.category.expansion");
    expect(categoryMessageId("Product Launch", "site")).toBeUndefined();
  });

  it("[press categories] a word outside the list is shown as stored", () => {
    const t = (id: string) => `<${id}>`;
    expect(categoryName("Award", "site", t)).toBe("<site.category.award>");
    expect(categoryName("Product Launch", "site", t)).toBe("Product Launch");
  });
});
