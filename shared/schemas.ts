/**
 * The one set of validation rules and messages, used by the
 * browser forms and by the server. Pure: no server imports.
 */
import { z } from "zod";
import { isSocialUrl } from "./brand";
import { LEGAL_BODY_MAX, LEGAL_BODY_MIN, LEGAL_PAGES } from "./legal";
import type validation from "./i18n/catalogs/en/validation.json";
import { ROLES } from "./roles";

/**
 * Every message below is an id of the validation catalog (shared/i18n/catalogs/<locale>/validation.json), not a
 * sentence: a form shows it with `t.maybe()`, the server translates it into the request's language before it
 * answers (server/http/validate.ts). The limits in the texts are written into the catalog, because a message
 * id carries no arguments; change a limit here and its texts there together.
 */
export type ValidationId = keyof typeof validation;

// Pages run under a Content-Security-Policy without 'unsafe-eval'. Zod otherwise probes for `new Function`
// to compile fast parsers, and the browser reports that probe as a policy violation; in the browser zod
// therefore parses without compiled code. The server keeps the compiled parsers.
if (typeof document !== "undefined") z.config({ jitless: true });

export const SECTORS = [
  { value: "technology", label: "Technology" },
  { value: "real-estate", label: "Real Estate" },
  { value: "healthcare", label: "Healthcare" },
  { value: "financial", label: "Financial" },
  { value: "energy", label: "Energy" },
  { value: "consumer", label: "Consumer" },
  { value: "automotive", label: "Automotive" },
  { value: "food-beverage", label: "Food & Beverage" },
] as const;
export const SECTOR_VALUES = SECTORS.map((s) => s.value) as [string, ...string[]];

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
export const currentYear = () => new Date().getFullYear();

const trimmed = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

const email = z.string({ error: "validation.email" }).trim().toLowerCase().max(254, "validation.email").pipe(z.email("validation.email"));

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
  fullName: z.string({ error: "validation.name.min" }).trim().min(2, "validation.name.min").max(200, "validation.name.max"),
  email,
  subject: z.string({ error: "validation.subject.required" }).trim().min(2, "validation.subject.required").max(200, "validation.subject.max"),
  message: z.string({ error: "validation.message.min" }).trim().min(10, "validation.message.min").max(5000, "validation.message.max"),
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
  .string({ error: "validation.password.min" })
  .min(8, "validation.password.min")
  // A cap keeps a hostile megabyte password from costing a megabyte of hashing.
  .max(256, "validation.password.max");

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

/** An optional text of at most `max` characters; `tooLong` is the message id of the cap. */
const optionalText = (max: number, tooLong: ValidationId) =>
  trimmed(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

/** What the server accepts. Any `role` in the body is ignored: registration always creates `regular`. */
export const registerSchema = z.object({
  email,
  fullName: z.string({ error: "validation.fullName.min" }).trim().min(2, "validation.fullName.min").max(200, "validation.fullName.max"),
  company: optionalText(200, "validation.company.max"),
  position: optionalText(200, "validation.position.max"),
  password,
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
  .max(256, "validation.password.max");

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
    .min(MIN_YEAR, "validation.year.min")
    .refine((y) => y <= currentYear(), "validation.year.future");

export const portfolioSchema = z
  .object({
    name: z.string({ error: "validation.name.min" }).trim().min(2, "validation.name.min").max(120, "validation.portfolio.name.max"),
    description: z.string({ error: "validation.description.min" }).trim().min(10, "validation.description.min").max(2000, "validation.description.max"),
    sector: z.enum(SECTOR_VALUES, { error: "validation.sector.select" }),
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
        .min(MIN_YEAR, "validation.year.min")
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

export const pressReleaseSchema = z.preprocess(
  pressAliases,
  z.object({
    title: z.string({ error: "validation.press.title.min" }).trim().min(5, "validation.press.title.min").max(100, "validation.press.title.max"),
    displayTitle: optionalText(200, "validation.displayTitle.max"),
    summary: z.string({ error: "validation.press.summary.min" }).trim().min(10, "validation.press.summary.min").max(200, "validation.press.summary.max"),
    content: z.string({ error: "validation.press.content.min" }).trim().min(50, "validation.press.content.min").max(100_000, "validation.press.content.max"),
    date: z
      .string({ error: "validation.press.date.required" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.press.date.required")
      .refine(isCalendarDay, "validation.press.date.required"),
    company: z
      .string({ error: "validation.press.company.required" })
      .trim()
      .min(1, "validation.press.company.required")
      .max(120, "validation.press.company.required"),
    sector: z
      .string({ error: "validation.press.sector.required" })
      .trim()
      .min(1, "validation.press.sector.required")
      .max(60, "validation.press.sector.required"),
    category: z
      .string({ error: "validation.press.category.required" })
      .trim()
      .min(1, "validation.press.category.required")
      .max(60, "validation.press.category.required")
      .default("News"),
    featured: z.boolean({ error: "validation.press.featured" }).default(false),
    showOnHomepage: z.boolean({ error: "validation.press.showOnHomepage" }).default(false),
    image: optionalLink("validation.imageUrl"),
    companyLogo: optionalLink("validation.logoUrl"),
    originalUrl: optionalLink("validation.url"),
  }),
);
export type PressReleaseInput = z.infer<typeof pressReleaseSchema>;

export const pressListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  company: z.string().trim().max(120).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

// ---------------------------------------------------------------- investor applications

export const investorApplicationSchema = z.object({
  company: z.string({ error: "validation.company.required" }).trim().min(2, "validation.company.required").max(200, "validation.company.max"),
  position: z.string({ error: "validation.position.required" }).trim().min(2, "validation.position.required").max(200, "validation.position.max"),
  motivation: z.string({ error: "validation.motivation.min" }).trim().min(20, "validation.motivation.min").max(4000, "validation.motivation.max"),
  investmentInterests: optionalText(2000, "validation.investmentInterests.max"),
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
 * The English text of the size refusal (kept for callers that still show it as is). The server answers it as
 * FILE_TOO_LARGE with `{ mb }` in the request's language; a form shows `t(FILE_TOO_LARGE, { mb })`.
 */
export const FILE_TOO_LARGE = "validation.fileTooLarge" satisfies ValidationId;
export const fileTooLargeMessage = (mb: number) => `File size exceeds ${mb}MB limit`;
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

export const documentMetaSchema = z.object({
  title: z.string({ error: "validation.document.title.min" }).trim().min(2, "validation.document.title.min").max(200, "validation.document.title.max"),
  description: optionalText(2000, "validation.description.max"),
  categoryId: optionalCategoryId,
  isPublic: formBoolean("validation.document.visibility").default(false),
});
export type DocumentMetaInput = z.infer<typeof documentMetaSchema>;

/** An edit may carry the updatedAt the editor loaded; a stale one is refused with 409. */
export const documentUpdateSchema = documentMetaSchema.extend({
  updatedAt: z.string().max(64).optional(),
});

export const documentCategorySchema = z.object({
  name: z.string({ error: "validation.category.name.min" }).trim().min(2, "validation.category.name.min").max(80, "validation.category.name.max"),
  description: optionalText(500, "validation.category.description.max"),
});
export type DocumentCategoryInput = z.infer<typeof documentCategorySchema>;

export const accessLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

// ---------------------------------------------------------------- user administration (admin dashboard)

/** An admin may give any role. */
const userRole = z.enum(ROLES, { error: "validation.users.role" });
export const USER_SEARCH_MAX = 100;

/** GET /api/admin/users: a part of a name or address (any case) and a role; the API adds the page cursor. */
export const userListQuerySchema = z.object({
  q: z
    .string({ error: "validation.users.query" })
    // Control characters (a NUL byte included) are spaces to a search; they never reach the database.
    .transform((v) =>
      v
        .replace(/[\p{Cc}\p{Cs}\uFFFD]+/gu, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .pipe(z.string().max(USER_SEARCH_MAX, "validation.users.query"))
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

/** A brand text between `min` and `max` characters; `ids` are the message ids of the two bounds. */
const brandText = (ids: { min: ValidationId; max: ValidationId }, min: number, max: number) =>
  z.string({ error: ids.min }).trim().min(min, ids.min).max(max, ids.max);

/** The brand texts an admin may edit in Settings (defaults in shared/brand.ts). */
export const brandSchema = z.object({
  name: brandText({ min: "validation.brand.name.min", max: "validation.brand.name.max" }, 2, 120),
  shortName: brandText({ min: "validation.brand.shortName.min", max: "validation.brand.shortName.max" }, 2, 60),
  tagline: brandText({ min: "validation.brand.tagline.min", max: "validation.brand.tagline.max" }, 2, 120),
  description: brandText({ min: "validation.brand.description.min", max: "validation.brand.description.max" }, 20, 600),
  address: brandText({ min: "validation.brand.address.min", max: "validation.brand.address.max" }, 5, 300),
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

export const SEARCH_MAX_LENGTH = 100;

/** /search?q= and GET /api/search?q=: one short text; anything else (a list, an object, too long) is a 400. */
export const siteSearchQuerySchema = z.object({
  q: z
    .string({ error: "validation.search.text" })
    .max(SEARCH_MAX_LENGTH * 4, "validation.search.max")
    // Control characters (a NUL byte included) are spaces to a search; they never reach the database.
    .transform((v) =>
      v
        .replace(/[\p{Cc}\p{Cs}\uFFFD]+/gu, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .pipe(z.string().max(SEARCH_MAX_LENGTH, "validation.search.max"))
    .optional()
    .transform((v) => v ?? ""),
});
export type SiteSearchQuery = z.output<typeof siteSearchQuerySchema>;

// ---------------------------------------------------------------- home page figures and legal pages (Settings)

export const STAT_VALUE_MAX = 12;
export const STAT_LABEL_MAX = 40;

const homeStat = z.object({
  value: z.string({ error: "validation.stat.value.required" }).trim().min(1, "validation.stat.value.required").max(STAT_VALUE_MAX, "validation.stat.value.max"),
  label: z.string({ error: "validation.stat.label.required" }).trim().min(2, "validation.stat.label.min").max(STAT_LABEL_MAX, "validation.stat.label.max"),
});

/** The three figures of the home page's 'Global Impact' band. */
export const homeStatsSchema = z.object({
  stats: z.tuple([homeStat, homeStat, homeStat], { error: "validation.stats.three" }),
});
export type HomeStatsInput = z.output<typeof homeStatsSchema>;

export const legalPageParam = z.enum(LEGAL_PAGES, { error: "validation.notFound" });

/** The text of one legal page (plain text: blank lines between paragraphs, '## ' headings, '- ' list items). */
export const legalPageSchema = z.object({
  body: z
    .string({ error: "validation.legal.min" })
    .transform((v) =>
      v
        .replace(/\r\n?/g, "\n")
        .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
        .trim(),
    )
    .pipe(z.string().min(LEGAL_BODY_MIN, "validation.legal.min").max(LEGAL_BODY_MAX, "validation.legal.max")),
});
export type LegalPageInput = z.output<typeof legalPageSchema>;

// ---------------------------------------------------------------- two-factor sign-in and passkeys

/** A code from the authenticator app (6 digits) or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const twoFactorCodeSchema = z.object({
  code: z.string({ error: "validation.twoFactor.code" }).trim().min(6, "validation.twoFactor.code").max(20, "validation.twoFactor.code"),
});

const passwordAgain = z.string({ error: "validation.twoFactor.password" }).min(1, "validation.twoFactor.password").max(256, "validation.password.max");
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

const passkeyName = z.string({ error: "validation.passkeys.name" }).trim().min(1, "validation.passkeys.name").max(60, "validation.passkeys.name");

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
