import { z } from "zod";
import type { DocumentMeta } from "~/lib/documents-api";
import { documentArabicSchema } from "../../../../shared/content-schemas";
import { documentMetaFields, documentPeriodRule } from "../../../../shared/schemas";
import { twinResolver } from "../../manage/form-fields";

// Title, description, period and date rules come from the shared schema; the form holds the category as the
// select's string and the visibility as the switch's boolean.
export const metaFormSchema = documentMetaFields.extend({ categoryId: z.string(), isPublic: z.boolean() }).superRefine(documentPeriodRule);
export type MetaFormInput = z.input<typeof metaFormSchema> & z.input<typeof documentArabicSchema>;
export type MetaFormOutput = z.output<typeof metaFormSchema> & z.output<typeof documentArabicSchema>;
/** The form's resolver: the English rules and the Arabic twins' (titleAr, descriptionAr), every error shown. */
export const metaFormResolver = twinResolver<MetaFormInput>(metaFormSchema, documentArabicSchema);

export const toPayload = (v: MetaFormOutput): DocumentMeta => ({ ...v, categoryId: v.categoryId ? Number(v.categoryId) : null });

/** 'annual-report_2025.pdf' -> 'Annual report 2025': the title suggested for a chosen file. */
export const titleFromFile = (name: string) =>
  name
    .replace(/\.[^.]+$/, "")
    .replace(/[-_]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^./, (c) => c.toUpperCase());

/** Today as a date field holds it ('2026-11-26'), in the admin's own calendar. */
export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
