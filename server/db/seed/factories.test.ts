import { describe, expect, it } from "vitest";
import { contactSchema, investorApplicationSchema, portfolioSchema, pressReleaseSchema, registerSchema } from "../../../shared/schemas";
import { applicationInput, contactMessageRow, documentCategoryRow, documentRow, portfolioBody, pressBody, pressRelease, userInput } from "./factories";

describe("[factories] seed and test records", () => {
  it("build records the shared schemas accept, each with a unique name", () => {
    expect(portfolioSchema.safeParse(portfolioBody()).success).toBe(true);
    expect(pressReleaseSchema.safeParse(pressBody()).success).toBe(true);
    expect(registerSchema.safeParse(userInput()).success).toBe(true);
    expect(investorApplicationSchema.safeParse(applicationInput()).success).toBe(true);
    const { fullName, email, subject, message } = contactMessageRow();
    expect(contactSchema.safeParse({ fullName, email, subject, message }).success).toBe(true);
    expect(portfolioBody().name).not.toBe(portfolioBody().name);
    expect(pressBody().title).not.toBe(pressBody().title);
    expect(userInput().email).not.toBe(userInput().email);
    expect(documentCategoryRow().name).not.toBe(documentCategoryRow().name);
  });

  it("let the fields passed in win, even invalid ones a test sends on purpose", () => {
    expect(pressBody({ featured: "yes" }).featured).toBe("yes");
    expect(portfolioBody({ name: "Kahwa Coffee Co." }).name).toBe("Kahwa Coffee Co.");
    expect(userInput({ role: "admin" }).role).toBe("admin");
  });

  it("give a release its flags off and no logo unless given", () => {
    const base = { title: "T", summary: "S", content: "<p>C</p>", date: "2026-01-01", company: "X", sector: "finance" as const, category: "News", image: null };
    expect(pressRelease(base)).toMatchObject({ featured: false, showOnHomepage: false, companyLogo: null });
    expect(pressRelease({ ...base, featured: true, companyLogo: "/uploads/x.webp" })).toMatchObject({ featured: true, companyLogo: "/uploads/x.webp" });
  });

  it("type a document by its extension and keep it investor only unless given", () => {
    expect(documentRow({ title: "Annual Report", fileName: "report.PDF", fileUrl: "seed-report.pdf" })).toMatchObject({
      fileType: "application/pdf",
      isPublic: false,
      categoryId: null,
    });
    expect(documentRow({ title: "Data", fileName: "data.bin", fileUrl: "k", isPublic: true })).toMatchObject({
      fileType: "application/octet-stream",
      isPublic: true,
    });
  });
});
