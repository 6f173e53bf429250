import { describe, expect, it } from "vitest";
import { LEGAL_PAGES } from "./legal";
import { LEGAL_DEFAULTS, legalBlocks } from "./legal-text";
import { legalPageSchema } from "./schemas";

describe("[legal] plain text to blocks", () => {
  it("blank lines separate paragraphs; lines of one paragraph are joined", () => {
    expect(legalBlocks("First line\nsame paragraph.\n\nSecond paragraph.")).toEqual([
      { kind: "paragraph", text: "First line same paragraph." },
      { kind: "paragraph", text: "Second paragraph." },
    ]);
  });

  it("'## ' starts a heading and '- ' a list item, also inside one chunk; Windows line ends work", () => {
    expect(legalBlocks("## What we collect\r\nWe collect:\r\n- names\r\n- e-mail addresses\r\nNothing else.")).toEqual([
      { kind: "heading", text: "What we collect" },
      { kind: "paragraph", text: "We collect:" },
      { kind: "list", items: ["names", "e-mail addresses"] },
      { kind: "paragraph", text: "Nothing else." },
    ]);
  });

  it("markup is just text", () => {
    expect(legalBlocks("<script>alert(1)</script>")).toEqual([{ kind: "paragraph", text: "<script>alert(1)</script>" }]);
    expect(legalBlocks("#not a heading\n##also not")).toEqual([{ kind: "paragraph", text: "#not a heading ##also not" }]);
  });

  it("every default text passes the schema an admin's text must pass, and has headings", () => {
    for (const page of LEGAL_PAGES) {
      expect(legalPageSchema.safeParse({ body: LEGAL_DEFAULTS[page] }).success, page).toBe(true);
      expect(legalBlocks(LEGAL_DEFAULTS[page]).filter((b) => b.kind === "heading").length, page).toBeGreaterThanOrEqual(3);
    }
  });
});
