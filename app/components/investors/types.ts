import type { ContentLocale } from "../../../server/features/content/content-locale";

/** Who is reading the investors page, which decides its call to action. */
export type InvestorAccessState = "anonymous" | "member" | "investor";

/** A Public document as the investors page lists it. */
export type InvestorReport = {
  id: number;
  title: string;
  categoryName: string | null;
  date: string;
  /** The checked download route, or the viewer's page (/investor-portal/documents/:id) for a document read online only. */
  fileUrl: string;
  contentLocale: ContentLocale;
};

/** A press release as the investors page lists it. */
export type InvestorRelease = { id: number; title: string; company: string | null; date: string; contentLocale: ContentLocale };
