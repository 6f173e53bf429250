/**
 * The 'About {company}' card on a press release: fixed blurbs for the six seeded portfolio companies
 * (spec: "a fixed blurb for six known portfolio companies"). Other companies fall back to their
 * portfolio description when they have one; otherwise the card has nothing to say.
 */
export const COMPANY_BLURBS: Record<string, string> = {
  BravoPay:
    "BravoPay is a digital payments and merchant-lending platform for small businesses in Egypt and Morocco. It processes more than three million transactions a month and underwrites working-capital loans on each merchant's payment history.",
  "Boost Freight":
    "Boost Freight runs a digital freight network that matches shippers with more than 12,000 verified carriers across Egypt, Saudi Arabia and Kenya, with live tracking, digital proof of delivery and fuel financing for owner-drivers.",
  "Axis Urban":
    "Axis Urban develops mixed-use communities and logistics parks in New Cairo and the Suez Canal Economic Zone, designed around rooftop solar, efficient water use and bonded warehousing for exporters.",
  "Kahwa Coffee Co.":
    "Kahwa Coffee Co. is a specialty coffee roaster and café chain with 38 locations in Cairo, Alexandria and Riyadh, sourcing single-origin beans directly from cooperatives in Ethiopia and Yemen.",
  "Delta Harvest Foods":
    "Delta Harvest Foods built cold-chain storage and contract-farming programmes that cut post-harvest losses for 9,000 Nile Delta growers. Meridian Crest completed its exit in 2022.",
  Motorly:
    "Motorly is an online marketplace for certified pre-owned cars, with inspection centres, a 200-point quality check, six-month warranties and in-house financing for buyers across Egypt.",
};

const normalise = (name: string) => name.trim().toLowerCase();
const BY_NAME = new Map(Object.entries(COMPANY_BLURBS).map(([name, blurb]) => [normalise(name), blurb]));

/** True when the company has a fixed blurb (its portfolio description is then not needed). */
export function hasFixedBlurb(company: string | null | undefined): boolean {
  return Boolean(company && BY_NAME.has(normalise(company)));
}

/** The fixed blurb, else the portfolio description, else ''. */
export function companyBlurb(company: string | null | undefined, portfolioDescription?: string | null): string {
  if (!company) return "";
  return BY_NAME.get(normalise(company)) ?? portfolioDescription?.trim() ?? "";
}
