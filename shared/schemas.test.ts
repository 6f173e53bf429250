/** Every shared schema gives its exact validation messages (the forms and the server show these). */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  contactSchema,
  environmentSchema,
  fieldErrors,
  idParam,
  investorApplicationSchema,
  isSafeLink,
  loginSchema,
  portfolioSchema,
  pressListQuerySchema,
  pressReleaseSchema,
  registerFormSchema,
  registerSchema,
  siteSearchQuerySchema,
  brandSchema,
} from "./schemas";
import { pressArabicSchema } from "./content-schemas";
import { PRESS_LIMITS } from "./limits";
import { localize } from "../server/lib/messages";
import { splitMessage, withValues } from "./i18n/messages";

/** `{ field: message }` in `locale` for a failing input; `{}` when it passes. The schemas give message ids. */
const errorsIn = (locale: "en" | "ar", schema: z.ZodType, input: unknown): Record<string, string> => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(Object.entries(fieldErrors(result.error)).map(([k, id]) => [k, localize(locale, id)]));
};
/** `{ field: English message }` for a failing input; `{}` when it passes. */
const errorsOf = (schema: z.ZodType, input: unknown) => errorsIn("en", schema, input);
/** `{ field: message id }` as the schemas give them. */
const errorsOfRaw = (schema: z.ZodType, input: unknown): Record<string, string> => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};
const thisYear = new Date().getFullYear();

describe("[schemas] contact", () => {
  const valid = { fullName: "Layla Hassan", email: "layla@example.test", subject: "Hi", message: "Ten chars!" };

  it("[schemas] accepts the minimums and trims", () => {
    const out = contactSchema.parse({ ...valid, fullName: "  Al  ", email: " LAYLA@Example.TEST " });
    expect(out).toEqual({ ...valid, fullName: "Al", email: "layla@example.test" });
  });

  it("[schemas] gives the spec's four messages", () => {
    expect(errorsOf(contactSchema, { fullName: "L", email: "nope", subject: "x", message: "123456789" })).toEqual({
      fullName: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      subject: "Subject is required",
      message: "Message must be at least 10 characters",
    });
  });

  it("[schemas] missing and mistyped fields get the same messages", () => {
    expect(errorsOf(contactSchema, {})).toEqual({
      fullName: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      subject: "Subject is required",
      message: "Message must be at least 10 characters",
    });
    expect(errorsOf(contactSchema, { ...valid, email: 12 })).toEqual({ email: "Please enter a valid email address" });
  });

  it("[schemas] whitespace does not count towards a minimum", () => {
    expect(errorsOf(contactSchema, { ...valid, message: "   short    " })).toEqual({ message: "Message must be at least 10 characters" });
    expect(errorsOf(contactSchema, { ...valid, subject: "  " })).toEqual({ subject: "Subject is required" });
  });

  it("[schemas] caps lengths", () => {
    expect(errorsOf(contactSchema, { ...valid, message: "x".repeat(5001) })).toEqual({ message: "Message must be at most 5,000 characters" });
    expect(errorsOf(contactSchema, { ...valid, fullName: "x".repeat(201) })).toEqual({ fullName: "Name must be at most 200 characters" });
  });
});

describe("[schemas] login and register", () => {
  it("[schemas] login: valid email, password at least 8", () => {
    expect(errorsOf(loginSchema, { email: "a@b.co", password: "12345678" })).toEqual({});
    expect(errorsOf(loginSchema, { email: "a@", password: "1234567" })).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 8 characters",
    });
    expect(errorsOf(loginSchema, { email: "a@b.co", password: "x".repeat(257) })).toEqual({ password: "Password must be at most 256 characters" });
  });

  it("[schemas] register: full name at least 2; company and position optional", () => {
    const ok = registerSchema.parse({ email: "A@B.co", fullName: "Al", password: "12345678" });
    expect(ok).toEqual({ email: "a@b.co", fullName: "Al", company: null, position: null, password: "12345678" });
    expect(errorsOf(registerSchema, { email: "a@b.co", fullName: "A", password: "12345678" })).toEqual({ fullName: "Full name must be at least 2 characters" });
    expect(registerSchema.parse({ email: "a@b.co", fullName: "Al", password: "12345678", company: "  Acme ", position: "" })).toMatchObject({
      company: "Acme",
      position: null,
    });
  });

  it("[schemas] register drops a role from the body", () => {
    const out = registerSchema.parse({ email: "a@b.co", fullName: "Al", password: "12345678", role: "admin" });
    expect(out).not.toHaveProperty("role");
  });

  it("[schemas] register form: confirmPassword at least 8 and must match, shown on confirmPassword", () => {
    const base = { email: "a@b.co", fullName: "Al", password: "12345678" };
    expect(errorsOf(registerFormSchema, { ...base, confirmPassword: "12345678" })).toEqual({});
    expect(errorsOf(registerFormSchema, { ...base, confirmPassword: "87654321" })).toEqual({ confirmPassword: "Passwords do not match" });
    expect(errorsOf(registerFormSchema, { ...base, confirmPassword: "1234" })).toEqual({ confirmPassword: "Password must be at least 8 characters" });
  });
});

describe("[schemas] portfolio", () => {
  const valid = {
    name: "BravoPay",
    description: "Payments for small merchants.",
    sector: "finance",
    yearAcquired: 2019,
    image: "https://cdn.example.com/a.png",
    website: "",
    status: "Active",
  };

  it("[schemas] fills defaults and empties", () => {
    expect(portfolioSchema.parse({ ...valid, status: undefined })).toMatchObject({ status: "Active", exitYear: null, website: null, companyLogo: null });
    expect(portfolioSchema.parse({ ...valid, yearAcquired: "2020" }).yearAcquired).toBe(2020);
  });

  it("[schemas] gives the spec's messages", () => {
    expect(
      errorsOf(portfolioSchema, { name: "B", description: "short", sector: "", yearAcquired: 1989, image: "nope", website: "nope", status: "Sold" }),
    ).toEqual({
      name: "Name must be at least 2 characters",
      description: "Description must be at least 10 characters",
      sector: "Please select a sector",
      yearAcquired: "Year must be 1990 or later",
      image: "Please enter a valid image URL",
      website: "Please enter a valid website URL",
      status: "Please select a status",
    });
  });

  it("[schemas] yearAcquired runs from 1990 to the current year", () => {
    expect(errorsOf(portfolioSchema, { ...valid, yearAcquired: 1990 })).toEqual({});
    expect(errorsOf(portfolioSchema, { ...valid, yearAcquired: thisYear })).toEqual({});
    expect(errorsOf(portfolioSchema, { ...valid, yearAcquired: thisYear + 1 })).toEqual({ yearAcquired: "Year cannot be in the future" });
    expect(errorsOf(portfolioSchema, { ...valid, yearAcquired: "soon" })).toEqual({ yearAcquired: "Please enter a valid year" });
  });

  it("[schemas] exitYear only when the company is not Active", () => {
    expect(errorsOf(portfolioSchema, { ...valid, exitYear: 2022 })).toEqual({ exitYear: "Exit year applies only to exited companies" });
    expect(portfolioSchema.parse({ ...valid, status: "Partial Exit", exitYear: "2022" })).toMatchObject({ status: "Partial Exit", exitYear: 2022 });
    expect(portfolioSchema.parse({ ...valid, status: "Full Exit", exitYear: "" }).exitYear).toBeNull();
    expect(errorsOf(portfolioSchema, { ...valid, status: "Full Exit", exitYear: 2018 })).toEqual({ exitYear: "Exit year cannot be before the year acquired" });
    expect(errorsOf(portfolioSchema, { ...valid, status: "Full Exit", exitYear: thisYear + 1 })).toEqual({ exitYear: "Year cannot be in the future" });
  });

  it("[schemas] only http(s) and site uploads count as links", () => {
    expect(errorsOf(portfolioSchema, { ...valid, image: "/uploads/bravopay.webp", website: "https://bravopay.example" })).toEqual({});
    for (const bad of ["javascript:alert(1)", "data:image/png;base64,AAAA", "/uploads/../x", "//evil.example/x.png", "ftp://x.example/a"]) {
      expect(errorsOf(portfolioSchema, { ...valid, image: bad }), bad).toEqual({ image: "Please enter a valid image URL" });
    }
  });
});

describe("[schemas] press releases", () => {
  const valid = {
    title: "Five",
    summary: "Ten chars!",
    content: "x".repeat(50),
    date: "2026-01-15",
    company: "BravoPay",
    sector: "Financial",
  };

  it("[schemas] fills the defaults", () => {
    const out = pressReleaseSchema.parse({ ...valid, title: "Title" });
    expect(out).toMatchObject({ category: "News", featured: false, showOnHomepage: false, image: null, companyLogo: null, originalUrl: null });
  });

  it("[schemas] title 5 to 100, summary 10 to 200, content at least 50", () => {
    expect(errorsOf(pressReleaseSchema, { ...valid, title: "Four", summary: "123456789", content: "x".repeat(49) })).toEqual({
      title: "Title must be at least 5 characters",
      summary: "Summary must be at least 10 characters",
      content: "Content must be at least 50 characters",
    });
    expect(errorsOf(pressReleaseSchema, { ...valid, title: "x".repeat(101), summary: "x".repeat(201) })).toEqual({
      title: "Title must be at most 100 characters",
      summary: "Summary must be at most 200 characters",
    });
    expect(errorsOf(pressReleaseSchema, { ...valid, title: "x".repeat(100), summary: "x".repeat(200) })).toEqual({});
  });

  it("[schemas] a sector is one of the list, stored as its slug; a listed sector's label is read as its slug", () => {
    expect(pressReleaseSchema.parse({ ...valid, title: "A valid title", sector: "food-security" }).sector).toBe("food-security");
    expect(pressReleaseSchema.parse({ ...valid, title: "A valid title", sector: "Logistics" }).sector).toBe("logistics");
    expect(pressReleaseSchema.parse({ ...valid, title: "A valid title", sector: "Financial" }).sector).toBe("finance");
    expect(errorsOf(pressReleaseSchema, { ...valid, title: "A valid title", sector: "Healthcare" })).toEqual({ sector: "Please select a sector" });
    expect(errorsOf(pressReleaseSchema, { ...valid, title: "A valid title", sector: "Technology" })).toEqual({ sector: "Please select a sector" });
  });

  it("[schemas] category, company and sector are required with the spec's messages", () => {
    expect(errorsOf(pressReleaseSchema, { ...valid, title: "Title", category: "", company: " ", sector: "" })).toEqual({
      category: "Category is required",
      company: "Company name is required",
      sector: "Sector is required",
    });
  });

  it("[schemas] image and companyLogo are valid URLs or empty", () => {
    expect(pressReleaseSchema.parse({ ...valid, title: "Title", image: "", companyLogo: "" })).toMatchObject({ image: null, companyLogo: null });
    expect(errorsOf(pressReleaseSchema, { ...valid, title: "Title", image: "not a url", companyLogo: "javascript:x" })).toEqual({
      image: "Please enter a valid image URL",
      companyLogo: "Please enter a valid logo URL",
    });
  });

  it("[schemas] the date is a real YYYY-MM-DD date", () => {
    expect(errorsOf(pressReleaseSchema, { ...valid, title: "Title", date: "15/01/2026" })).toEqual({ date: "Release date is required" });
    expect(errorsOf(pressReleaseSchema, { ...valid, title: "Title", date: "2026-13-40" })).toEqual({ date: "Release date is required" });
    for (const impossible of ["2026-02-31", "2025-02-29", "2026-04-31", "0000-01-01", "1899-12-31"]) {
      expect(errorsOf(pressReleaseSchema, { ...valid, title: "Title", date: impossible }), impossible).toEqual({ date: "Release date is required" });
    }
    expect(errorsOf(pressReleaseSchema, { ...valid, title: "Title", date: "2024-02-29" })).toEqual({});
  });

  it("[schemas] featured and showOnHomepage must be booleans", () => {
    expect(errorsOf(pressReleaseSchema, { ...valid, title: "Title", featured: "true", showOnHomepage: 1 })).toEqual({
      featured: "Featured must be true or false",
      showOnHomepage: "Show on homepage must be true or false",
    });
  });

  it("[schemas] reads the snake_case aliases; the camelCase name wins when both are sent", () => {
    const out = pressReleaseSchema.parse({ ...valid, title: "Title", show_on_homepage: true, company_logo: "/uploads/x.webp" });
    expect(out).toMatchObject({ showOnHomepage: true, companyLogo: "/uploads/x.webp" });
    expect(out).not.toHaveProperty("show_on_homepage");
    expect(out).not.toHaveProperty("company_logo");
    expect(pressReleaseSchema.parse({ ...valid, title: "Title", showOnHomepage: false, show_on_homepage: true }).showOnHomepage).toBe(false);
  });

  it("[schemas] list query: numbers within bounds", () => {
    expect(pressListQuerySchema.parse({ limit: "10", offset: "0", q: " bravo " })).toEqual({ limit: 10, offset: 0, q: "bravo" });
    expect(pressListQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
    expect(pressListQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
    expect(pressListQuerySchema.safeParse({ offset: "-1" }).success).toBe(false);
  });
});

describe("[schemas] investor applications, environment, ids", () => {
  it("[schemas] investor application messages", () => {
    expect(errorsOf(investorApplicationSchema, {})).toEqual({
      company: "Company is required",
      position: "Position is required",
      motivation: "Please tell us why you want investor access (at least 20 characters)",
    });
    expect(investorApplicationSchema.parse({ company: "Acme", position: "CFO", motivation: "x".repeat(20), investmentInterests: "" })).toMatchObject({
      investmentInterests: null,
    });
  });

  it("[schemas] environment mode is production or development", () => {
    expect(environmentSchema.parse({ mode: "production" })).toEqual({ mode: "production" });
    expect(errorsOf(environmentSchema, { mode: "staging" })).toEqual({ mode: "Mode must be production or development" });
  });

  it("[schemas] ids are positive 32-bit integers", () => {
    expect(idParam.parse("42")).toBe(42);
    for (const bad of ["abc", "-1", "0", "1.5", "99999999999", "2147483648", ""]) expect(idParam.safeParse(bad).success, bad).toBe(false);
    expect(idParam.parse("2147483647")).toBe(2147483647);
  });

  it("[schemas] fieldErrors keeps the first message per field and names form-level errors '_'", () => {
    const result = contactSchema.safeParse({ fullName: "" });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(Object.keys(errors)).toEqual(["fullName", "email", "subject", "message"]);
    const top = pressReleaseSchema.safeParse("a string");
    expect(Object.keys(fieldErrors(top.error!))).toEqual(["_"]);
  });

  it("[schemas] isSafeLink", () => {
    expect(isSafeLink("https://example.com/a")).toBe(true);
    expect(isSafeLink("http://example.com")).toBe(true);
    expect(isSafeLink("/uploads/a-b_c.webp")).toBe(true);
    expect(isSafeLink("/uploads/sub/a.webp")).toBe(false);
    expect(isSafeLink("javascript:alert(1)")).toBe(false);
    expect(isSafeLink("mailto:a@b.c")).toBe(false);
    expect(isSafeLink("/etc/passwd")).toBe(false);
  });
});

describe("[schemas] messages are catalog ids", () => {
  const catalog = (locale: string) =>
    JSON.parse(readFileSync(path.join(import.meta.dirname, "i18n", "catalogs", locale, "validation.json"), "utf8")) as Record<string, string>;

  it("[schemas] every message id of the schemas exists in the English and Arabic validation catalogs", () => {
    const folder = path.join(import.meta.dirname, "schemas");
    const source = readdirSync(folder)
      .map((file) => readFileSync(path.join(folder, file), "utf8"))
      .join("\n");
    const ids = [...new Set([...source.matchAll(/"(validation\.[A-Za-z0-9_.-]+)"/g)].map((m) => m[1]))];
    expect(ids.length).toBeGreaterThan(60);
    for (const locale of ["en", "ar"]) {
      const messages = catalog(locale);
      expect(
        ids.filter((id) => !(id in messages)),
        locale,
      ).toEqual([]);
    }
  });

  it("[schemas] a failing parse gives ids, never sentences", () => {
    const failures = [
      errorsOfRaw(contactSchema, {}),
      errorsOfRaw(registerFormSchema, { email: "x", fullName: "", password: "1", confirmPassword: "2" }),
      errorsOfRaw(portfolioSchema, { status: "Active", exitYear: 2000 }),
      errorsOfRaw(pressReleaseSchema, { featured: "yes" }),
      errorsOfRaw(investorApplicationSchema, {}),
      errorsOfRaw(environmentSchema, { mode: "x" }),
    ];
    const messages = catalog("en");
    for (const errors of failures) {
      expect(Object.keys(errors).length).toBeGreaterThan(0);
      for (const text of Object.values(errors)) expect(splitMessage(text).id in messages, text).toBe(true);
    }
  });
});

describe("[schemas] a limit reaches its message as an argument", () => {
  const release = {
    title: "A valid title",
    summary: "A summary long enough.",
    content: "x".repeat(60),
    date: "2026-01-15",
    company: "Acme",
    sector: "finance",
  };

  it("[schemas] the message id carries the bound of the check that failed", () => {
    const result = pressReleaseSchema.safeParse({ ...release, title: "x".repeat(PRESS_LIMITS.title.max + 1) });
    expect(fieldErrors(result.error!)).toEqual({ title: withValues("validation.press.title.max", { max: 100 }) });
    expect(splitMessage(fieldErrors(result.error!).title)).toEqual({ id: "validation.press.title.max", values: { max: 100 } });
  });

  it("[schemas] English and Arabic texts name the limit, with the Arabic noun agreeing with the number", () => {
    expect(errorsIn("en", pressReleaseSchema, { ...release, title: "x".repeat(101) })).toEqual({ title: "Title must be at most 100 characters" });
    expect(errorsIn("ar", pressReleaseSchema, { ...release, title: "x".repeat(101) })).toEqual({ title: "يجب ألا يزيد العنوان على 100 حرف" });
    expect(errorsIn("ar", pressReleaseSchema, { ...release, title: "Four" })).toEqual({ title: "يجب ألا يقل العنوان عن 5 أحرف" });
    expect(errorsIn("ar", portfolioSchema, { name: "A", description: "ten chars!", sector: "energy", yearAcquired: 2020 })).toMatchObject({
      name: "يجب ألا يقل الاسم عن حرفين",
    });
    expect(errorsIn("ar", brandSchema.pick({ description: true }), { description: "too short" })).toEqual({ description: "يجب ألا يقل الوصف عن 20 حرفًا" });
    expect(errorsIn("en", pressReleaseSchema, { ...release, content: "x".repeat(100_001) })).toEqual({ content: "Content must be at most 100,000 characters" });
  });

  it("[schemas] the Arabic twins give the English field's messages with the same bounds", () => {
    expect(errorsIn("en", pressArabicSchema, { titleAr: "x".repeat(101), summaryAr: "قصير" })).toEqual({
      titleAr: "Title must be at most 100 characters",
      summaryAr: "Summary must be at least 10 characters",
    });
  });

  it("[schemas] a year is written without a thousands separator", () => {
    const input = { name: "Acme", description: "ten chars!", sector: "energy", yearAcquired: 1989 };
    expect(errorsIn("en", portfolioSchema, input)).toEqual({ yearAcquired: "Year must be 1990 or later" });
    expect(errorsIn("ar", portfolioSchema, input)).toEqual({ yearAcquired: "يجب أن تكون السنة 1990 أو ما بعدها" });
  });

  it("[schemas] a search far over the limit names the limit, not the early cut-off", () => {
    expect(errorsOf(siteSearchQuerySchema, { q: "x".repeat(401) })).toEqual({ q: "Search words must be at most 100 characters" });
  });
});
