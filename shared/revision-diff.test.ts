import { describe, expect, it } from "vitest";
import { comparableText, htmlToText, wordDiff } from "./revision-diff";
import { revisionTexts } from "./revisions";

describe("[revisions] the text of a revision's HTML", () => {
  it("[revisions] blocks and line breaks become lines, inline tags vanish, entities are decoded", () => {
    expect(htmlToText("<h2>Results</h2><p>Revenue <strong>rose</strong> 12&nbsp;% &amp; margins held.<br>Next line</p><ul><li>One</li><li>Two</li></ul>")).toBe(
      "Results\nRevenue rose 12 % & margins held.\nNext line\nOne\nTwo",
    );
  });

  it("[revisions] scripts, styles and comments never reach the text; numeric entities are read", () => {
    expect(htmlToText("<p>A<script>alert(1)</script><style>p{}</style><!-- note --> &#39;B&#x27; &lt;i&gt;</p>")).toBe("A 'B' <i>");
  });

  it("[revisions] Arabic text keeps its words and lines", () => {
    expect(htmlToText("<p>أعلنت الشركة</p><p>عن نتائجها</p>")).toBe("أعلنت الشركة\nعن نتائجها");
  });

  it("[revisions] a plain field is trimmed, an HTML field read as text, nothing is empty", () => {
    expect(comparableText("  Title ")).toBe("Title");
    expect(comparableText("<p>x</p>", true)).toBe("x");
    expect(comparableText(null)).toBe("");
  });
});

describe("[revisions] word by word comparison", () => {
  it("[revisions] English: the changed words only, in order", () => {
    expect(wordDiff("The company announced today.", "The company announced yesterday results.")).toEqual([
      { kind: "same", text: "The company announced " },
      { kind: "removed", text: "today" },
      { kind: "added", text: "yesterday results" },
      { kind: "same", text: "." },
    ]);
  });

  it("[revisions] Arabic: whole words, not letters", () => {
    expect(wordDiff("أعلنت الشركة اليوم عن نتائجها", "أعلنت الشركة أمس عن نتائجها", "ar")).toEqual([
      { kind: "same", text: "أعلنت الشركة " },
      { kind: "removed", text: "اليوم" },
      { kind: "added", text: "أمس" },
      { kind: "same", text: " عن نتائجها" },
    ]);
  });

  it("[revisions] identical texts are one unchanged piece; from nothing, all is added", () => {
    expect(wordDiff("Same text", "Same text")).toEqual([{ kind: "same", text: "Same text" }]);
    expect(wordDiff("", "New")).toEqual([{ kind: "added", text: "New" }]);
  });

  it("[revisions] a revision's texts: every text field of the item, empty ones as null, nothing else", () => {
    expect(revisionTexts("portfolio", { name: "Acme", description: "Makes things", descriptionAr: "", featured: true })).toEqual({
      name: "Acme",
      description: "Makes things",
      descriptionAr: null,
    });
  });
});
