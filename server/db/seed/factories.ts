/**
 * Builders for every kind of record the demo seed and the tests create, so both make them the same way.
 * Each returns a valid record with neutral defaults; the fields passed in win. Test bodies accept any
 * value in an override, so a test can send an invalid one on purpose.
 */
import { randomBytes } from "node:crypto";
import { mimeForExtension } from "../../../shared/mime";
import type { PortfolioInput, PressReleaseInput, RegisterInput } from "../../../shared/schemas";
import type { PortfolioArabicInput, PressArabicInput } from "../../../shared/content-schemas";
import type { Role, contactSubmissions, documentCategories, documents } from "../schema";

let sequence = 0;
const next = () => ++sequence;
const unique = () => `${next()}-${randomBytes(3).toString("hex")}`;

// ---------------------------------------------------------------- users

export type UserInput = RegisterInput & { role?: Role; isVerified?: boolean; locale?: "en" | "ar" };

/** The password of users made by `userInput` unless one is given. */
export const TEST_PASSWORD = "correct horse battery";

/** A new account for users.create: a unique e-mail, no company or position, the regular role unless given. */
export function userInput(overrides: Partial<UserInput> = {}): UserInput {
  return { email: `user${unique()}@example.test`, password: TEST_PASSWORD, fullName: "Test User", company: null, position: null, ...overrides };
}

/** The site's administrator, verified (the seed makes the first one). */
export const adminUserInput = (email: string, password: string): UserInput =>
  userInput({ email, password, fullName: "Site Administrator", role: "admin", isVerified: true });

// ---------------------------------------------------------------- portfolio

type PortfolioFields = Pick<PortfolioInput, "name" | "description" | "sector" | "yearAcquired"> & Partial<PortfolioInput> & Partial<PortfolioArabicInput>;

/** A portfolio company: active, no exit, no pictures or website, no Arabic description unless given. */
export function portfolioItem(fields: PortfolioFields): PortfolioInput & Partial<PortfolioArabicInput> {
  return { image: null, companyLogo: null, website: null, status: "Active", exitYear: null, ...fields };
}

/** A valid POST /api/portfolio body with a unique name, published at once. */
export function portfolioBody(overrides: Partial<Record<keyof PortfolioInput | keyof PortfolioArabicInput | "publication", unknown>> = {}) {
  return {
    ...portfolioItem({
      name: `Test Company ${next()}`,
      description: "A test company whose description is long enough to pass validation.",
      sector: "finance",
      yearAcquired: 2019,
      image: "/uploads/bravopay.webp",
      companyLogo: "/uploads/bravopay-logo.webp",
      website: "https://company.example",
    }),
    // A new item is a draft unless the body asks for it to be published at once; tests read what they add.
    publication: "published",
    ...overrides,
  };
}

// ---------------------------------------------------------------- press releases

type ReleaseDefaults = "featured" | "showOnHomepage" | "companyLogo";
type ReleaseFields = Omit<PressReleaseInput, ReleaseDefaults | "displayTitle" | "originalUrl"> &
  Partial<Pick<PressReleaseInput, ReleaseDefaults | "displayTitle" | "originalUrl">> &
  Partial<PressArabicInput>;

/** A press release: not featured, not on the homepage, no company logo and no Arabic unless given. */
export function pressRelease<T extends ReleaseFields>(fields: T): T & Pick<PressReleaseInput, ReleaseDefaults> {
  return { featured: false, showOnHomepage: false, companyLogo: null, ...fields };
}

/** A valid POST /api/press-releases body with a unique title, published at once. */
export function pressBody(
  overrides: Partial<Record<keyof PressReleaseInput | keyof PressArabicInput | "show_on_homepage" | "company_logo" | "publication", unknown>> = {},
) {
  return {
    ...pressRelease({
      title: `Test release number ${next()}`,
      summary: "A summary that is long enough to pass validation.",
      content: "<p>This is the body of a test press release. It has more than fifty characters.</p>",
      date: "2026-01-15",
      company: "BravoPay",
      sector: "finance",
      category: "News",
      image: "/uploads/bravopay.webp",
      companyLogo: "/uploads/bravopay-logo.webp",
    }),
    publication: "published",
    ...overrides,
  };
}

/** The Arabic twins of a release, filled with valid text (for tests of Arabic reads). */
export function pressArabic(overrides: Partial<PressArabicInput> = {}): PressArabicInput {
  return {
    titleAr: `بيان صحفي تجريبي رقم ${next()}`,
    displayTitleAr: null,
    summaryAr: "ملخص تجريبي طويل بما يكفي لاجتياز التحقق.",
    contentAr: "<p>هذا هو نص بيان صحفي تجريبي، وهو أطول من خمسين حرفًا بما يكفي لاجتياز التحقق.</p>",
    ...overrides,
  };
}

// ---------------------------------------------------------------- documents

type DocumentRow = typeof documents.$inferInsert;
type CategoryRow = typeof documentCategories.$inferInsert;

/**
 * A document row (the file is stored separately under `fileUrl`, its storage key): investor only,
 * uncategorised, its type from the file name's extension unless given.
 */
export function documentRow(fields: Pick<DocumentRow, "title" | "fileName" | "fileUrl"> & Partial<DocumentRow>): DocumentRow {
  const ext = fields.fileName.split(".").pop() ?? "";
  return {
    description: null,
    titleAr: null,
    descriptionAr: null,
    fileType: mimeForExtension(ext),
    fileSize: null,
    categoryId: null,
    isPublic: false,
    uploadedById: null,
    ...fields,
  };
}

/** A document category with a unique name unless given. */
export function documentCategoryRow(fields: Partial<CategoryRow> = {}): CategoryRow {
  return { name: `Category ${next()}`, description: null, nameAr: null, descriptionAr: null, ...fields };
}

// ---------------------------------------------------------------- applications and messages

/** What an applicant sends to ask for investor access (applications.submit). */
export function applicationInput(overrides: Partial<{ company: string; position: string; motivation: string; investmentInterests: string | null }> = {}) {
  return { company: "Acme Capital", position: "Partner", motivation: "I would like to read the investor documents.", investmentInterests: null, ...overrides };
}

/** A contact message as stored (the inbox), with a unique subject. */
export function contactMessageRow(overrides: Partial<typeof contactSubmissions.$inferInsert> = {}): typeof contactSubmissions.$inferInsert {
  return {
    fullName: "Laila Hassan",
    email: "laila@example.test",
    subject: `Message ${next()}`,
    message: "We would like to discuss a co-investment.",
    ...overrides,
  };
}
