import { describe, expect, it } from "vitest";
import { API } from "../../../shared/api";
import { ROUTES } from "./routes/index";

describe("the browser's route table", () => {
  it("has every endpoint of the contract with its method and path (regenerate with `npm run api:routes`)", () => {
    const fromContract = Object.fromEntries(
      Object.entries(API).map(([key, group]) => [key, Object.fromEntries(Object.entries(group).map(([op, e]) => [op, { method: e.method, path: e.path }]))]),
    );
    expect(ROUTES).toEqual(fromContract);
  });
});
