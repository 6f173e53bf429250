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
  social: {
    linkedin: "#",
    twitter: "#",
    facebook: "#",
    instagram: "#",
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
