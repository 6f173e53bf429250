/**
 * The one set of validation rules and messages, used by the
 * browser forms and by the server. Pure: no server imports.
 */
import { z } from "zod";
import { isSocialUrl } from "./brand";
import { LEGAL_BODY_MAX, LEGAL_BODY_MIN, LEGAL_PAGES } from "./legal";
import type validation from "./i18n/catalogs/en/validation.json";
import { withValues } from "./i18n/messages";
import {
  ACCOUNT_LIMITS,
  APPLICATION_LIMITS,
  BRAND_LIMITS,
  CONTACT_LIMITS,
  DOCUMENT_CATEGORY_LIMITS,
  DOCUMENT_LIMITS,
  HOME_STAT_LIMITS,
  PORTFOLIO_LIMITS,
  PRESS_LIMITS,
  SEARCH_LIMITS,
  type Bounds,
  type Cap,
} from "./limits";
import { PERIOD_KINDS, PERIOD_YEAR_MIN, periodYearMax } from "./document-period";
import { ROLES } from "./roles";
import { SECTORS, SECTOR_VALUES, sectorOf } from "./sectors";
import { SCHEDULE_ZONE, SCHEDULE_ZONES, WALL_TIME } from "./publication";

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
const boundedText = (bounds: Bounds, ids: { min: ValidationId; max: ValidationId }) =>
  z
    .string({ error: tooShort(ids.min, bounds) })
    .trim()
    .min(bounds.min, tooShort(ids.min, bounds))
    .max(bounds.max, tooLong(ids.max, bounds));

/** A required text within `bounds` whose one message (`'… is required'`) names no number. */
const requiredText = (bounds: Bounds, id: ValidationId) => z.string({ error: id }).trim().min(bounds.min, id).max(bounds.max, id);

// Pages run under a Content-Security-Policy without 'unsafe-eval'. Zod otherwise probes for `new Function`
// to compile fast parsers, and the browser reports that probe as a policy violation; in the browser zod
// therefore parses without compiled code. The server keeps the compiled parsers.
if (typeof document !== "undefined") z.config({ jitless: true });

export { SECTORS, SECTOR_VALUES };

/**
 * A sector from the one list (shared/sectors.ts), stored as its slug. A label or an older spelling of a listed
 * sector ('Logistics', 'Financial') is read as that sector; any other word is refused, blank with `required`.
 */
const sectorField = (required: string) =>
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
const YEAR_MIN_MESSAGE = withValues("validation.year.min", { min: MIN_YEAR });
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

const optionalLink = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2048, message)
    .refine((v) => v === "" || isSafeLink(v), message)
    .transform((v) => (v === "" ? null : v))
    .nullish()
    .transform((v) => v ?? null);

// ---------------------------------------------------------------- contact

export const contactSchema = z.object({
  fullName: boundedText(CONTACT_LIMITS.fullName, { min: "validation.name.min", max: "validation.name.max" }),
  email,
  subject: boundedText(CONTACT_LIMITS.subject, { min: "validation.subject.required", max: "validation.subject.max" }),
  message: boundedText(CONTACT_LIMITS.message, { min: "validation.message.min", max: "validation.message.max" }),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** The admin inbox's views: messages in the inbox, or those archived. */
export const CONTACT_VIEWS = ["inbox", "archived"] as const;
export type ContactView = (typeof CONTACT_VIEWS)[number];
export const contactViewQuerySchema = z.object({
  view: z.enum(CONTACT_VIEWS, { error: "validation.contact.view" }).default("inbox"),
});

/** What an admin may change on a received message: read or unread, archived or back in the inbox. */
export const contactUpdateSchema = z
  .object({
    read: z.boolean({ error: "validation.contact.read" }).optional(),
    archived: z.boolean({ error: "validation.contact.archived" }).optional(),
  })
  .strict()
  .refine((v) => v.read !== undefined || v.archived !== undefined, { message: "validation.contact.nothingToChange" });
export type ContactUpdateInput = z.infer<typeof contactUpdateSchema>;

// ---------------------------------------------------------------- auth

const password = z
  .string({ error: tooShort("validation.password.min", ACCOUNT_LIMITS.password) })
  .min(ACCOUNT_LIMITS.password.min, tooShort("validation.password.min", ACCOUNT_LIMITS.password))
  .max(ACCOUNT_LIMITS.password.max, tooLong("validation.password.max", ACCOUNT_LIMITS.password));

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

/** An optional text within `cap`; `id` is the message of the cap. */
/** The longest return path a link carries (the safe-redirect rule refuses longer ones too). */
export const REDIRECT_MAX = 2048;

const optionalText = (cap: Cap, id: ValidationId) =>
  z
    .string()
    .trim()
    .max(cap.max, tooLong(id, cap))
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional text that may be left out: absent stays absent (the stored one is kept), empty or null clears it. */
const keptText = (cap: Cap, id: ValidationId) =>
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

/** What the server accepts. Any `role` in the body is ignored: registration always creates `regular`. */
export const registerSchema = z.object({
  email,
  fullName: boundedText(ACCOUNT_LIMITS.fullName, { min: "validation.fullName.min", max: "validation.fullName.max" }),
  company: optionalText(ACCOUNT_LIMITS.company, "validation.company.max"),
  position: optionalText(ACCOUNT_LIMITS.position, "validation.position.max"),
  password,
  redirect: z.string().max(REDIRECT_MAX, "validation.redirect.max").optional().meta({
    description:
      "The page the registrant was on their way to (a path on this site, such as /investor-portal): the confirmation link leads back to it after sign-in. Anything else is left out of the link.",
  }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The browser form adds a confirmation that is never sent. */
export const registerFormSchema = registerSchema.extend({ confirmPassword: password }).refine((v) => v.password === v.confirmPassword, {
  message: "validation.password.mismatch",
  path: ["confirmPassword"],
});

/** 'Forgot password?': the address to send a reset link to. */
export const passwordResetRequestSchema = z.object({ email });

/** A token from an e-mailed link: 43 URL-safe characters (32 random bytes). */
const token = z.string({ error: "validation.token" }).regex(/^[A-Za-z0-9_-]{43}$/, "validation.token");

/** The new password chosen through a reset link. */
export const passwordResetSchema = z.object({ token, password });

/** The browser form adds a confirmation that is never sent. */
export const passwordResetFormSchema = z.object({ password, confirmPassword: password }).refine((v) => v.password === v.confirmPassword, {
  message: "validation.password.mismatch",
  path: ["confirmPassword"],
});

export const emailTokenSchema = z.object({ token });

// ---------------------------------------------------------------- the account page

/** The profile a signed-in user edits: the registration form's rules for the same fields. */
export const profileSchema = registerSchema.pick({ fullName: true, company: true, position: true });
export type ProfileInput = z.infer<typeof profileSchema>;

/** The password the user signs in with now, asked for before the password or the address changes. */
const currentPassword = z
  .string({ error: "validation.currentPassword.required" })
  .min(1, "validation.currentPassword.required")
  .max(ACCOUNT_LIMITS.password.max, tooLong("validation.password.max", ACCOUNT_LIMITS.password));

const newPasswordDiffers = { message: "validation.password.unchanged", path: ["newPassword"] };

/** A new password by the registration rules, different from the current one. */
export const passwordChangeSchema = z.object({ currentPassword, newPassword: password }).refine((v) => v.newPassword !== v.currentPassword, newPasswordDiffers);
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** The browser form adds a confirmation that is never sent. */
export const passwordChangeFormSchema = z
  .object({ currentPassword, newPassword: password, confirmPassword: password })
  .refine((v) => v.newPassword !== v.currentPassword, newPasswordDiffers)
  .refine((v) => v.newPassword === v.confirmPassword, { message: "validation.password.mismatch", path: ["confirmPassword"] });

/** A new address for the account; it takes effect once confirmed from the link sent to it. */
export const emailChangeSchema = z.object({ newEmail: email, currentPassword });
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

/** A session as its owner names it: 22 URL-safe characters (server/auth/sessions.ts); anything else is not found. */
export const sessionHandleParam = z.string({ error: "validation.notFound" }).regex(/^[A-Za-z0-9_-]{22}$/, "validation.notFound");

// ---------------------------------------------------------------- portfolio

const year = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .min(MIN_YEAR, YEAR_MIN_MESSAGE)
    .refine((y) => y <= currentYear(), "validation.year.future");

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

// ---------------------------------------------------------------- uploads, extraction, document admin

/** Image upload kinds and their size limits in MB: banner 10, company logo 1, any other image 5. */
export const UPLOAD_KINDS = ["banner", "logo", "image"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_LIMITS_MB: Record<UploadKind, number> = { banner: 10, logo: 1, image: 5 };
/**
 * The size refusal: the server answers FILE_TOO_LARGE with `{ mb }` in the request's language; a form that refuses
 * a file before sending it shows `t.maybe(fileTooLargeMessage(mb))`.
 */
export const FILE_TOO_LARGE = "validation.fileTooLarge" satisfies ValidationId;
export const fileTooLargeMessage = (mb: number) => withValues(FILE_TOO_LARGE, { mb });
export const uploadQuerySchema = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: "validation.upload.kind" }).default("image"),
});

export const EXTRACT_URL_MESSAGE = "validation.extractUrl";
export const extractUrlSchema = z.object({
  url: z
    .string({ error: EXTRACT_URL_MESSAGE })
    .trim()
    .min(1, EXTRACT_URL_MESSAGE)
    .max(2048, EXTRACT_URL_MESSAGE)
    .refine((v) => URL.canParse(withScheme(v)), EXTRACT_URL_MESSAGE)
    .transform(withScheme),
});

/** 'example.com/news' means https://example.com/news; anything with a scheme is kept as typed (and checked later). */
export function withScheme(value: string): string {
  const v = value.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^(file|ftp|data|javascript|vbscript|mailto|gopher|dict|ldap|blob|about|jar|tel):/i.test(v)) return v;
  return `https://${v}`;
}

/** Investor documents: the types the library accepts and the upload limit. */
export const DOCUMENT_TYPES = ["pdf", "xlsx", "docx", "pptx"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_MAX_MB = 20;
export const DOCUMENT_ACCEPT = ".pdf,.xlsx,.docx,.pptx";

/** Multipart forms send every field as text: "true"/"on" and "false"/"" become booleans, "" a null id. */
const formBoolean = (message: string) =>
  z.preprocess((v) => (v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "" || v === "0" ? false : v), z.boolean({ error: message }));

const optionalCategoryId = z.preprocess(
  (v) => (v === "" || v === undefined || v === "null" || v === "none" ? null : v),
  z.coerce
    .number({ error: "validation.document.category" })
    .int("validation.document.category")
    .positive("validation.document.category")
    .max(2_147_483_647, "validation.document.category")
    .nullable(),
);

/** "" (a form's empty choice) and "null" are no value; absent stays absent (an edit then keeps what is stored). */
const emptyIsNull = (v: unknown) => (v === "" || v === "null" ? null : v);

const periodKind = z.preprocess(emptyIsNull, z.enum(PERIOD_KINDS, { error: "validation.document.period.kind" }).nullish());
const PERIOD_YEAR_MESSAGE = () => withValues("validation.document.period.year", { min: PERIOD_YEAR_MIN, max: periodYearMax() });
const periodYear = z.preprocess(
  emptyIsNull,
  z.coerce
    .number({ error: PERIOD_YEAR_MESSAGE })
    .int({ error: PERIOD_YEAR_MESSAGE })
    .min(PERIOD_YEAR_MIN, { error: PERIOD_YEAR_MESSAGE })
    .refine((y) => y <= periodYearMax(), { error: PERIOD_YEAR_MESSAGE })
    .nullish(),
);

/** A day the company published a document on: a real calendar day ('2026-03-15'), from 1990 to tomorrow (time zones). */
const publishedAt = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .string({ error: "validation.document.publishedAt" })
    .trim()
    .pipe(z.iso.date({ error: "validation.document.publishedAt" }))
    .refine((d) => d >= `${PERIOD_YEAR_MIN}-01-01` && d <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), {
      error: "validation.document.publishedAt",
    })
    .optional(),
);

/**
 * A document's metadata. The reporting period is a kind and a year together, or neither (a charter reports on no
 * period); absent period fields and an absent publication date leave an edit's stored values alone, and an upload
 * without them has no period and is published today.
 */
export const documentMetaFields = z.object({
  title: boundedText(DOCUMENT_LIMITS.title, { min: "validation.document.title.min", max: "validation.document.title.max" }),
  description: optionalText(DOCUMENT_LIMITS.description, "validation.description.max"),
  categoryId: optionalCategoryId,
  isPublic: formBoolean("validation.document.visibility").default(false),
  periodKind,
  periodYear,
  publishedAt,
});

/** A period is a kind with its year: one without the other is an error on the missing field. */
export function documentPeriodRule(v: { periodKind?: unknown; periodYear?: unknown }, ctx: z.RefinementCtx) {
  if (v.periodKind != null && v.periodYear == null) ctx.addIssue({ code: "custom", path: ["periodYear"], message: "validation.document.period.yearRequired" });
  if (v.periodYear != null && v.periodKind == null) ctx.addIssue({ code: "custom", path: ["periodKind"], message: "validation.document.period.kindRequired" });
}

export const documentMetaSchema = documentMetaFields.superRefine(documentPeriodRule);
export type DocumentMetaInput = z.infer<typeof documentMetaSchema>;

/** An edit may carry the updatedAt the editor loaded; a stale one is refused with 409. */
export const documentUpdateSchema = documentMetaFields
  .extend({
    updatedAt: z.string().max(64).optional(),
  })
  .superRefine(documentPeriodRule);

export const documentCategorySchema = z.object({
  name: boundedText(DOCUMENT_CATEGORY_LIMITS.name, { min: "validation.category.name.min", max: "validation.category.name.max" }),
  description: optionalText(DOCUMENT_CATEGORY_LIMITS.description, "validation.category.description.max"),
});
export type DocumentCategoryInput = z.infer<typeof documentCategorySchema>;

export const accessLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
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

// ---------------------------------------------------------------- site search

export const SEARCH_MAX_LENGTH = SEARCH_LIMITS.site.max;
const SEARCH_TOO_LONG = tooLong("validation.search.max", SEARCH_LIMITS.site);

/** /search?q= and GET /api/search?q=: one short text; anything else (a list, an object, too long) is a 400. */
export const siteSearchQuerySchema = z.object({
  q: z
    .string({ error: "validation.search.text" })
    .max(SEARCH_MAX_LENGTH * 4, SEARCH_TOO_LONG)
    // Control characters (a NUL byte included) are spaces to a search; they never reach the database.
    .transform((v) =>
      v
        .replace(/[\p{Cc}\p{Cs}\uFFFD]+/gu, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .pipe(z.string().max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG))
    .optional()
    .transform((v) => v ?? ""),
});
export type SiteSearchQuery = z.output<typeof siteSearchQuerySchema>;

/**
 * GET /api/documents: the library's filters. `year` is a reporting period's fiscal year, `category` a category id,
 * `q` words that must all appear in a title or description (either language) or the category's name.
 */
export const documentListQuerySchema = z.object({
  year: z.preprocess(
    emptyIsNull,
    z.coerce
      .number({ error: PERIOD_YEAR_MESSAGE })
      .int({ error: PERIOD_YEAR_MESSAGE })
      .min(PERIOD_YEAR_MIN, { error: PERIOD_YEAR_MESSAGE })
      .max(9999, { error: PERIOD_YEAR_MESSAGE })
      .nullish(),
  ),
  category: z.preprocess(
    emptyIsNull,
    z.coerce
      .number({ error: "validation.document.category" })
      .int("validation.document.category")
      .positive("validation.document.category")
      .max(2_147_483_647, "validation.document.category")
      .nullish(),
  ),
  q: z
    .string({ error: "validation.search.text" })
    .transform((v) =>
      v
        .replace(/[\p{Cc}\p{Cs}\uFFFD]+/gu, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .pipe(z.string().max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG))
    .optional(),
});
export type DocumentListQuery = z.output<typeof documentListQuerySchema>;

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

// ---------------------------------------------------------------- two-factor sign-in and passkeys

/** A code from the authenticator app (6 digits) or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const twoFactorCodeSchema = z.object({
  code: z.string({ error: "validation.twoFactor.code" }).trim().min(6, "validation.twoFactor.code").max(20, "validation.twoFactor.code"),
});

const passwordAgain = z
  .string({ error: "validation.twoFactor.password" })
  .min(1, "validation.twoFactor.password")
  .max(ACCOUNT_LIMITS.password.max, tooLong("validation.password.max", ACCOUNT_LIMITS.password));
const appCodeAgain = z.string({ error: "validation.twoFactor.appCode" }).trim().min(6, "validation.twoFactor.appCode").max(20, "validation.twoFactor.appCode");

/**
 * The account's password or a code from its authenticator app, which a change to how the account signs in may carry
 * (turning the app off, new recovery codes, removing a passkey). Without either, the session must have proved one
 * in the last few minutes.
 */
export const passwordAgainSchema = z.object({ password: passwordAgain.optional(), code: appCodeAgain.optional() });

/** The account's password, which a request that adds a factor may carry to prove it is the owner's ('confirm it's you'). */
export const passwordProofSchema = z.object({ password: passwordAgain.optional() });

/** 'Confirm it's you': the password, or a code from the authenticator app. */
export const confirmIdentitySchema = passwordAgainSchema.refine((v) => v.password !== undefined || v.code !== undefined, {
  message: "validation.twoFactor.password",
  path: ["password"],
});

const PASSKEY_NAME_MESSAGE = tooLong("validation.passkeys.name", ACCOUNT_LIMITS.passkeyName);
const passkeyName = z
  .string({ error: PASSKEY_NAME_MESSAGE })
  .trim()
  .min(ACCOUNT_LIMITS.passkeyName.min, PASSKEY_NAME_MESSAGE)
  .max(ACCOUNT_LIMITS.passkeyName.max, PASSKEY_NAME_MESSAGE);

/** A WebAuthn answer from the browser (@simplewebauthn/browser's JSON); the library checks its contents. */
const webAuthnResponse = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal("public-key"),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .passthrough();

export const passkeyRegisterSchema = z.object({ name: passkeyName, response: webAuthnResponse });
export const passkeyRenameSchema = z.object({ name: passkeyName });
export const passkeySignInSchema = z.object({ response: webAuthnResponse });

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
