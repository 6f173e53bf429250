import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { detectDocumentType, overrideElements } from "./document-type";

const MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
const docx = (contentTypes: string, parts: Record<string, string> = { "word/document.xml": "<w:document/>" }) =>
  zipSync({ "[Content_Types].xml": strToU8(contentTypes), ...Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, strToU8(v)])) });

describe("[documents] the [Content_Types].xml scanner", () => {
  it("reads PartName and ContentType in either order, any quotes and spacing, self-closed or not", () => {
    const xml = `<?xml version="1.0"?><Types xmlns="x"><Default Extension="xml" ContentType="application/xml"/>
      <Override PartName="/word/document.xml" ContentType="${MAIN}"/>
      <override contenttype='text/plain' partname = '/a.txt' ></override>
      <Override
        ContentType="image/png"
        PartName="/media/p.png" /></Types>`;
    expect(overrideElements(xml)).toEqual([
      { part: "/word/document.xml", type: MAIN },
      { part: "/a.txt", type: "text/plain" },
      { part: "/media/p.png", type: "image/png" },
    ]);
  });

  it("survives broken markup: unclosed tags, stray '<', unterminated quotes", () => {
    expect(overrideElements(`<Override<Override PartName="/x" ContentType="t"/>`)).toEqual([{ part: "/x", type: "t" }]);
    expect(overrideElements(`<Override PartName="/x ContentType="t"/>`)).toEqual([{ part: "/x ContentType=", type: "" }]);
    expect(overrideElements("<Override".repeat(1000))).toEqual([]);
    expect(overrideElements(`<Override PartName=/x ContentType==="t">`)).toEqual([{ part: "", type: "" }]);
  });

  it("detects a real DOCX and refuses one whose main part is missing", () => {
    const types = `<Types><Override PartName="/word/document.xml" ContentType="${MAIN}"/></Types>`;
    expect(detectDocumentType(docx(types))).toEqual({ ok: true, type: "docx" });
    expect(detectDocumentType(docx(types, { "word/other.xml": "<x/>" })).ok).toBe(false);
  });

  it("a tiny zip whose [Content_Types].xml is half a megabyte of '<Override' is refused at once", () => {
    const bomb = zipSync({ "[Content_Types].xml": [strToU8("<Override".repeat(Math.floor((512 * 1024) / 9))), { level: 9 }] });
    expect(bomb.length).toBeLessThan(1500);
    const started = performance.now();
    expect(detectDocumentType(bomb)).toEqual({ ok: false, reason: "errors.document.type" });
    // Generous: the old quadratic scan took well over 10 seconds on this input.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
