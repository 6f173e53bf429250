import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { NAMESPACES } from "./namespaces";
import { SUPPORTED_DATE_STYLES, SUPPORTED_NUMBER_STYLES } from "./format-message";

/** Constructs the page-side formatter does not interpret (number and date skeletons, other styles). */
function unsupported(elements: MessageFormatElement[], into: string[] = []): string[] {
  for (const el of elements) {
    const skeleton = typeof el === "object" && "style" in el && el.style && typeof el.style === "object";
    if (el.type === TYPE.number && !skeleton && !(SUPPORTED_NUMBER_STYLES as readonly unknown[]).includes(el.style))
      into.push(`number style ${JSON.stringify(el.style)}`);
    if ((el.type === TYPE.date || el.type === TYPE.time) && !(SUPPORTED_DATE_STYLES as readonly unknown[]).includes(el.style))
      into.push(`date style ${JSON.stringify(el.style)}`);
    if (el.type === TYPE.tag) unsupported(el.children, into);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) unsupported(option.value, into);
  }
  return into;
}

const read = (locale: string, ns: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "catalogs", locale, `${ns}.json`), "utf8"));

/** The argument names a message uses ('{count, plural, ...}', '{name}', '<b>…</b>'). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) into.add(el.value);
    if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      argumentsOf(el.children, into);
    }
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      into.add(el.value);
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

describe("[i18n] message catalogs", () => {
  for (const ns of NAMESPACES) {
    describe(ns, () => {
      const en = read("en", ns);
      it("every id starts with its namespace", () => {
        expect(Object.keys(en).filter((id) => !id.startsWith(`${ns}.`))).toEqual([]);
      });
      it("no message puts an ASCII apostrophe before an argument (ICU would print '{name}' literally)", () => {
        const quoted = LOCALES.flatMap((locale) =>
          Object.entries(read(locale, ns))
            .filter(([, text]) => /'[{#]/.test(text))
            .map(([id]) => `${locale}:${id}`),
        );
        expect(quoted).toEqual([]);
      });
      for (const locale of LOCALES.filter((l) => l !== "en")) {
        const other = read(locale, ns);
        it(`${locale} has exactly the English ids`, () => {
          expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
        });
        it(`every ${locale} message is valid ICU, not empty, and uses the English message's arguments`, () => {
          const problems: string[] = [];
          for (const [id, text] of Object.entries(en)) {
            const translated = other[id];
            if (translated === undefined) continue;
            if (!translated.trim()) problems.push(`${id}: empty`);
            try {
              const want = [...argumentsOf(parse(text))].sort();
              const got = [...argumentsOf(parse(translated))].sort();
              if (want.join() !== got.join()) problems.push(`${id}: arguments ${got.join()} instead of ${want.join()}`);
            } catch (err) {
              problems.push(`${id}: ${(err as Error).message}`);
            }
          }
          expect(problems).toEqual([]);
        });
      }
      it("every message is valid ICU the pages' formatter interprets", () => {
        const problems: string[] = [];
        for (const locale of LOCALES) {
          for (const [id, text] of Object.entries(read(locale, ns))) {
            try {
              for (const p of unsupported(parse(text))) problems.push(`${locale} ${id}: ${p}`);
            } catch (err) {
              problems.push(`${locale} ${id}: ${(err as Error).message}`);
            }
          }
        }
        expect(problems).toEqual([]);
      });
    });
  }
});
