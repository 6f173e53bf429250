import { FALLBACK_PRESS } from "../../../shared/fallback-press";
import type { PortfolioInput, PressReleaseInput } from "../../../shared/schemas";

/** Demo content. Every company and figure is fictional. */
export const PORTFOLIO: PortfolioInput[] = [
  {
    name: "BravoPay",
    description: "Digital payments and merchant lending for small businesses in Egypt and Morocco, processing over 3 million transactions a month.",
    sector: "technology",
    yearAcquired: 2019,
    image: "/uploads/bravopay.webp",
    companyLogo: "/uploads/bravopay-logo.webp",
    website: "https://bravopay.example",
    status: "Active",
    exitYear: null,
  },
  {
    name: "Boost Freight",
    description: "A digital freight network matching shippers with 12,000 verified carriers across Egypt, Saudi Arabia and Kenya.",
    sector: "technology",
    yearAcquired: 2020,
    image: "/uploads/boost-freight.webp",
    companyLogo: "/uploads/boost-freight-logo.webp",
    website: "https://boostfreight.example",
    status: "Active",
    exitYear: null,
  },
  {
    name: "Axis Urban",
    description: "Mixed-use developments and logistics parks in New Cairo and the Suez Canal Economic Zone.",
    sector: "real-estate",
    yearAcquired: 2017,
    image: "/uploads/axis-urban.webp",
    companyLogo: "/uploads/axis-urban-logo.webp",
    website: "https://axisurban.example",
    status: "Partial Exit",
    exitYear: 2023,
  },
  {
    name: "Kahwa Coffee Co.",
    description: "A specialty coffee roaster and café chain with 38 locations in Cairo, Alexandria and Riyadh.",
    sector: "food-beverage",
    yearAcquired: 2018,
    image: "/uploads/kahwa-coffee.webp",
    companyLogo: "/uploads/kahwa-coffee-logo.webp",
    website: "https://kahwacoffee.example",
    status: "Active",
    exitYear: null,
  },
  {
    name: "Delta Harvest Foods",
    description: "Cold-chain storage and contract farming that cut post-harvest losses for 9,000 Nile Delta growers.",
    sector: "food-beverage",
    yearAcquired: 2016,
    image: "/uploads/delta-harvest.webp",
    companyLogo: "/uploads/delta-harvest-logo.webp",
    website: "https://deltaharvest.example",
    status: "Full Exit",
    exitYear: 2022,
  },
  {
    name: "Motorly",
    description: "An online marketplace for certified pre-owned cars with inspection centres and in-house financing.",
    sector: "automotive",
    yearAcquired: 2021,
    image: "/uploads/motorly.webp",
    companyLogo: "/uploads/motorly-logo.webp",
    website: "https://motorly.example",
    status: "Active",
    exitYear: null,
  },
];

const logo = (company: string) => PORTFOLIO.find((p) => p.name === company)?.companyLogo ?? null;
const html = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join("\n");

type SeedRelease = Omit<PressReleaseInput, "displayTitle" | "originalUrl"> & { displayTitle?: string | null; originalUrl?: string | null; spotlight?: boolean };

const release = (r: Omit<SeedRelease, "companyLogo" | "featured" | "showOnHomepage"> & Partial<SeedRelease>): SeedRelease => ({
  featured: false,
  showOnHomepage: false,
  companyLogo: logo(r.company),
  ...r,
});

const [acquisition, partnership, seriesB] = FALLBACK_PRESS;
// The built-in releases' text (the home page's fallback cards do not carry it).
const FALLBACK_CONTENT = {
  acquisition:
    "<p>Meridian Crest Holdings today announced the acquisition of a majority stake in Motorly, Egypt's fastest-growing online marketplace for certified pre-owned cars.</p><p>The investment will fund new inspection centres, financing partnerships and an expansion to Alexandria, Mansoura and Assiut.</p>",
  partnership:
    "<p>BravoPay and Meridian Crest Holdings have signed a strategic partnership to extend digital payments and working-capital lending to more than 40,000 small merchants.</p><p>The programme launches in Egypt and Morocco in the coming quarter.</p>",
  seriesB:
    "<p>Meridian Crest Holdings led a USD 24 million Series B round in Boost Freight, the digital freight platform connecting shippers with verified carriers.</p><p>The funds will be used to grow the carrier network and build financing products for truck owners.</p>",
};

/** Oldest first, so ids grow with dates. Three on the homepage, one of them featured. */
export const PRESS: SeedRelease[] = [
  release({
    title: "Meridian Crest Completes Full Exit from Delta Harvest Foods",
    summary: "The sale of Delta Harvest Foods to a regional agribusiness group returns 3.2 times invested capital.",
    content: html(
      "Meridian Crest Holdings has completed the sale of its entire stake in Delta Harvest Foods to a regional agribusiness group.",
      "Over six years of ownership Delta Harvest built 14 cold-storage hubs and reduced post-harvest losses for its growers by 35%.",
      "The transaction returns 3.2 times invested capital and completes the company's first full exit in food security.",
    ),
    date: "2022-03-14",
    company: "Delta Harvest Foods",
    sector: "Food & Beverage",
    category: "Acquisition",
    image: "/uploads/delta-harvest.webp",
  }),
  release({
    title: "Kahwa Coffee Co. Opens Its First Cafés in Riyadh",
    summary: "The Cairo-born roaster opens four cafés in Riyadh, its first market outside Egypt.",
    content: html(
      "Kahwa Coffee Co., a Meridian Crest portfolio company, has opened four cafés in Riyadh.",
      "The expansion is supported by a new roasting facility that will supply the Gulf market with single-origin Ethiopian and Yemeni coffee.",
    ),
    date: "2022-06-02",
    company: "Kahwa Coffee Co.",
    sector: "Food & Beverage",
    category: "Expansion",
    image: "/uploads/kahwa-coffee.webp",
  }),
  release({
    ...seriesB,
    content: FALLBACK_CONTENT.seriesB,
    title: seriesB.title,
    showOnHomepage: true,
    featured: false,
    category: "Investment",
  }),
  release({
    title: "Meridian Crest Named Private Investor of the Year at the Africa Capital Awards",
    summary: "The award recognises the firm's operating support for founders and its record in logistics and fintech.",
    content: html(
      "Meridian Crest Holdings was named Private Investor of the Year at the Africa Capital Awards in Marrakech.",
      "The jury cited the firm's hands-on operating support and its portfolio's growth through a difficult funding cycle.",
    ),
    date: "2022-11-18",
    company: "Meridian Crest Holdings",
    sector: "Financial",
    category: "Award",
    image: "/uploads/press-cairo.webp",
  }),
  release({
    title: "Axis Urban Breaks Ground on Green Logistics Park in the Suez Canal Zone",
    summary: "The 120,000 square metre park will run on rooftop solar and offer bonded warehousing for exporters.",
    content: html(
      "Axis Urban has broken ground on a 120,000 square metre logistics park in the Suez Canal Economic Zone.",
      "The park will generate most of its power from rooftop solar and offer bonded warehousing to exporters serving Europe and the Gulf.",
    ),
    date: "2023-01-23",
    company: "Axis Urban",
    sector: "Real Estate",
    category: "Sustainability",
    image: "/uploads/axis-urban.webp",
  }),
  release({
    ...partnership,
    content: FALLBACK_CONTENT.partnership,
    featured: false,
    showOnHomepage: true,
  }),
  release({
    ...acquisition,
    content: FALLBACK_CONTENT.acquisition,
    featured: true,
    showOnHomepage: true,
  }),
  release({
    title: "Meridian Crest Sells Minority Stake in Axis Urban to Gulf Pension Fund",
    summary: "The partial exit values Axis Urban at twice its 2017 entry valuation; Meridian Crest remains the largest shareholder.",
    content: html(
      "Meridian Crest Holdings has sold a 30% stake in Axis Urban to a Gulf pension fund.",
      "The transaction values the developer at twice its entry valuation. Meridian Crest remains the largest shareholder and keeps its board seats.",
    ),
    date: "2023-09-11",
    company: "Axis Urban",
    sector: "Real Estate",
    category: "Acquisition",
    image: "/uploads/axis-urban.webp",
  }),
  release({
    title: "Meridian Crest Commits USD 150 Million to Food Security Across North Africa",
    summary: "A five-year programme for cold chains, grain storage and agri-fintech in Egypt, Morocco and Tunisia.",
    content: html(
      "Meridian Crest Holdings today committed USD 150 million over five years to food-security businesses across North Africa.",
      "The programme targets cold-chain logistics, modern grain storage and financing for smallholder farmers.",
      "Our region imports too much of what it eats and loses too much of what it grows, said the firm's managing partner. Both are investable problems.",
    ),
    date: "2024-02-05",
    company: "Meridian Crest Holdings",
    sector: "Food & Beverage",
    category: "Investment",
    image: "/uploads/press-energy.webp",
    spotlight: true,
  }),
  release({
    title: "BravoPay Launches Instant Merchant Payouts",
    summary: "Merchants on BravoPay can now receive card payments in their bank accounts within minutes, every day of the week.",
    content: html(
      "BravoPay has launched instant payouts, letting merchants receive card payments within minutes, including on weekends.",
      "The feature is built on the national instant payment network and is free for merchants in their first year.",
    ),
    date: "2024-04-17",
    company: "BravoPay",
    sector: "Financial",
    category: "Technology",
    image: "/uploads/bravopay.webp",
  }),
  release({
    title: "Boost Freight Raises USD 40 Million Series C to Expand Across the Gulf",
    summary: "The round, led by Meridian Crest with two sovereign co-investors, takes Boost Freight into the UAE and Oman.",
    content: html(
      "Boost Freight has raised USD 40 million in a Series C round led by Meridian Crest Holdings.",
      "The company will open operations in the UAE and Oman and launch fuel-card financing for owner-drivers.",
    ),
    date: "2024-08-29",
    company: "Boost Freight",
    sector: "Technology",
    category: "Funding",
    image: "/uploads/boost-freight.webp",
  }),
  release({
    title: "Meridian Crest Partners with Port Operator on Red Sea Logistics Corridor",
    summary: "A joint venture to build inland container depots linking Red Sea ports with Upper Egypt.",
    content: html(
      "Meridian Crest Holdings and a leading port operator have formed a joint venture to build three inland container depots.",
      "The corridor will shorten transit times between Red Sea ports and industrial zones in Upper Egypt by up to two days.",
    ),
    date: "2025-01-20",
    company: "Meridian Crest Holdings",
    sector: "Logistics",
    category: "Partnership",
    image: "/uploads/press-ports.webp",
  }),
  release({
    title: "Motorly Passes 25,000 Certified Cars Sold",
    summary: "The used-car marketplace reached the milestone two years after Meridian Crest's investment.",
    content: html(
      "Motorly has sold its 25,000th certified pre-owned car, two years after Meridian Crest Holdings acquired a majority stake.",
      "Every car sold on the platform passes a 200-point inspection and comes with a six-month warranty.",
    ),
    date: "2025-05-06",
    company: "Motorly",
    sector: "Automotive",
    category: "News",
    image: "/uploads/motorly.webp",
  }),
  release({
    title: "Meridian Crest Invests in Distributed Solar for Egyptian Factories",
    summary: "A new platform will finance and operate rooftop solar for mid-sized manufacturers, starting with 60 megawatts.",
    content: html(
      "Meridian Crest Holdings has launched a distributed solar platform to finance, build and operate rooftop plants for mid-sized manufacturers.",
      "The first 60 megawatts are contracted with factories in the Tenth of Ramadan and Sadat industrial cities.",
    ),
    date: "2025-09-15",
    company: "Meridian Crest Holdings",
    sector: "Energy",
    category: "Sustainability",
    image: "/uploads/press-energy.webp",
  }),
  release({
    title: "Kahwa Coffee Co. Wins Regional Roaster of the Year",
    summary: "Kahwa's Yirgacheffe single origin took the top prize at the Middle East Coffee Championship.",
    content: html(
      "Kahwa Coffee Co. has been named Regional Roaster of the Year at the Middle East Coffee Championship in Dubai.",
      "Its washed Yirgacheffe, sourced directly from a cooperative in southern Ethiopia, scored highest in the blind cupping round.",
    ),
    date: "2026-02-10",
    company: "Kahwa Coffee Co.",
    sector: "Food & Beverage",
    category: "Award",
    image: "/uploads/kahwa-coffee.webp",
  }),
  release({
    title: "Meridian Crest Reports Record Results for the First Half of 2026",
    displayTitle: "Record First-Half Results: Net Asset Value Up 18%",
    summary: "Net asset value rose 18% and two portfolio companies reached profitability in the first half of 2026.",
    content: html(
      "Meridian Crest Holdings reported an 18% rise in net asset value for the six months to June 2026.",
      "BravoPay and Boost Freight both reached operating profitability during the period, and the firm completed two new platform investments.",
    ),
    date: "2026-08-04",
    company: "Meridian Crest Holdings",
    sector: "Financial",
    category: "Financial Results",
    image: "/uploads/press-cairo.webp",
  }),
  release({
    title: "BravoPay Expands Merchant Lending to Morocco",
    summary: "Moroccan merchants can now apply for working-capital loans inside the BravoPay app and get a decision in minutes.",
    content: html(
      "BravoPay has extended its merchant lending product to Morocco after a successful year in Egypt.",
      "Loans are underwritten on each merchant's payment history, with decisions in minutes and repayments taken as a share of daily sales.",
    ),
    date: "2026-10-12",
    company: "BravoPay",
    sector: "Financial",
    category: "Expansion",
    image: "/uploads/bravopay.webp",
  }),
];

export const DOCUMENT_CATEGORIES = [
  { name: "Financial Reports", description: "Annual reports, interim results and financial statements." },
  { name: "Portfolio Reports", description: "Performance updates on portfolio companies." },
  { name: "Governance", description: "Policies, minutes and governance documents." },
  { name: "Company Information", description: "Profiles and general information about the company." },
];

export const DOCUMENTS = [
  { file: "corporate-profile-2026.pdf", title: "Corporate Profile 2026", description: "Who we are, where we invest and how we work with founders.", category: "Company Information", isPublic: true },
  { file: "annual-report-2025.pdf", title: "Annual Report 2025", description: "Audited results, portfolio review and outlook for 2026.", category: "Financial Reports", isPublic: false },
  { file: "q3-2026-financial-statements.xlsx", title: "Q3 2026 Financial Statements", description: "Unaudited quarterly statements with comparatives.", category: "Financial Reports", isPublic: false },
  { file: "portfolio-performance-summary.xlsx", title: "Portfolio Performance Summary", description: "Entry year, status and multiple on invested capital per company.", category: "Portfolio Reports", isPublic: false },
  { file: "esg-policy.docx", title: "ESG Policy", description: null, category: "Governance", isPublic: true },
  { file: "shareholder-meeting-minutes-june-2026.docx", title: "Shareholder Meeting Minutes — June 2026", description: "Resolutions adopted at the annual shareholder meeting.", category: "Governance", isPublic: false },
];
