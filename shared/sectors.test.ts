import { describe, expect, it } from "vitest";
import { sectorLabel, sectorMessageId, sectorOf } from "./sectors";

describe("[sectors] one way from a sector to its label", () => {
  it("[sectors] finds the sector from a portfolio slug or a press release's label, in any case", () => {
    for (const word of ["real-estate", "Real Estate", " real estate ", "REAL-ESTATE"]) expect(sectorOf(word)?.value, word).toBe("real-estate");
    for (const word of ["food-beverage", "Food & Beverage", "food beverage"]) expect(sectorOf(word)?.value, word).toBe("food-beverage");
    expect(sectorOf("Logistics")).toBeUndefined();
    expect(sectorOf("")).toBeUndefined();
  });

  it("[sectors] gives the English label, and capitalises a word that names no sector", () => {
    expect(sectorLabel("food-beverage")).toBe("Food & Beverage");
    expect(sectorLabel("Financial")).toBe("Financial");
    expect(sectorLabel("renewable-energy-storage")).toBe("Renewable Energy Storage");
    expect(sectorLabel(null)).toBe("");
  });

  it("[sectors] names the catalog message of the area's pages", () => {
    expect(sectorMessageId("Real Estate", "site")).toBe("site.sector.realEstate");
    expect(sectorMessageId("real-estate", "manage")).toBe("manage.sector.realEstate");
    expect(sectorMessageId("Logistics", "site")).toBeUndefined();
  });
});
