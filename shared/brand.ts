/** Every brand text lives here (defaults; admins may override them in Settings). The brand is fictional. */
export const brand = {
  name: "Meridian Crest Holdings",
  shortName: "Meridian Crest",
  tagline: "Strategic Investments",
  description:
    "A next-generation investment holding company building category leaders in logistics, transportation, energy, food security and finance across Africa and the Middle East.",
  metaDescription:
    "Meridian Crest Holdings is a premier international investment company backing high-growth businesses across Africa and the Middle East.",
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

/** One figure on the home page's 'Global Impact' band: a short value ('7+', '$1.2B', 'Cairo') and its label. */
export type HomeStat = { value: string; label: string };

/** The home page figures until an admin saves others in Settings. */
export const DEFAULT_HOME_STATS: [HomeStat, HomeStat, HomeStat] = [
  { value: "7+", label: "Global Investments" },
  { value: "6", label: "Different Industries" },
  { value: "20+", label: "Years of Experience" },
];
