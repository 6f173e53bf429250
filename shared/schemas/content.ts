import { z } from "zod";
import { PORTFOLIO_LIMITS, PRESS_LIMITS, SEARCH_LIMITS } from "../limits";
import { SCHEDULE_ZONE, SCHEDULE_ZONES, WALL_TIME } from "../publication";
import {
  MIN_YEAR,
  PORTFOLIO_STATUS_VALUES,
  YEAR_MIN_MESSAGE,
  boundedText,
  currentYear,
  keptText,
  optionalLink,
  optionalText,
  requiredText,
  sectorField,
  year,
} from "./fields";

// ---------------------------------------------------------------- portfolio

export const portfolioSchema = z
  .object({
    name: boundedText(PORTFOLIO_LIMITS.name, { min: "validation.name.min", max: "validation.portfolio.name.max" }),
    description: boundedText(PORTFOLIO_LIMITS.description, { min: "validation.description.min", max: "validation.description.max" }),
    sector: sectorField("validation.sector.select"),
    yearAcquired: year("validation.year.invalid"),
    image: optionalLink("validation.imageUrl"),
    companyLogo: optionalLink("validation.logoUrl"),
    website: optionalLink("validation.websiteUrl"),
    status: z.enum(PORTFOLIO_STATUS_VALUES, { error: "validation.status.select" }).default("Active"),
    exitYear: z.preprocess(
      (v) => (v === "" || v === undefined ? null : v),
      z.coerce
        .number({ error: "validation.year.invalid" })
        .int("validation.year.invalid")
        .min(MIN_YEAR, YEAR_MIN_MESSAGE)
        .refine((y) => y <= currentYear(), "validation.year.future")
        .nullable(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.status === "Active" && v.exitYear != null) {
      ctx.addIssue({ code: "custom", path: ["exitYear"], message: "validation.exitYear.active" });
    }
    if (v.exitYear != null && v.exitYear < v.yearAcquired) {
      ctx.addIssue({ code: "custom", path: ["exitYear"], message: "validation.exitYear.beforeAcquired" });
    }
  });
export type PortfolioInput = z.infer<typeof portfolioSchema>;

// ---------------------------------------------------------------- press releases

/** A real day: Date.parse lets 2026-02-31 through, which the database's date column then refuses. */
const isCalendarDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d && d >= "1900-01-01";
};

/**
 * Accepts the snake_case aliases (show_on_homepage, company_logo) older clients send: the camelCase field wins, the
 * alias is dropped. A preprocess step for any press body (`z.preprocess(pressAliases, schema)`), the flags too.
 */
export const pressAliases = (raw: unknown) => {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const body = { ...(raw as Record<string, unknown>) };
  if (body.showOnHomepage === undefined && body.show_on_homepage !== undefined) body.showOnHomepage = body.show_on_homepage;
  if (body.companyLogo === undefined && body.company_logo !== undefined) body.companyLogo = body.company_logo;
  delete body.show_on_homepage;
  delete body.company_logo;
  return body;
};

/**
 * The press editor's document (JSON) a content field is rendered from. Only its shape is checked here; the server
 * checks it against the editor's schema and renders the stored HTML from it (server/lib/rich-text.ts).
 */
export const richTextDocField = z.record(z.string(), z.unknown(), { error: "validation.richText.invalid" }).nullable().optional();

export const pressReleaseSchema = z.preprocess(
  pressAliases,
  z.object({
    title: boundedText(PRESS_LIMITS.title, { min: "validation.press.title.min", max: "validation.press.title.max" }),
    displayTitle: optionalText(PRESS_LIMITS.displayTitle, "validation.displayTitle.max"),
    summary: boundedText(PRESS_LIMITS.summary, { min: "validation.press.summary.min", max: "validation.press.summary.max" }),
    content: boundedText(PRESS_LIMITS.content, { min: "validation.press.content.min", max: "validation.press.content.max" }),
    contentDoc: richTextDocField,
    date: z
      .string({ error: "validation.press.date.required" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.press.date.required")
      .refine(isCalendarDay, "validation.press.date.required"),
    company: requiredText(PRESS_LIMITS.company, "validation.press.company.required"),
    sector: sectorField("validation.press.sector.required"),
    category: requiredText(PRESS_LIMITS.category, "validation.press.category.required").default("News"),
    featured: z.boolean({ error: "validation.press.featured" }).default(false),
    showOnHomepage: z.boolean({ error: "validation.press.showOnHomepage" }).default(false),
    image: optionalLink("validation.imageUrl"),
    companyLogo: optionalLink("validation.logoUrl"),
    originalUrl: optionalLink("validation.url"),
    correctionNote: keptText(PRESS_LIMITS.correctionNote, "validation.press.correctionNote.max"),
  }),
);
export type PressReleaseInput = z.infer<typeof pressReleaseSchema>;

export const pressListQuerySchema = z.object({
  q: z.string().trim().max(SEARCH_LIMITS.press.max).optional(),
  company: z.string().trim().max(PRESS_LIMITS.company.max).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

/** A wall-clock time an editor picks, in the schedule's zone; `offset` says which of a repeated hour is meant. */
const scheduleTimeSchema = z.strictObject({
  local: z.string().regex(WALL_TIME, "errors.publication.invalidTime").meta({ description: "YYYY-MM-DDTHH:mm in `zone`." }),
  offset: z
    .string()
    .regex(/^[+-]\d{2}:\d{2}$/)
    .optional()
    .meta({ description: "+03:00: which occurrence of a time the clocks repeat (needed only then)." }),
});

/** Publish (and optionally take down) at wall-clock times in a zone; stored as UTC instants with the zone. */
export const scheduleSchema = z.strictObject({
  publishAt: scheduleTimeSchema,
  unpublishAt: scheduleTimeSchema.optional(),
  zone: z.enum(SCHEDULE_ZONES).default(SCHEDULE_ZONE),
});
export type ScheduleInput = z.output<typeof scheduleSchema>;
