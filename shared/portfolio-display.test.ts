import { describe, expect, it } from "vitest";
import { displayCategory, displayYearAcquired, statusLine, websiteHref } from "./portfolio-display";

describe("displayCategory: a card's badge is its sector, whatever the company is called", () => {
  it.each([
    ["BravoPay", "finance", "Financial Services"],
    ["Boost Freight", "logistics", "Logistics"],
    ["Axis Urban", "energy", "Energy"],
    ["Kahwa Coffee Co.", "food-security", "Food Security"],
    ["Motorly", "transportation", "Transportation"],
    ["Bravo Coffee", "Financial", "Financial Services"],
    ["Sahara Grid", "renewable-energy-storage", "Renewable Energy Storage"],
  ])("%s (%s) -> %s", (name, sector, expected) => {
    expect(displayCategory({ name, sector })).toBe(expected);
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
