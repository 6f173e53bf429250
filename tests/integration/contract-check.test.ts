import { describe, expect, it } from "vitest";
import { checkAnswer, ContractViolation } from "../helpers/contract";

const release = {
  id: 1,
  title: "A release title",
  displayTitle: null,
  summary: "A summary of it",
  content: "<p>Body</p>",
  date: "2026-10-01",
  company: "Boost Freight",
  sector: "logistics",
  category: "News",
  featured: false,
  showOnHomepage: false,
  publication: "published",
  publishedAt: "2026-10-01T08:00:00.000Z",
  publishAt: null,
  unpublishAt: null,
  scheduleZone: null,
  publishLagMs: null,
  correctedAt: null,
  correctionNote: null,
  image: null,
  companyLogo: null,
  originalUrl: null,
  show_on_homepage: false,
  company_logo: null,
  createdAt: "2026-10-01T10:00:00.000Z",
  updatedAt: "2026-10-01T10:00:00.000Z",
  contentLocale: "en",
};

describe("the integration tests' contract check", () => {
  it("accepts an answer that matches its route's schema", () => {
    expect(() => checkAnswer("GET", "/api/press-releases/1?lang=en", 200, "application/json", release)).not.toThrow();
    expect(() => checkAnswer("GET", "/api/press-releases/featured", 200, "application/json", [release])).not.toThrow();
  });

  it("refuses an undocumented field, a missing field and a wrong type", () => {
    expect(() => checkAnswer("GET", "/api/press-releases/1", 200, "application/json", { ...release, secret: "x" })).toThrow(ContractViolation);
    const { title: _title, ...untitled } = release;
    expect(() => checkAnswer("GET", "/api/press-releases/1", 200, "application/json", untitled)).toThrow(/title/);
    expect(() => checkAnswer("GET", "/api/press-releases/1", 200, "application/json", { ...release, id: "1" })).toThrow(/id/);
  });

  it("refuses a success status the route does not document", () => {
    expect(() => checkAnswer("POST", "/api/press-releases", 200, "application/json", release)).toThrow(/success answers 201/);
  });

  it("refuses an error code the route does not document, and an error that is not the error body", () => {
    const conflict = { message: "Taken", code: "CONFLICT" };
    expect(() => checkAnswer("GET", "/api/press-releases", 409, "application/json", conflict)).toThrow(/CONFLICT is not documented/);
    expect(() => checkAnswer("PUT", "/api/press-releases/1", 409, "application/json", conflict)).not.toThrow();
    expect(() => checkAnswer("PUT", "/api/press-releases/1", 409, "application/json", { error: "x" })).toThrow(/error body/);
    expect(() => checkAnswer("PUT", "/api/press-releases/1", 404, "application/json", conflict)).toThrow(/belongs with 409/);
  });
});
