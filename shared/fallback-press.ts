import type { SectorValue } from "./sectors";

/**
 * The three built-in releases shown when nothing is cached and loading fails, as their cards
 * show them. The seed stores the same three (with their text), so the fallback never shows something the site
 * does not have. They keep the site's rules: one release featured at most, three on the homepage at most.
 */
export type FallbackPress = {
  id: number;
  title: string;
  summary: string;
  date: string;
  company: string;
  sector: SectorValue;
  category: string;
  featured: boolean;
  showOnHomepage: boolean;
  image: string;
  companyLogo: string;
};

export const FALLBACK_PRESS: FallbackPress[] = [
  {
    id: -1,
    title: "Meridian Crest Acquires Majority Stake in Used-Car Marketplace Motorly",
    summary: "The acquisition gives Motorly the capital to expand its certified pre-owned car platform to three new Egyptian cities.",
    date: "2023-05-15",
    company: "Motorly",
    sector: "transportation",
    category: "Acquisition",
    featured: true,
    showOnHomepage: true,
    image: "/uploads/motorly.webp",
    companyLogo: "/uploads/motorly-logo.webp",
  },
  {
    id: -2,
    title: "BravoPay and Meridian Crest Form Strategic Fintech Partnership",
    summary: "A partnership to bring digital payments and working-capital products to small merchants across North Africa.",
    date: "2023-04-03",
    company: "BravoPay",
    sector: "finance",
    category: "Partnership",
    featured: false,
    showOnHomepage: true,
    image: "/uploads/bravopay.webp",
    companyLogo: "/uploads/bravopay-logo.webp",
  },
  {
    id: -3,
    title: "Meridian Crest Leads Boost Freight's USD 24 Million Series B",
    summary: "The Series B round will scale Boost Freight's digital trucking network across Egypt, Saudi Arabia and Kenya.",
    date: "2022-09-20",
    company: "Boost Freight",
    sector: "logistics",
    category: "Investment",
    featured: false,
    showOnHomepage: true,
    image: "/uploads/boost-freight.webp",
    companyLogo: "/uploads/boost-freight-logo.webp",
  },
];
