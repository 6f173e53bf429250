import { describe, expect, it } from "vitest";
import { isMostlyArabic, normalizeSearchText } from "./search-normalize";

describe("[search] Arabic folding (normalizeSearchText)", () => {
  it("folds alef forms, ta marbuta, alef maqsura, Persian letters and Arabic-Indic digits", () => {
    expect(normalizeSearchText("أ إ آ ٱ")).toBe("ا ا ا ا");
    expect(normalizeSearchText("طاقة")).toBe("طاقه");
    expect(normalizeSearchText("مستشفى")).toBe("مستشفي");
    expect(normalizeSearchText("ی ک")).toBe("ي ك");
    expect(normalizeSearchText("٢٠٢٦")).toBe("2026");
  });

  it("removes diacritics and tatweel", () => {
    expect(normalizeSearchText("طَاقَةٌ")).toBe("طاقه");
    expect(normalizeSearchText("طـــاقة")).toBe("طاقه");
    expect(normalizeSearchText("رحمٰن")).toBe("رحمن");
  });

  it("drops the definite article (alone, after wa/fa/bi/ka, and li+al) when two letters remain", () => {
    expect(normalizeSearchText("الطاقة")).toBe("طاقه");
    expect(normalizeSearchText("والطاقة وبالطاقة فالطاقة كالطاقة")).toBe("طاقه طاقه طاقه طاقه");
    expect(normalizeSearchText("للطاقة")).toBe("طاقه");
    expect(normalizeSearchText("الطاقة الشمسية")).toBe("طاقه شمسيه");
    // Too short to be an article plus a word: kept.
    expect(normalizeSearchText("الي")).toBe("الي");
  });

  it("turns Arabic and typographic punctuation into spaces and leaves English as lower case", () => {
    expect(normalizeSearchText("طاقة،«شمس»؟")).toBe("طاقه  شمس  ");
    expect(normalizeSearchText("Energy’s Solar")).toBe("energy s solar");
  });

  it("tells mostly Arabic text from Latin text", () => {
    expect(isMostlyArabic("بيان صحفي عن Motorly")).toBe(true);
    expect(isMostlyArabic("A press release about الطاقة")).toBe(false);
    expect(isMostlyArabic("1234")).toBe(false);
  });
});
