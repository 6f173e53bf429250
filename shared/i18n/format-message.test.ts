import { parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { messageFormatter } from "./format-message";

const fmt = (locale: string, messages: Record<string, string>) =>
  messageFormatter(locale, Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)])));

describe("[i18n] message formatting", () => {
  const en = fmt("en-US", {
    plain: "Read More",
    hello: "Hello, {name}!",
    count: "{count, plural, =0 {No documents} one {# document} other {# documents}}",
    role: "{role, select, admin {Administrator} investor {Investor} other {Member}}",
    share: "{share, number, percent} of the fund",
    year: "© {year, number, ::group-off}",
    rich: "Read the <link>privacy policy</link> first.",
    place: "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
    left: "{n, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}",
  });
  const ar = fmt("ar-EG", {
    count: "{count, plural, zero {لا مستندات} one {مستند واحد} two {مستندان} few {# مستندات} many {# مستندًا} other {# مستند}}",
  });

  it("writes plain text, arguments, selects and numbers", () => {
    expect(en("plain")).toBe("Read More");
    expect(en("hello", { name: "Amina" })).toBe("Hello, Amina!");
    expect(en("role", { role: "investor" })).toBe("Investor");
    expect(en("role", { role: "unknown" })).toBe("Member");
    expect(en("share", { share: 0.25 })).toBe("25% of the fund");
    expect(en("year", { year: 2026 })).toBe("© 2026");
  });

  it("chooses English plural forms, exact cases, ordinals and offsets", () => {
    expect(en("count", { count: 0 })).toBe("No documents");
    expect(en("count", { count: 1 })).toBe("1 document");
    expect(en("count", { count: 1200 })).toBe("1,200 documents");
    expect(en("place", { n: 2 })).toBe("2nd");
    expect(en("place", { n: 13 })).toBe("13th");
    expect(en("left", { n: 3, name: "Omar" })).toBe("Omar and 2 others");
  });

  it("chooses all six Arabic plural forms, with Arabic-Indic digits", () => {
    expect(ar("count", { count: 0 })).toBe("لا مستندات");
    expect(ar("count", { count: 1 })).toBe("مستند واحد");
    expect(ar("count", { count: 2 })).toBe("مستندان");
    expect(ar("count", { count: 5 })).toBe("٥ مستندات");
    expect(ar("count", { count: 11 })).toBe("١١ مستندًا");
    expect(ar("count", { count: 100 })).toBe("١٠٠ مستند");
  });

  it("wraps rich-text tags with the given functions and joins the text around them", () => {
    const out = en<{ tag: string; children: unknown }>("rich", { link: (children: unknown) => ({ tag: "a", children }) });
    expect(out).toEqual(["Read the ", { tag: "a", children: ["privacy policy"] }, " first."]);
  });

  it("shows the id of a missing message", () => {
    expect(en("site.nothing")).toBe("site.nothing");
  });
});
