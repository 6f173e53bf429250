import { describe, expect, it } from "vitest";
import { formatFigure, parseFigure } from "./stats";

describe("[stats] figures the counter can count", () => {
  it("splits a figure around its number", () => {
    expect(parseFigure("7+")).toEqual({ prefix: "", target: 7, decimals: 0, grouped: false, suffix: "+" });
    expect(parseFigure("20+")).toMatchObject({ target: 20, suffix: "+" });
    expect(parseFigure("$1.2B")).toEqual({ prefix: "$", target: 1.2, decimals: 1, grouped: false, suffix: "B" });
    expect(parseFigure("25,000")).toEqual({ prefix: "", target: 25000, decimals: 0, grouped: true, suffix: "" });
    expect(parseFigure("USD 150M")).toMatchObject({ prefix: "USD ", target: 150, suffix: "M" });
  });

  it("words, years and figures with two numbers are not counted", () => {
    for (const v of ["Cairo", "Since 2004", "2004", "2004-2024", "24/7", "", "+"]) expect(parseFigure(v), v).toBeNull();
    // An amount that happens to be four digits still counts.
    expect(parseFigure("2000+")).toMatchObject({ target: 2000, suffix: "+" });
    expect(parseFigure("1,999")).toMatchObject({ target: 1999, grouped: true });
  });

  it("formats every step like the final figure", () => {
    const money = parseFigure("$1.2B")!;
    expect(formatFigure(money, 0)).toBe("$0.0");
    expect(formatFigure(money, 1.2)).toBe("$1.2");
    const cars = parseFigure("25,000")!;
    expect(formatFigure(cars, 12345)).toBe("12,345");
    expect(formatFigure(parseFigure("7+")!, 3)).toBe("3");
  });
});
