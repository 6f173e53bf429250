import { describe, expect, it } from "vitest";
import { pressArabicSchema, homeStatsArabicSchema } from "../../../shared/content-schemas";
import { withValues } from "../../../shared/i18n/messages";
import { homeStatsSchema, pressReleaseSchema } from "../../../shared/schemas";
import { twinResolver, withoutUnknownArabic } from "./form-fields";

const options = { fields: {}, shouldUseNativeValidation: false } as never;

const release = {
  title: "BravoPay opens in Casablanca",
  displayTitle: "",
  summary: "The payments platform starts serving merchants.",
  content: "BravoPay today opened its Casablanca office, serving merchants across Morocco.",
  date: "2026-01-15",
  company: "BravoPay",
  sector: "Financial",
  category: "News",
  featured: false,
  showOnHomepage: false,
  image: "",
  companyLogo: "",
  originalUrl: "",
};

describe("twinResolver", () => {
  const resolve = twinResolver(pressReleaseSchema.out, pressArabicSchema);

  it("reports the English and the Arabic fields' errors together, as message ids with the bound they name", async () => {
    const res = await resolve({ ...release, title: "", titleAr: "قصير", summaryAr: "" }, undefined, options);
    expect(Object.keys(res.errors).sort()).toEqual(["title", "titleAr"]);
    expect((res.errors as Record<string, { message?: string }>).titleAr.message).toBe(withValues("validation.press.title.min", { min: 5 }));
  });

  it("gives the English output with the Arabic fields added (empty Arabic becomes null)", async () => {
    const res = await resolve({ ...release, title: `  ${release.title} `, titleAr: " عنوان البيان بالعربية ", summaryAr: "" }, undefined, options);
    expect(res.errors).toEqual({});
    expect(res.values).toMatchObject({ title: release.title, titleAr: "عنوان البيان بالعربية", summaryAr: null, company: "BravoPay" });
  });

  it("merges the figures item by item, the English values trimmed", async () => {
    const stats = twinResolver(homeStatsSchema, homeStatsArabicSchema);
    const input = {
      stats: [
        { value: " 7+ ", label: "Countries", labelAr: "دول" },
        { value: "6", label: "Sectors", labelAr: "" },
        { value: "20+", label: "Years", labelAr: "س" },
      ],
    };
    const bad = await stats(input, undefined, options);
    expect((bad.errors as unknown as { stats: Record<number, { labelAr?: { message: string } }> }).stats[2].labelAr?.message).toBe(
      withValues("validation.stat.label.min", { min: 2 }),
    );
    input.stats[2].labelAr = "عامًا";
    const ok = await stats(input, undefined, options);
    expect(ok.values).toEqual({
      stats: [
        { value: "7+", label: "Countries", labelAr: "دول" },
        { value: "6", label: "Sectors", labelAr: null },
        { value: "20+", label: "Years", labelAr: "عامًا" },
      ],
    });
  });
});

describe("withoutUnknownArabic", () => {
  const values = { title: "A", titleAr: null as string | null, summaryAr: "ملخص" };
  it("keeps everything for a new item or one read with both languages", () => {
    expect(withoutUnknownArabic(values, undefined, ["titleAr", "summaryAr"])).toEqual(values);
    expect(withoutUnknownArabic(values, { translation: "missing" }, ["titleAr", "summaryAr"])).toEqual(values);
  });
  it("leaves out the empty Arabic of an item read in one language", () => {
    expect(withoutUnknownArabic(values, {}, ["titleAr", "summaryAr"])).toEqual({ title: "A", summaryAr: "ملخص" });
  });
});
