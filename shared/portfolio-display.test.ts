import { describe, expect, it } from "vitest";
import { displayCategory, displayYearAcquired, statusLine, websiteHref } from "./portfolio-display";

describe("displayCategory: known company names map to a broader category", () => {
  it.each([
    ["BravoPay", "technology", "Technology & Financial Services"],
    ["Boost Freight", "logistics", "Technology & Financial Services"],
    ["Axis Urban", "real-estate", "Real Estate & Construction"],
    ["Brown Nose Coffee", "consumer", "Food & Beverage"],
    ["Kahwa Coffee Co.", "food-beverage", "Food & Beverage"],
    ["Zooba", "consumer", "Food & Beverage"],
    ["Sylndr", "technology", "Automotive"],
  ])("%s (%s) -> %s by name", (name, sector, expected) => {
    expect(displayCategory({ name, sector })).toBe(expected);
  });

  it.each([
    ["Nile Clinics", "healthcare", "Healthcare"],
    ["Delta Harvest Foods", "food-beverage", "Food & Beverage"],
    ["Motorly", "automotive", "Automotive"],
    ["Cedar Towers", "real-estate", "Real Estate"],
    ["Sahara Grid", "renewable-energy-storage", "Renewable Energy Storage"],
  ])("%s (%s) -> %s by sector", (name, sector, expected) => {
    expect(displayCategory({ name, sector })).toBe(expected);
  });

  it("matches names as written (a lower-case 'axis' inside another word is not Axis)", () => {
    expect(displayCategory({ name: "Taxis Now", sector: "automotive" })).toBe("Automotive");
  });

  it("the first rule wins when a name matches two", () => {
    expect(displayCategory({ name: "Bravo Coffee", sector: "consumer" })).toBe("Technology & Financial Services");
  });
});

describe("statusLine", () => {
  it("shows the exit year after a partial or full exit", () => {
    expect(statusLine({ status: "Partial Exit", exitYear: 2023 })).toBe("Partial Exit - 2023");
    expect(statusLine({ status: "Full Exit", exitYear: 2022 })).toBe("Full Exit - 2022");
  });
  it("shows the status alone without a year, and Active never carries one", () => {
    expect(statusLine({ status: "Partial Exit", exitYear: null })).toBe("Partial Exit");
    expect(statusLine({ status: "Active", exitYear: 2020 })).toBe("Active");
    expect(statusLine({ status: null })).toBe("Active");
  });
});

describe("displayYearAcquired", () => {
  it("falls back to 2024 when absent", () => {
    expect(displayYearAcquired({ yearAcquired: 2019 })).toBe(2019);
    expect(displayYearAcquired({ yearAcquired: null })).toBe(2024);
    expect(displayYearAcquired({})).toBe(2024);
    expect(displayYearAcquired({ yearAcquired: 0 })).toBe(2024);
  });
});

describe("websiteHref", () => {
  it("keeps http(s) links and turns anything else into '#'", () => {
    expect(websiteHref("https://bravopay.example")).toBe("https://bravopay.example/");
    expect(websiteHref("http://old.example/path")).toBe("http://old.example/path");
    expect(websiteHref(null)).toBe("#");
    expect(websiteHref("")).toBe("#");
    expect(websiteHref("javascript:alert(1)")).toBe("#");
    expect(websiteHref("not a url")).toBe("#");
  });
});
