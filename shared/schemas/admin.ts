import { z } from "zod";
import { isSocialUrl } from "../brand";
import { LEGAL_BODY_MAX, LEGAL_BODY_MIN, LEGAL_PAGES } from "../legal";
import { withValues } from "../i18n/messages";
import { APPLICATION_LIMITS, BRAND_LIMITS, HOME_STAT_LIMITS, SEARCH_LIMITS } from "../limits";
import { ROLES } from "../roles";
import { boundedText, email, optionalText, tooLong, tooShort } from "./fields";

// ---------------------------------------------------------------- investor applications

export const investorApplicationSchema = z.object({
  company: boundedText(APPLICATION_LIMITS.company, { min: "validation.company.required", max: "validation.company.max" }),
  position: boundedText(APPLICATION_LIMITS.position, { min: "validation.position.required", max: "validation.position.max" }),
  motivation: boundedText(APPLICATION_LIMITS.motivation, { min: "validation.motivation.min", max: "validation.motivation.max" }),
  investmentInterests: optionalText(APPLICATION_LIMITS.investmentInterests, "validation.investmentInterests.max"),
});

export const environmentSchema = z.object({
  mode: z.enum(["production", "development"], { error: "validation.environment.mode" }),
});

// ---------------------------------------------------------------- user administration (admin dashboard)

/** An admin may give any role. */
const userRole = z.enum(ROLES, { error: "validation.users.role" });
export const USER_SEARCH_MAX = SEARCH_LIMITS.users.max;

/** GET /api/admin/users: a part of a name or address (any case) and a role; the API adds the page cursor. */
export const userListQuerySchema = z.object({
  q: z
    .string({ error: tooLong("validation.users.query", SEARCH_LIMITS.users) })
    // Control characters (a NUL byte included) are spaces to a search; they never reach the database.
    .transform((v) =>
      v
        .replace(/[\p{Cc}\p{Cs}\uFFFD]+/gu, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .pipe(z.string().max(USER_SEARCH_MAX, tooLong("validation.users.query", SEARCH_LIMITS.users)))
    .optional()
    .transform((v) => v || undefined),
  role: userRole.optional(),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** PATCH /api/admin/users/:id: the account's new role. */
export const userRoleSchema = z.object({ role: userRole }).strict();

// ---------------------------------------------------------------- site settings (admin dashboard)

const SOCIAL_MESSAGE = "validation.socialUrl";
/** A social profile link: an https address, or empty ('#' too) while the profile does not exist: no icon is shown. */
const socialLink = z
  .string({ error: SOCIAL_MESSAGE })
  .trim()
  .max(2048, SOCIAL_MESSAGE)
  .transform((v) => (v === "#" ? "" : v))
  .refine((v) => v === "" || isSocialUrl(v), SOCIAL_MESSAGE);

/** The brand texts an admin may edit in Settings (defaults in shared/brand.ts). */
export const brandSchema = z.object({
  name: boundedText(BRAND_LIMITS.name, { min: "validation.brand.name.min", max: "validation.brand.name.max" }),
  shortName: boundedText(BRAND_LIMITS.shortName, { min: "validation.brand.shortName.min", max: "validation.brand.shortName.max" }),
  tagline: boundedText(BRAND_LIMITS.tagline, { min: "validation.brand.tagline.min", max: "validation.brand.tagline.max" }),
  description: boundedText(BRAND_LIMITS.description, { min: "validation.brand.description.min", max: "validation.brand.description.max" }),
  address: boundedText(BRAND_LIMITS.address, { min: "validation.brand.address.min", max: "validation.brand.address.max" }),
  phone: z
    .string({ error: "validation.phone" })
    .trim()
    .regex(/^\+?[0-9][0-9 ().-]{4,28}[0-9]$/, "validation.phone"),
  email,
  social: z.object({
    linkedin: socialLink,
    twitter: socialLink,
    facebook: socialLink,
    instagram: socialLink,
  }),
});
export type BrandInput = z.infer<typeof brandSchema>;

/** The press list's spotlight release; null returns to the default choice. */
export const spotlightSchema = z.object({
  id: z.number({ error: "validation.spotlight" }).int().positive().max(2_147_483_647).nullable(),
});

// ---------------------------------------------------------------- home page figures and legal pages (Settings)

export const STAT_VALUE_MAX = HOME_STAT_LIMITS.value.max;
export const STAT_LABEL_MAX = HOME_STAT_LIMITS.label.max;

const homeStat = z.object({
  value: z
    .string({ error: "validation.stat.value.required" })
    .trim()
    .min(HOME_STAT_LIMITS.value.min, "validation.stat.value.required")
    .max(HOME_STAT_LIMITS.value.max, tooLong("validation.stat.value.max", HOME_STAT_LIMITS.value)),
  label: z
    .string({ error: "validation.stat.label.required" })
    .trim()
    .min(HOME_STAT_LIMITS.label.min, tooShort("validation.stat.label.min", HOME_STAT_LIMITS.label))
    .max(HOME_STAT_LIMITS.label.max, tooLong("validation.stat.label.max", HOME_STAT_LIMITS.label)),
});

/** The three figures of the home page's 'Global Impact' band. */
export const homeStatsSchema = z.object({
  stats: z.tuple([homeStat, homeStat, homeStat], { error: "validation.stats.three" }),
});
export type HomeStatsInput = z.output<typeof homeStatsSchema>;

/** The messages of a legal page's bounds (the Arabic text has the same). */
export const LEGAL_TOO_SHORT = withValues("validation.legal.min", { min: LEGAL_BODY_MIN });
export const LEGAL_TOO_LONG = withValues("validation.legal.max", { max: LEGAL_BODY_MAX });

export const legalPageParam = z.enum(LEGAL_PAGES, { error: "validation.notFound" });

/** The text of one legal page (plain text: blank lines between paragraphs, '## ' headings, '- ' list items). */
export const legalPageSchema = z.object({
  body: z
    .string({ error: LEGAL_TOO_SHORT })
    .transform((v) =>
      v
        .replace(/\r\n?/g, "\n")
        .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
        .trim(),
    )
    .pipe(z.string().min(LEGAL_BODY_MIN, LEGAL_TOO_SHORT).max(LEGAL_BODY_MAX, LEGAL_TOO_LONG)),
});
export type LegalPageInput = z.output<typeof legalPageSchema>;
