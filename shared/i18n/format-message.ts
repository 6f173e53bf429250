import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { dateTimeFormat, intlLocale, numberFormat as sharedNumberFormat } from "./format";
import type { Locale } from "./locales";

/**
 * Formats parsed ICU messages (the parser runs once on the server: server/i18n.ts) for one language. Pages get the
 * parsed form, so the browser carries neither the parser nor a general ICU runtime, only this interpreter of the
 * subset the catalogs use: text, `{arg}`, `{n, number}` (plain, percent, integer, or a `::` skeleton such as
 * `::group-off`), `{d, date|time, short|medium|
 * long|full}`, `select`, `plural`/`selectordinal` with `=n` cases, `offset` and `#`, and rich-text tags `<b>…</b>`.
 * The catalog test refuses messages outside that subset. A missing message shows its id. Numbers and dates come from
 * the shared formatting module (./format.ts), so a message writes digits as the rest of the page does.
 */

export type MessageValues = Record<string, unknown>;

// The parser's element kinds (its TYPE enum).
const LITERAL = 0;
const ARGUMENT = 1;
const NUMBER = 2;
const DATE = 3;
const TIME = 4;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;
const TAG = 8;

export const SUPPORTED_NUMBER_STYLES = [undefined, null, "percent", "integer"] as const;
export const SUPPORTED_DATE_STYLES = [undefined, null, "short", "medium", "long", "full"] as const;

type Part<T> = string | T;

export function messageFormatter(locale: Locale, messages: Record<string, string | MessageFormatElement[]>) {
  const plurals = new Map<Intl.PluralRuleType, Intl.PluralRules>();
  /** `style` is a named style, or a skeleton (`::group-off`) whose options the parser has read. */
  const numberFormat = (style?: unknown) => {
    const skeleton = typeof style === "object" && style ? (style as { parsedOptions: Intl.NumberFormatOptions }).parsedOptions : undefined;
    const options: Intl.NumberFormatOptions =
      skeleton ?? (style === "percent" ? { style: "percent" } : style === "integer" ? { maximumFractionDigits: 0 } : {});
    return sharedNumberFormat(locale, options);
  };
  const dateFormat = (kind: "date" | "time", style?: unknown) => {
    const s = (typeof style === "string" ? style : kind === "date" ? "medium" : "short") as "short" | "medium" | "long" | "full";
    return dateTimeFormat(locale, kind === "date" ? { dateStyle: s } : { timeStyle: s });
  };
  const pluralRules = (type: Intl.PluralRuleType = "cardinal") => {
    let rules = plurals.get(type);
    if (!rules) plurals.set(type, (rules = new Intl.PluralRules(intlLocale(locale), { type })));
    return rules;
  };

  function run<T>(elements: MessageFormatElement[], values: MessageValues, out: Part<T>[], pound?: number) {
    for (const el of elements) {
      switch (el.type) {
        case LITERAL:
          out.push(el.value);
          break;
        case ARGUMENT: {
          const v = values[el.value];
          out.push(v == null ? "" : typeof v === "number" ? numberFormat().format(v) : (v as T));
          break;
        }
        case NUMBER:
          out.push(numberFormat(el.style).format(Number(values[el.value])));
          break;
        case DATE:
        case TIME:
          out.push(dateFormat(el.type === DATE ? "date" : "time", el.style).format(values[el.value] as Date | number));
          break;
        case POUND:
          out.push(numberFormat().format(pound ?? 0));
          break;
        case SELECT: {
          const option = el.options[String(values[el.value])] ?? el.options.other;
          if (option) run(option.value, values, out, pound);
          break;
        }
        case PLURAL: {
          const n = Number(values[el.value]);
          const shifted = n - el.offset;
          const option = el.options[`=${n}`] ?? el.options[pluralRules(el.pluralType).select(shifted)] ?? el.options.other;
          if (option) run(option.value, values, out, shifted);
          break;
        }
        case TAG: {
          const children: Part<T>[] = [];
          run(el.children, values, children, pound);
          const wrap = values[el.value];
          if (typeof wrap === "function") out.push(wrap(children) as T);
          else out.push(...children);
          break;
        }
      }
    }
    return out;
  }

  /** The message `id` with `values`: a string, or (with rich-text values) an array of strings and elements. */
  return function format<T = string>(id: string, values: MessageValues = {}): string | T | Part<T>[] {
    const elements = messages[id];
    if (typeof elements === "string") return elements;
    if (!elements) {
      if (import.meta.env?.DEV) console.warn(`Missing message: ${id}`);
      return id;
    }
    const parts = run<T>(elements, values, []);
    if (parts.every((p) => typeof p === "string")) return parts.join("");
    // Adjacent texts joined, so a rich message is a short list of strings and elements.
    const merged: Part<T>[] = [];
    for (const p of parts) {
      if (typeof p === "string" && typeof merged[merged.length - 1] === "string") merged[merged.length - 1] += p;
      else merged.push(p);
    }
    return merged.length === 1 ? merged[0] : merged;
  };
}
