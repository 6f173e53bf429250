/**
 * The one set of validation rules and messages (product spec section 5), used by the
 * browser forms and by the server. Pure: no server imports.
 */
import { z } from "zod";
import { isSocialUrl } from "./brand";
import { LEGAL_BODY_MAX, LEGAL_BODY_MIN, LEGAL_PAGES } from "./legal";

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

const email = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .max(254, "Please enter a valid email address")
  .pipe(z.email("Please enter a valid email address"));

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
  fullName: z
    .string({ error: "Name must be at least 2 characters" })
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(200, "Name must be at most 200 characters"),
  email,
  subject: z
    .string({ error: "Subject is required" })
    .trim()
    .min(2, "Subject is required")
    .max(200, "Subject must be at most 200 characters"),
  message: z
    .string({ error: "Message must be at least 10 characters" })
    .trim()
    .min(10, "Message must be at least 10 characters")
    .max(5000, "Message must be at most 5000 characters"),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** The admin inbox's views: messages in the inbox, or those archived. */
export const CONTACT_VIEWS = ["inbox", "archived"] as const;
export type ContactView = (typeof CONTACT_VIEWS)[number];
export const contactViewQuerySchema = z.object({
  view: z.enum(CONTACT_VIEWS, { error: "The view must be inbox or archived" }).default("inbox"),
});

/** What an admin may change on a received message: read or unread, archived or back in the inbox. */
export const contactUpdateSchema = z
  .object({
    read: z.boolean({ error: "read must be true or false" }).optional(),
    archived: z.boolean({ error: "archived must be true or false" }).optional(),
  })
  .strict()
  .refine((v) => v.read !== undefined || v.archived !== undefined, { message: "Nothing to change: send read or archived" });
export type ContactUpdateInput = z.infer<typeof contactUpdateSchema>;

// ---------------------------------------------------------------- auth

const password = z
  .string({ error: "Password must be at least 8 characters" })
  .min(8, "Password must be at least 8 characters")
  // A cap keeps a hostile megabyte password from costing a megabyte of hashing.
  .max(256, "Password must be at most 256 characters");

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

const optionalText = (max: number, label: string) =>
  trimmed(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** What the server accepts. Any `role` in the body is ignored: registration always creates `regular`. */
export const registerSchema = z.object({
  email,
  fullName: z
    .string({ error: "Full name must be at least 2 characters" })
    .trim()
    .min(2, "Full name must be at least 2 characters")
    .max(200, "Full name must be at most 200 characters"),
  company: optionalText(200, "Company"),
  position: optionalText(200, "Position"),
  password,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The browser form adds a confirmation that is never sent. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: password })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

// ---------------------------------------------------------------- portfolio

const year = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .min(MIN_YEAR, "Year must be 1990 or later")
    .refine((y) => y <= currentYear(), "Year cannot be in the future");

export const portfolioSchema = z
  .object({
    name: z
      .string({ error: "Name must be at least 2 characters" })
      .trim()
      .min(2, "Name must be at least 2 characters")
      .max(120, "Name must be at most 120 characters"),
    description: z
      .string({ error: "Description must be at least 10 characters" })
      .trim()
      .min(10, "Description must be at least 10 characters")
      .max(2000, "Description must be at most 2000 characters"),
    sector: z.enum(SECTOR_VALUES, { error: "Please select a sector" }),
    yearAcquired: year("Please enter a valid year"),
    image: optionalLink("Please enter a valid image URL"),
    companyLogo: optionalLink("Please enter a valid logo URL"),
    website: optionalLink("Please enter a valid website URL"),
    status: z.enum(PORTFOLIO_STATUS_VALUES, { error: "Please select a status" }).default("Active"),
    exitYear: z.preprocess(
      (v) => (v === "" || v === undefined ? null : v),
      z.coerce
        .number({ error: "Please enter a valid year" })
        .int("Please enter a valid year")
        .min(MIN_YEAR, "Year must be 1990 or later")
        .refine((y) => y <= currentYear(), "Year cannot be in the future")
        .nullable(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.status === "Active" && v.exitYear != null) {
      ctx.addIssue({ code: "custom", path: ["exitYear"], message: "Exit year applies only to exited companies" });
    }
    if (v.exitYear != null && v.exitYear < v.yearAcquired) {
      ctx.addIssue({ code: "custom", path: ["exitYear"], message: "Exit year cannot be before the year acquired" });
    }
  });
export type PortfolioInput = z.infer<typeof portfolioSchema>;

// ---------------------------------------------------------------- press releases

/** A real day: Date.parse lets 2026-02-31 through, which the database's date column then refuses. */
const isCalendarDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d && d >= "1900-01-01";
};

/** Accepts the spec's snake_case aliases from older clients. */
const pressAliases = (raw: unknown) => {
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
    title: z
      .string({ error: "Title must be at least 5 characters" })
      .trim()
      .min(5, "Title must be at least 5 characters")
      .max(100, "Title must be at most 100 characters"),
    displayTitle: optionalText(200, "Display title"),
    summary: z
      .string({ error: "Summary must be at least 10 characters" })
      .trim()
      .min(10, "Summary must be at least 10 characters")
      .max(200, "Summary must be at most 200 characters"),
    content: z
      .string({ error: "Content must be at least 50 characters" })
      .trim()
      .min(50, "Content must be at least 50 characters")
      .max(100_000, "Content must be at most 100000 characters"),
    date: z
      .string({ error: "Release date is required" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Release date is required")
      .refine(isCalendarDay, "Release date is required"),
    company: z.string({ error: "Company name is required" }).trim().min(1, "Company name is required").max(120, "Company name is required"),
    sector: z.string({ error: "Sector is required" }).trim().min(1, "Sector is required").max(60, "Sector is required"),
    category: z.string({ error: "Category is required" }).trim().min(1, "Category is required").max(60, "Category is required").default("News"),
    featured: z.boolean({ error: "Featured must be true or false" }).default(false),
    showOnHomepage: z.boolean({ error: "Show on homepage must be true or false" }).default(false),
    image: optionalLink("Please enter a valid image URL"),
    companyLogo: optionalLink("Please enter a valid logo URL"),
    originalUrl: optionalLink("Please enter a valid URL"),
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
  company: z.string({ error: "Company is required" }).trim().min(2, "Company is required").max(200, "Company must be at most 200 characters"),
  position: z.string({ error: "Position is required" }).trim().min(2, "Position is required").max(200, "Position must be at most 200 characters"),
  motivation: z
    .string({ error: "Please tell us why you want investor access (at least 20 characters)" })
    .trim()
    .min(20, "Please tell us why you want investor access (at least 20 characters)")
    .max(4000, "Motivation must be at most 4000 characters"),
  investmentInterests: optionalText(2000, "Investment interests"),
});

export const environmentSchema = z.object({
  mode: z.enum(["production", "development"], { error: "Mode must be production or development" }),
});

/** A database id in its one canonical spelling: '0x1', '1e0', ' 1' or '01' are not another name for 1. */
export const idParam = z
  .union([z.number(), z.string().regex(/^[1-9][0-9]{0,9}$/)], { error: "Not found" })
  .transform(Number)
  .pipe(z.number({ error: "Not found" }).int().positive().max(2_147_483_647));

/** Flattens zod issues to `{ field: firstMessage }` for the API's 400 answers and for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

// ---------------------------------------------------------------- uploads, extraction, document admin (admin issue)

/** Image upload kinds and their size limits in MB (spec section 9: banner 10, company logo 1, default 5). */
export const UPLOAD_KINDS = ["banner", "logo", "image"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_LIMITS_MB: Record<UploadKind, number> = { banner: 10, logo: 1, image: 5 };
export const fileTooLargeMessage = (mb: number) => `File size exceeds ${mb}MB limit`;
export const uploadQuerySchema = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: "Unknown upload kind: use banner, logo or image" }).default("image"),
});

export const EXTRACT_URL_MESSAGE = "Please enter a valid URL to extract content from";
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
  z.coerce.number({ error: "Please choose a valid category" }).int("Please choose a valid category").positive("Please choose a valid category").max(2_147_483_647, "Please choose a valid category").nullable(),
);

export const documentMetaSchema = z.object({
  title: z
    .string({ error: "Title must be at least 2 characters" })
    .trim()
    .min(2, "Title must be at least 2 characters")
    .max(200, "Title must be at most 200 characters"),
  description: optionalText(2000, "Description"),
  categoryId: optionalCategoryId,
  isPublic: formBoolean("Visibility must be Public or Investor Only").default(false),
});
export type DocumentMetaInput = z.infer<typeof documentMetaSchema>;

/** An edit may carry the updatedAt the editor loaded; a stale one is refused with 409. */
export const documentUpdateSchema = documentMetaSchema.extend({
  updatedAt: z.string().max(64).optional(),
});

export const documentCategorySchema = z.object({
  name: z
    .string({ error: "Category name must be at least 2 characters" })
    .trim()
    .min(2, "Category name must be at least 2 characters")
    .max(80, "Category name must be at most 80 characters"),
  description: optionalText(500, "Description"),
});
export type DocumentCategoryInput = z.infer<typeof documentCategorySchema>;

export const accessLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

// ---------------------------------------------------------------- site settings (admin dashboard)

const SOCIAL_MESSAGE = "Please enter a full https:// address, or leave the field empty";
/** A social profile link: an https address, or empty ('#' too) while the profile does not exist: no icon is shown. */
const socialLink = z
  .string({ error: SOCIAL_MESSAGE })
  .trim()
  .max(2048, SOCIAL_MESSAGE)
  .transform((v) => (v === "#" ? "" : v))
  .refine((v) => v === "" || isSocialUrl(v), SOCIAL_MESSAGE);

const brandText = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} must be at least ${min} characters` })
    .trim()
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

/** The brand texts an admin may edit in Settings (defaults in shared/brand.ts). */
export const brandSchema = z.object({
  name: brandText("Company name", 2, 120),
  shortName: brandText("Short name", 2, 60),
  tagline: brandText("Tagline", 2, 120),
  description: brandText("Description", 20, 600),
  address: brandText("Address", 5, 300),
  phone: z
    .string({ error: "Please enter a valid phone number" })
    .trim()
    .regex(/^\+?[0-9][0-9 ().-]{4,28}[0-9]$/, "Please enter a valid phone number"),
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
  id: z.number({ error: "Please choose a press release" }).int().positive().max(2_147_483_647).nullable(),
});

// ---------------------------------------------------------------- site search

export const SEARCH_MAX_LENGTH = 100;

/** /search?q= and GET /api/search?q=: one short text; anything else (a list, an object, too long) is a 400. */
export const siteSearchQuerySchema = z.object({
  q: z
    .string({ error: "Please enter search words as text" })
    .max(SEARCH_MAX_LENGTH * 4, `Search words must be at most ${SEARCH_MAX_LENGTH} characters`)
    // Control characters (a NUL byte included) are spaces to a search; they never reach the database.
    .transform((v) => v.replace(/[\p{Cc}\p{Cs}\uFFFD]+/gu, " ").replace(/\s+/g, " ").trim())
    .pipe(z.string().max(SEARCH_MAX_LENGTH, `Search words must be at most ${SEARCH_MAX_LENGTH} characters`))
    .optional()
    .transform((v) => v ?? ""),
});
export type SiteSearchQuery = z.output<typeof siteSearchQuerySchema>;

// ---------------------------------------------------------------- home page figures and legal pages (Settings)

export const STAT_VALUE_MAX = 12;
export const STAT_LABEL_MAX = 40;

const homeStat = z.object({
  value: z
    .string({ error: "Please enter a figure" })
    .trim()
    .min(1, "Please enter a figure")
    .max(STAT_VALUE_MAX, `A figure must be at most ${STAT_VALUE_MAX} characters`),
  label: z
    .string({ error: "Please enter a label" })
    .trim()
    .min(2, "A label must be at least 2 characters")
    .max(STAT_LABEL_MAX, `A label must be at most ${STAT_LABEL_MAX} characters`),
});

/** The three figures of the home page's 'Global Impact' band. */
export const homeStatsSchema = z.object({
  stats: z.tuple([homeStat, homeStat, homeStat], { error: "Please enter three figures with their labels" }),
});
export type HomeStatsInput = z.output<typeof homeStatsSchema>;

export const legalPageParam = z.enum(LEGAL_PAGES, { error: "Not found" });

/** The text of one legal page (plain text: blank lines between paragraphs, '## ' headings, '- ' list items). */
export const legalPageSchema = z.object({
  body: z
    .string({ error: `The text must be at least ${LEGAL_BODY_MIN} characters` })
    .transform((v) => v.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "").trim())
    .pipe(
      z
        .string()
        .min(LEGAL_BODY_MIN, `The text must be at least ${LEGAL_BODY_MIN} characters`)
        .max(LEGAL_BODY_MAX, `The text must be at most ${LEGAL_BODY_MAX.toLocaleString("en-US")} characters`),
    ),
});
export type LegalPageInput = z.output<typeof legalPageSchema>;
