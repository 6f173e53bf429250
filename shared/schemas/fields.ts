import { z } from "zod";
import type validation from "../i18n/catalogs/en/validation.json";
import { withValues } from "../i18n/messages";
import { type Bounds, type Cap } from "../limits";
import { SECTORS, SECTOR_VALUES, sectorOf } from "../sectors";

/**
 * Every message below is an id of the validation catalog (shared/i18n/catalogs/<locale>/validation.json), not a
 * sentence: a form shows it with `t.maybe()`, the server translates it into the request's language before it
 * answers (server/http/validate.ts). A message that names a number gets it as an argument (`{min}`, `{max}`, from
 * shared/limits.ts) through `withValues`, so a limit is changed in one place and every text follows.
 */
export type ValidationId = keyof typeof validation;

/** The message `id` with the lower bound it names (`{min}`). */
export const tooShort = (id: ValidationId, bounds: { min: number }) => withValues(id, { min: bounds.min });
/** The message `id` with the upper bound it names (`{max}`). */
export const tooLong = (id: ValidationId, bounds: { max: number }) => withValues(id, { max: bounds.max });

/** A required text within `bounds`, trimmed; a missing one is too short. `ids` are the messages of the two bounds. */
export const boundedText = (bounds: Bounds, ids: { min: ValidationId; max: ValidationId }) =>
  z
    .string({ error: tooShort(ids.min, bounds) })
    .trim()
    .min(bounds.min, tooShort(ids.min, bounds))
    .max(bounds.max, tooLong(ids.max, bounds));

/** A required text within `bounds` whose one message (`'… is required'`) names no number. */
export const requiredText = (bounds: Bounds, id: ValidationId) => z.string({ error: id }).trim().min(bounds.min, id).max(bounds.max, id);

// Pages run under a Content-Security-Policy without 'unsafe-eval'. Zod otherwise probes for `new Function`
// to compile fast parsers, and the browser reports that probe as a policy violation; in the browser zod
// therefore parses without compiled code. The server keeps the compiled parsers.
if (typeof document !== "undefined") z.config({ jitless: true });

export { SECTORS, SECTOR_VALUES };

/**
 * A sector from the one list (shared/sectors.ts), stored as its slug. A label or an older spelling of a listed
 * sector ('Logistics', 'Financial') is read as that sector; any other word is refused, blank with `required`.
 */
export const sectorField = (required: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : (sectorOf(v)?.value ?? v)) : v),
    z.enum(SECTOR_VALUES, { error: (issue) => (issue.input === undefined ? required : "validation.sector.select") }),
  );

export const PORTFOLIO_STATUS_VALUES = ["Active", "Partial Exit", "Full Exit"] as const;

export const PRESS_CATEGORIES = [
  "Acquisition",
  "Partnership",
  "Investment",
  "Funding",
  "Expansion",
  "Award",
  "Sustainability",
  "Technology",
  "Financial Results",
  "News",
] as const;

export const MIN_YEAR = 1990;
export const YEAR_MIN_MESSAGE = withValues("validation.year.min", { min: MIN_YEAR });
export const currentYear = () => new Date().getFullYear();

export const email = z.string({ error: "validation.email" }).trim().toLowerCase().max(254, "validation.email").pipe(z.email("validation.email"));

/** A link we are willing to render: an http(s) URL, or a file this site serves under /uploads/. */
export const isSafeLink = (value: string) => {
  if (/^\/uploads\/[A-Za-z0-9._-]+$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

export const optionalLink = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2048, message)
    .refine((v) => v === "" || isSafeLink(v), message)
    .transform((v) => (v === "" ? null : v))
    .nullish()
    .transform((v) => v ?? null);

export const optionalText = (cap: Cap, id: ValidationId) =>
  z
    .string()
    .trim()
    .max(cap.max, tooLong(id, cap))
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional text that may be left out: absent stays absent (the stored one is kept), empty or null clears it. */
export const keptText = (cap: Cap, id: ValidationId) =>
  z
    .union([z.string(), z.null()], { error: tooLong(id, cap) })
    .transform((v) => (typeof v === "string" ? v.trim() : v))
    .pipe(
      z
        .string()
        .max(cap.max, tooLong(id, cap))
        .nullable()
        .transform((v) => (v === "" ? null : v)),
    )
    .optional();

/** A year from MIN_YEAR to the current one; `message` when it is not a whole number. */
export const year = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .min(MIN_YEAR, YEAR_MIN_MESSAGE)
    .refine((y) => y <= currentYear(), "validation.year.future");

/** A database id in its one canonical spelling: '0x1', '1e0', ' 1' or '01' are not another name for 1. */
export const idParam = z
  .union([z.number(), z.string().regex(/^[1-9][0-9]{0,9}$/)], { error: "validation.notFound" })
  .transform(Number)
  .pipe(z.number({ error: "validation.notFound" }).int().positive().max(2_147_483_647));

/** Flattens zod issues to `{ field: firstMessage }` for the API's 400 answers and for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
