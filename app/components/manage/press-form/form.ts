import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import type { PressReleaseDto } from "../../../../server/features/press/press";
import { pressArabicSchema } from "../../../../shared/content-schemas";
import { pressReleaseSchema } from "../../../../shared/schemas";
import { sectorOf } from "../../../../shared/sectors";
import { twinResolver } from "../form-fields";

// The shared schema accepts the snake_case aliases through a preprocess step; the form only
// ever produces the camelCase fields, so it validates with the object inside it (same rules, same messages),
// and with the Arabic twins (titleAr, displayTitleAr, summaryAr, contentAr) as the API does.
const formSchema = pressReleaseSchema.out;
export type FormInput = z.input<typeof formSchema> & z.input<typeof pressArabicSchema>;
export type FormOutput = z.output<typeof formSchema> & z.output<typeof pressArabicSchema>;
export const resolver = twinResolver<FormInput>(formSchema, pressArabicSchema);

/** The press release form as the dialog's parts receive it. */
export type PressForm = UseFormReturn<FormInput, unknown, FormOutput>;

/** The Company dropdown's value for 'Other (Custom Company)'. */
export const OTHER = "__other__";

/** Today in the admin's own time zone, as the date input wants it. */
export const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/**
 * The form's values: the release's, or for a new one today's date, the 'News' category and the holding company
 * (`issuer`) as the company, since most releases are its own.
 */
export function defaults(release?: PressReleaseDto, issuer = ""): FormInput {
  return {
    title: release?.title ?? "",
    displayTitle: release?.displayTitle ?? "",
    summary: release?.summary ?? "",
    content: release?.content ?? "",
    // The editor's documents; a release saved as HTML only has none, and the editor reads its HTML.
    contentDoc: release?.contentDoc ?? null,
    date: release?.date ?? todayIso(),
    company: release ? (release.company ?? "") : issuer,
    // An older release's sector word ('Financial') is shown as the listed sector it names, else left to choose.
    sector: sectorOf(release?.sector)?.value ?? "",
    category: release?.category ?? "News",
    featured: release?.featured ?? false,
    showOnHomepage: release?.showOnHomepage ?? false,
    image: release?.image ?? "",
    companyLogo: release?.companyLogo ?? "",
    originalUrl: release?.originalUrl ?? "",
    titleAr: release?.titleAr ?? "",
    displayTitleAr: release?.displayTitleAr ?? "",
    summaryAr: release?.summaryAr ?? "",
    contentAr: release?.contentAr ?? "",
    // The public note on a correction (shown and sent while a published release is edited).
    correctionNote: release?.correctionNote ?? "",
    correctionNoteAr: release?.correctionNoteAr ?? "",
    contentArDoc: release?.contentArDoc ?? null,
  };
}

/** Extracted dates come in many shapes; the date input takes only YYYY-MM-DD. */
export function toIsoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10);
}
