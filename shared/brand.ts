/** Every brand text lives here (defaults; admins may override them in Settings). The brand is fictional. */
export const brand = {
  name: "Meridian Crest Holdings",
  shortName: "Meridian Crest",
  tagline: "Strategic Investments",
  description:
    "A next-generation investment holding company building category leaders in logistics, transportation, energy, food security and finance across Africa and the Middle East.",
  metaDescription: "Meridian Crest Holdings is a premier international investment company backing high-growth businesses across Africa and the Middle East.",
  address: "Building 7, Cedar Business Park, Fifth Settlement, New Cairo, Cairo, Egypt",
  phone: "+20 2 2555 0142",
  email: "contact@meridiancrest.example",
  // A network's icon shows only once an admin has entered a real https address for it in Settings.
  social: {
    linkedin: "",
    twitter: "",
    facebook: "",
    instagram: "",
  },
} as const;

/**
 * The Arabic brand texts shown until an admin saves Arabic of their own. The names, phone and e-mail are written
 * once, in Latin script.
 */
export const brandAr = {
  tagline: "استثمارات استراتيجية",
  description:
    "شركة قابضة استثمارية من جيل جديد، تبني شركات رائدة في قطاعات الخدمات اللوجستية والنقل والطاقة والأمن الغذائي والخدمات المالية في أفريقيا والشرق الأوسط.",
  metaDescription: "Meridian Crest Holdings شركة استثمار دولية رائدة تدعم الشركات عالية النمو في أفريقيا والشرق الأوسط.",
  address: "المبنى 7، مجمع سيدار للأعمال، التجمع الخامس، القاهرة الجديدة، القاهرة، مصر",
} as const;

/** The brand texts that have an Arabic version. */
export const BRAND_ARABIC_FIELDS = ["tagline", "description", "metaDescription", "address"] as const;
export type BrandArabicField = (typeof BRAND_ARABIC_FIELDS)[number];

export type Brand = {
  name: string;
  shortName: string;
  tagline: string;
  description: string;
  metaDescription: string;
  address: string;
  phone: string;
  email: string;
  social: { linkedin: string; twitter: string; facebook: string; instagram: string };
  /**
   * The language of tagline, description, metaDescription and address in this reading ('en' on an Arabic page
   * while those texts have no Arabic). The admin read (no locale) has `taglineAr` etc. and `translation` instead.
   */
  contentLocale?: "en" | "ar";
  taglineAr?: string | null;
  descriptionAr?: string | null;
  metaDescriptionAr?: string | null;
  addressAr?: string | null;
  translation?: "complete" | "missing";
};

export const SOCIAL_NETWORKS = [
  { key: "linkedin", label: "LinkedIn" },
  { key: "twitter", label: "X (Twitter)" },
  { key: "facebook", label: "Facebook" },
  { key: "instagram", label: "Instagram" },
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]["key"];

/** A social link worth showing: an absolute https address. Anything else ('#', empty, http) hides the icon. */
export const isSocialUrl = (href: string | null | undefined): href is string => {
  if (!href) return false;
  try {
    const url = new URL(href);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
};

/** The networks that have a link set, in display order. */
export function socialLinks(social: Brand["social"]) {
  return SOCIAL_NETWORKS.filter(({ key }) => isSocialUrl(social[key])).map(({ key, label }) => ({ key, label, href: social[key] }));
}

/**
 * One figure on the home page's 'Global Impact' band: a short value ('7+', '$1.2B', 'Cairo') and its label.
 * `contentLocale` is the language of the label in this reading; the admin read has `labelAr` (null until written).
 */
export type HomeStat = { value: string; label: string; contentLocale?: "en" | "ar"; labelAr?: string | null };

/**
 * The home page figures until an admin saves others in Settings. They tell the portfolio's story: six companies
 * in the five sectors of shared/sectors.ts.
 */
export const DEFAULT_HOME_STATS: [HomeStat, HomeStat, HomeStat] = [
  { value: "6", label: "Global Investments" },
  { value: "5", label: "Different Industries" },
  { value: "20+", label: "Years of Experience" },
];

/** The Arabic labels of the default figures, by English label (a label an admin changed has no default Arabic). */
export const DEFAULT_STAT_LABELS_AR: Record<string, string> = {
  "Global Investments": "استثمارات عالمية",
  "Different Industries": "قطاعات متنوعة",
  "Years of Experience": "عامًا من الخبرة",
};
