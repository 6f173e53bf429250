import type { PeriodKind } from "../../../shared/document-period";

/**
 * Demo content, in English and Arabic (every text has its Arabic twin, `<field>Ar`). Every company and figure is
 * fictional. Company names stay in Latin script in both languages.
 */
export { PORTFOLIO } from "./portfolio-data";
export { PRESS } from "./press-data";

export const DOCUMENT_CATEGORIES = [
  {
    name: "Financial Reports",
    description: "Annual reports, interim results and financial statements.",
    nameAr: "التقارير المالية",
    descriptionAr: "التقارير السنوية والنتائج المرحلية والقوائم المالية.",
  },
  {
    name: "Portfolio Reports",
    description: "Performance updates on portfolio companies.",
    nameAr: "تقارير المحفظة",
    descriptionAr: "مستجدات أداء شركات المحفظة الاستثمارية.",
  },
  {
    name: "Governance",
    description: "Policies, minutes and governance documents.",
    nameAr: "الحوكمة",
    descriptionAr: "السياسات ومحاضر الاجتماعات ووثائق الحوكمة.",
  },
  {
    name: "Company Information",
    description: "Profiles and general information about the company.",
    nameAr: "معلومات الشركة",
    descriptionAr: "الملفات التعريفية والمعلومات العامة عن الشركة.",
  },
];

/**
 * The demo library: each document with the period it reports on (none for the profile and governance papers) and
 * the day it was published, as a listed company's calendar would have it.
 */
export const DOCUMENTS: {
  file: string;
  title: string;
  titleAr: string;
  description: string | null;
  descriptionAr: string | null;
  category: string;
  isPublic: boolean;
  period: { kind: PeriodKind; year: number } | null;
  publishedAt: string;
}[] = [
  {
    file: "corporate-profile-2026.pdf",
    title: "Corporate Profile 2026",
    titleAr: "الملف التعريفي للشركة 2026",
    descriptionAr: "من نحن، وأين نستثمر، وكيف نعمل مع المؤسسين.",
    description: "Who we are, where we invest and how we work with founders.",
    category: "Company Information",
    isPublic: true,
    period: null,
    publishedAt: "2026-01-20",
  },
  {
    file: "annual-report-2025.pdf",
    title: "Annual Report 2025",
    titleAr: "التقرير السنوي 2025",
    descriptionAr: "النتائج المدققة ومراجعة المحفظة والتوقعات لعام 2026.",
    description: "Audited results, portfolio review and outlook for 2026.",
    category: "Financial Reports",
    isPublic: false,
    period: { kind: "FY", year: 2025 },
    publishedAt: "2026-03-30",
  },
  {
    file: "q3-2026-financial-statements.xlsx",
    title: "Q3 2026 Financial Statements",
    titleAr: "القوائم المالية للربع الثالث 2026",
    descriptionAr: "قوائم ربع سنوية غير مدققة مع أرقام المقارنة.",
    description: "Unaudited quarterly statements with comparatives.",
    category: "Financial Reports",
    isPublic: false,
    period: { kind: "Q3", year: 2026 },
    publishedAt: "2026-11-12",
  },
  {
    file: "portfolio-performance-summary.xlsx",
    title: "Portfolio Performance Summary",
    titleAr: "ملخص أداء المحفظة",
    descriptionAr: "سنة الدخول والحالة ومضاعف رأس المال المستثمر لكل شركة.",
    description: "Entry year, status and multiple on invested capital per company.",
    category: "Portfolio Reports",
    isPublic: false,
    period: { kind: "H1", year: 2026 },
    publishedAt: "2026-08-13",
  },
  {
    file: "esg-policy.docx",
    title: "ESG Policy",
    titleAr: "سياسة الحوكمة البيئية والاجتماعية والمؤسسية",
    description: null,
    descriptionAr: null,
    category: "Governance",
    isPublic: true,
    period: null,
    publishedAt: "2025-09-15",
  },
  {
    file: "shareholder-meeting-minutes-june-2026.docx",
    title: "Shareholder Meeting Minutes — June 2026",
    titleAr: "محضر اجتماع المساهمين — يونيو 2026",
    descriptionAr: "القرارات المعتمدة في الاجتماع السنوي للمساهمين.",
    description: "Resolutions adopted at the annual shareholder meeting.",
    category: "Governance",
    isPublic: false,
    period: null,
    publishedAt: "2026-06-25",
  },
];
