/**
 * The three built-in releases shown when nothing is cached and loading fails (spec section 3).
 * The seed stores the same three, so the fallback never shows something the site does not have.
 */
export type FallbackPress = {
  id: number;
  title: string;
  summary: string;
  content: string;
  date: string;
  company: string;
  sector: string;
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
    summary:
      "The acquisition gives Motorly the capital to expand its certified pre-owned car platform to three new Egyptian cities.",
    content:
      "<p>Meridian Crest Holdings today announced the acquisition of a majority stake in Motorly, Egypt's fastest-growing online marketplace for certified pre-owned cars.</p><p>The investment will fund new inspection centres, financing partnerships and an expansion to Alexandria, Mansoura and Assiut.</p>",
    date: "2023-05-15",
    company: "Motorly",
    sector: "Automotive",
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
    content:
      "<p>BravoPay and Meridian Crest Holdings have signed a strategic partnership to extend digital payments and working-capital lending to more than 40,000 small merchants.</p><p>The programme launches in Egypt and Morocco in the coming quarter.</p>",
    date: "2023-04-03",
    company: "BravoPay",
    sector: "Financial",
    category: "Partnership",
    featured: true,
    showOnHomepage: true,
    image: "/uploads/bravopay.webp",
    companyLogo: "/uploads/bravopay-logo.webp",
  },
  {
    id: -3,
    title: "Meridian Crest Leads Boost Freight's USD 24 Million Series B",
    summary: "The Series B round will scale Boost Freight's digital trucking network across Egypt, Saudi Arabia and Kenya.",
    content:
      "<p>Meridian Crest Holdings led a USD 24 million Series B round in Boost Freight, the digital freight platform connecting shippers with verified carriers.</p><p>The funds will be used to grow the carrier network and build financing products for truck owners.</p>",
    date: "2022-09-20",
    company: "Boost Freight",
    sector: "Financial",
    category: "Investment",
    featured: false,
    showOnHomepage: true,
    image: "/uploads/boost-freight.webp",
    companyLogo: "/uploads/boost-freight-logo.webp",
  },
];
