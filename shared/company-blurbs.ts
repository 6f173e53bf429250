/**
 * The 'About {company}' card on a press release: fixed blurbs for the six seeded portfolio companies.
 * Other companies fall back to their portfolio description when they have one; otherwise the card has
 * nothing to say.
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

/** The same blurbs in Arabic (company names stay in Latin script). */
export const COMPANY_BLURBS_AR: Record<string, string> = {
  BravoPay:
    "BravoPay منصة للمدفوعات الرقمية وتمويل التجار تخدم الشركات الصغيرة في مصر والمغرب. تعالج المنصة أكثر من ثلاثة ملايين معاملة شهريًا، وتمنح قروض رأس المال العامل استنادًا إلى سجل مدفوعات كل تاجر.",
  "Boost Freight":
    "تدير Boost Freight شبكة رقمية للشحن تربط الشاحنين بأكثر من 12,000 ناقل معتمد في مصر والسعودية وكينيا، مع تتبع مباشر للشحنات وإثبات رقمي للتسليم وتمويل للوقود لأصحاب الشاحنات.",
  "Axis Urban":
    "تطوّر Axis Urban مجتمعات متعددة الاستخدامات ومجمعات لوجستية في القاهرة الجديدة والمنطقة الاقتصادية لقناة السويس، صُممت لتعتمد على الطاقة الشمسية فوق الأسطح والاستخدام الرشيد للمياه، مع مستودعات جمركية للمصدّرين.",
  "Kahwa Coffee Co.":
    "Kahwa Coffee Co. شركة متخصصة في تحميص القهوة المختصة وسلسلة مقاهٍ تضم 38 فرعًا في القاهرة والإسكندرية والرياض، وتحصل على بنّ أحادي المصدر مباشرةً من تعاونيات زراعية في إثيوبيا واليمن.",
  "Delta Harvest Foods":
    "أنشأت Delta Harvest Foods منظومة للتخزين المبرّد وبرامج للزراعة التعاقدية خفّضت فاقد ما بعد الحصاد لدى 9,000 مزارع في دلتا النيل. وأتمّت Meridian Crest تخارجها من الشركة في عام 2022.",
  Motorly:
    "Motorly سوق إلكترونية للسيارات المستعملة المعتمدة، تضم مراكز فحص وتُخضع كل سيارة لفحص جودة من 200 نقطة، وتقدّم ضمانًا لمدة ستة أشهر وتمويلًا داخليًا للمشترين في أنحاء مصر.",
};

const normalise = (name: string) => name.trim().toLowerCase();
const BY_NAME = new Map(Object.entries(COMPANY_BLURBS).map(([name, blurb]) => [normalise(name), blurb]));
const BY_NAME_AR = new Map(Object.entries(COMPANY_BLURBS_AR).map(([name, blurb]) => [normalise(name), blurb]));

/** True when the company has a fixed blurb (its portfolio description is then not needed). */
export function hasFixedBlurb(company: string | null | undefined): boolean {
  return Boolean(company && BY_NAME.has(normalise(company)));
}

/**
 * The fixed blurb, else the portfolio description, else ''. With locale 'ar' the Arabic blurb (the description
 * passed in should then be the Arabic one, see portfolio.descriptionOf).
 */
export function companyBlurb(company: string | null | undefined, portfolioDescription?: string | null, locale: "en" | "ar" = "en"): string {
  if (!company) return "";
  const fixed = locale === "ar" ? BY_NAME_AR.get(normalise(company)) : BY_NAME.get(normalise(company));
  return fixed ?? portfolioDescription?.trim() ?? "";
}
