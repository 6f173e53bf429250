import { FALLBACK_PRESS } from "../../../shared/fallback-press";
import type { PressReleaseInput } from "../../../shared/schemas";
import type { PressArabicInput } from "../../../shared/content-schemas";
import { pressRelease } from "./factories";
import { PORTFOLIO } from "./portfolio-data";

/** The demo press releases, in English and Arabic (fictional). */
const logo = (company: string) => PORTFOLIO.find((p) => p.name === company)?.companyLogo ?? null;
const html = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join("\n");

type SeedRelease = Omit<PressReleaseInput, "displayTitle" | "originalUrl"> &
  Pick<PressArabicInput, "titleAr" | "summaryAr" | "contentAr"> & {
    displayTitle?: string | null;
    displayTitleAr?: string | null;
    originalUrl?: string | null;
    spotlight?: boolean;
  };

const release = (r: Omit<SeedRelease, "companyLogo" | "featured" | "showOnHomepage"> & Partial<SeedRelease>): SeedRelease =>
  pressRelease({ companyLogo: logo(r.company), ...r });

/** The fallback releases' Arabic title and summary (kept here: the fallback cards ship to English pages too). */
const FALLBACK_ARABIC: Record<number, { titleAr: string; summaryAr: string }> = {
  [-1]: {
    titleAr: "Meridian Crest تستحوذ على حصة أغلبية في Motorly لتجارة السيارات المستعملة",
    summaryAr: "تمنح الصفقة Motorly التمويل اللازم لتوسيع منصتها للسيارات المستعملة المعتمدة إلى ثلاث مدن مصرية جديدة.",
  },
  [-2]: {
    titleAr: "شراكة استراتيجية بين BravoPay وMeridian Crest في مجال التكنولوجيا المالية",
    summaryAr: "شراكة تتيح حلول المدفوعات الرقمية وتمويل رأس المال العامل لصغار التجار في شمال أفريقيا.",
  },
  [-3]: {
    titleAr: "Meridian Crest تقود جولة تمويل من الفئة B لشركة Boost Freight بقيمة 24 مليون دولار",
    summaryAr: "تدعم جولة التمويل توسّع شبكة Boost Freight الرقمية للشحن البري في مصر والسعودية وكينيا.",
  },
};

const [acquisition, partnership, seriesB] = FALLBACK_PRESS.map((p) => ({ ...p, ...FALLBACK_ARABIC[p.id] }));
// The built-in releases' text (the home page's fallback cards do not carry it).
const FALLBACK_CONTENT = {
  acquisition:
    "<p>Meridian Crest Holdings today announced the acquisition of a majority stake in Motorly, Egypt's fastest-growing online marketplace for certified pre-owned cars.</p><p>The investment will fund new inspection centres, financing partnerships and an expansion to Alexandria, Mansoura and Assiut.</p>",
  partnership:
    "<p>BravoPay and Meridian Crest Holdings have signed a strategic partnership to extend digital payments and working-capital lending to more than 40,000 small merchants.</p><p>The programme launches in Egypt and Morocco in the coming quarter.</p>",
  seriesB:
    "<p>Meridian Crest Holdings led a USD 24 million Series B round in Boost Freight, the digital freight platform connecting shippers with verified carriers.</p><p>The funds will be used to grow the carrier network and build financing products for truck owners.</p>",
};
const FALLBACK_CONTENT_AR = {
  acquisition:
    "<p>أعلنت Meridian Crest Holdings اليوم استحواذها على حصة أغلبية في Motorly، السوق الإلكترونية الأسرع نموًا في مصر لتجارة السيارات المستعملة المعتمدة.</p><p>وسيُوجَّه الاستثمار إلى إنشاء مراكز فحص جديدة، وعقد شراكات تمويلية، والتوسع في الإسكندرية والمنصورة وأسيوط.</p>",
  partnership:
    "<p>وقّعت BravoPay وMeridian Crest Holdings اتفاقية شراكة استراتيجية لتوسيع نطاق المدفوعات الرقمية وتمويل رأس المال العامل ليشمل أكثر من 40,000 تاجر صغير.</p><p>وينطلق البرنامج في مصر والمغرب خلال الربع المقبل.</p>",
  seriesB:
    "<p>قادت Meridian Crest Holdings جولة تمويل من الفئة B بقيمة 24 مليون دولار أمريكي في Boost Freight، المنصة الرقمية للشحن التي تربط الشاحنين بالناقلين المعتمدين.</p><p>وستُستخدم الأموال في توسيع شبكة الناقلين وتطوير منتجات تمويلية لأصحاب الشاحنات.</p>",
};

/**
 * Oldest first, so ids grow with dates, up to November 2026. The three newest are on the homepage, the half-year
 * results featured; the built-in fallback releases are stored too, as older news.
 */
export const PRESS: SeedRelease[] = [
  release({
    title: "Meridian Crest Completes Full Exit from Delta Harvest Foods",
    summary: "The sale of Delta Harvest Foods to a regional agribusiness group returns 3.2 times invested capital.",
    content: html(
      "Meridian Crest Holdings has completed the sale of its entire stake in Delta Harvest Foods to a regional agribusiness group.",
      "Over six years of ownership Delta Harvest built 14 cold-storage hubs and reduced post-harvest losses for its growers by 35%.",
      "The transaction returns 3.2 times invested capital and completes the company's first full exit in food security.",
    ),
    titleAr: "Meridian Crest تُتمّ تخارجها الكامل من Delta Harvest Foods",
    summaryAr: "بيع Delta Harvest Foods لمجموعة إقليمية للأعمال الزراعية يحقق عائدًا يعادل 3.2 أضعاف رأس المال المستثمر.",
    contentAr: html(
      "أتمّت Meridian Crest Holdings بيع كامل حصتها في Delta Harvest Foods لمجموعة إقليمية متخصصة في الأعمال الزراعية.",
      "وخلال ست سنوات من الملكية، أنشأت Delta Harvest أربعة عشر مركزًا للتخزين المبرّد، وخفّضت فاقد ما بعد الحصاد لدى مزارعيها بنسبة 35%.",
      "وتحقق الصفقة عائدًا يعادل 3.2 أضعاف رأس المال المستثمر، لتكون أول تخارج كامل للشركة في قطاع الأمن الغذائي.",
    ),
    date: "2022-03-14",
    company: "Delta Harvest Foods",
    sector: "food-security",
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
    titleAr: "Kahwa Coffee Co. تفتتح أولى مقاهيها في الرياض",
    summaryAr: "شركة تحميص القهوة التي انطلقت من القاهرة تفتتح أربعة مقاهٍ في الرياض، في أول سوق لها خارج مصر.",
    contentAr: html(
      "افتتحت Kahwa Coffee Co.، إحدى شركات محفظة Meridian Crest، أربعة مقاهٍ في الرياض.",
      "ويدعم هذا التوسع مرفق جديد للتحميص يزوّد السوق الخليجية بقهوة إثيوبية ويمنية أحادية المصدر.",
    ),
    date: "2022-06-02",
    company: "Kahwa Coffee Co.",
    sector: "food-security",
    category: "Expansion",
    image: "/uploads/kahwa-coffee.webp",
  }),
  release({
    ...seriesB,
    content: FALLBACK_CONTENT.seriesB,
    contentAr: FALLBACK_CONTENT_AR.seriesB,
    title: seriesB.title,
    showOnHomepage: false,
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
    titleAr: "Meridian Crest تفوز بلقب المستثمر الخاص للعام في جوائز Africa Capital",
    summaryAr: "تقدير لما تقدّمه الشركة من دعم تشغيلي للمؤسسين ولسجلها في قطاعي الخدمات اللوجستية والتكنولوجيا المالية.",
    contentAr: html(
      "فازت Meridian Crest Holdings بلقب المستثمر الخاص للعام ضمن جوائز Africa Capital في مراكش.",
      "وأشادت لجنة التحكيم بالدعم التشغيلي المباشر الذي تقدّمه الشركة، وبنمو شركات محفظتها رغم دورة تمويلية صعبة.",
    ),
    date: "2022-11-18",
    company: "Meridian Crest Holdings",
    sector: "finance",
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
    titleAr: "Axis Urban تبدأ إنشاء مجمع لوجستي أخضر في منطقة قناة السويس",
    summaryAr: "يعمل المجمع البالغة مساحته 120,000 متر مربع بالطاقة الشمسية فوق الأسطح، ويوفّر مستودعات جمركية للمصدّرين.",
    contentAr: html(
      "بدأت Axis Urban أعمال إنشاء مجمع لوجستي بمساحة 120,000 متر مربع في المنطقة الاقتصادية لقناة السويس.",
      "وسيولّد المجمع معظم احتياجاته من الكهرباء من الطاقة الشمسية فوق الأسطح، ويوفّر مستودعات جمركية للمصدّرين إلى أوروبا والخليج.",
    ),
    date: "2023-01-23",
    company: "Axis Urban",
    sector: "energy",
    category: "Sustainability",
    image: "/uploads/axis-urban.webp",
  }),
  release({
    ...partnership,
    content: FALLBACK_CONTENT.partnership,
    contentAr: FALLBACK_CONTENT_AR.partnership,
    featured: false,
    showOnHomepage: false,
  }),
  release({
    ...acquisition,
    content: FALLBACK_CONTENT.acquisition,
    contentAr: FALLBACK_CONTENT_AR.acquisition,
    featured: false,
    showOnHomepage: false,
  }),
  release({
    title: "Meridian Crest Sells Minority Stake in Axis Urban to Gulf Pension Fund",
    summary: "The partial exit values Axis Urban at twice its 2017 entry valuation; Meridian Crest remains the largest shareholder.",
    content: html(
      "Meridian Crest Holdings has sold a 30% stake in Axis Urban to a Gulf pension fund.",
      "The transaction values the developer at twice its entry valuation. Meridian Crest remains the largest shareholder and keeps its board seats.",
    ),
    titleAr: "Meridian Crest تبيع حصة أقلية في Axis Urban لصندوق تقاعد خليجي",
    summaryAr: "يقيّم التخارج الجزئي Axis Urban بضعف قيمتها عند الدخول في 2017، وتظل Meridian Crest أكبر المساهمين.",
    contentAr: html(
      "باعت Meridian Crest Holdings حصة تبلغ 30% في Axis Urban لصندوق تقاعد خليجي.",
      "وتقيّم الصفقة شركة التطوير العقاري بضعف قيمتها عند الدخول، فيما تظل Meridian Crest أكبر المساهمين وتحتفظ بمقاعدها في مجلس الإدارة.",
    ),
    date: "2023-09-11",
    company: "Axis Urban",
    sector: "energy",
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
    titleAr: "Meridian Crest تخصص 150 مليون دولار للأمن الغذائي في شمال أفريقيا",
    summaryAr: "برنامج مدته خمس سنوات لسلاسل التبريد وتخزين الحبوب والتكنولوجيا المالية الزراعية في مصر والمغرب وتونس.",
    contentAr: html(
      "خصّصت Meridian Crest Holdings اليوم 150 مليون دولار أمريكي على مدى خمس سنوات للاستثمار في شركات الأمن الغذائي في شمال أفريقيا.",
      "ويستهدف البرنامج الخدمات اللوجستية المبرّدة، والتخزين الحديث للحبوب، وتمويل صغار المزارعين.",
      "وقال الشريك المدير للشركة: «تستورد منطقتنا الكثير مما تستهلكه، وتفقد الكثير مما تزرعه، وكلتا المشكلتين فرصة للاستثمار».",
    ),
    date: "2024-02-05",
    company: "Meridian Crest Holdings",
    sector: "food-security",
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
    titleAr: "BravoPay تطلق خدمة التسوية الفورية لمدفوعات التجار",
    summaryAr: "أصبح بإمكان التجار على BravoPay تلقي مدفوعات البطاقات في حساباتهم المصرفية خلال دقائق، طوال أيام الأسبوع.",
    contentAr: html(
      "أطلقت BravoPay خدمة التسوية الفورية التي تتيح للتجار تلقي مدفوعات البطاقات خلال دقائق، بما في ذلك أيام العطلات الأسبوعية.",
      "وتعمل الخدمة عبر شبكة الدفع اللحظي الوطنية، وتُقدَّم مجانًا للتجار خلال عامهم الأول.",
    ),
    date: "2024-04-17",
    company: "BravoPay",
    sector: "finance",
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
    titleAr: "Boost Freight تجمع 40 مليون دولار في جولة من الفئة C للتوسع في الخليج",
    summaryAr: "الجولة التي قادتها Meridian Crest بمشاركة مستثمرَين سياديين تنقل Boost Freight إلى الإمارات وسلطنة عُمان.",
    contentAr: html(
      "جمعت Boost Freight مبلغ 40 مليون دولار أمريكي في جولة تمويل من الفئة C قادتها Meridian Crest Holdings.",
      "وستبدأ الشركة عملياتها في الإمارات وسلطنة عُمان، وتطلق خدمة تمويل بطاقات الوقود لأصحاب الشاحنات.",
    ),
    date: "2024-08-29",
    company: "Boost Freight",
    sector: "logistics",
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
    titleAr: "شراكة بين Meridian Crest ومشغّل موانئ لإنشاء ممر لوجستي على البحر الأحمر",
    summaryAr: "مشروع مشترك لإنشاء موانئ جافة للحاويات تربط موانئ البحر الأحمر بصعيد مصر.",
    contentAr: html(
      "أسّست Meridian Crest Holdings ومشغّل رائد للموانئ مشروعًا مشتركًا لإنشاء ثلاثة موانئ جافة للحاويات.",
      "وسيختصر الممر زمن النقل بين موانئ البحر الأحمر والمناطق الصناعية في صعيد مصر بما يصل إلى يومين.",
    ),
    date: "2025-01-20",
    company: "Meridian Crest Holdings",
    sector: "logistics",
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
    titleAr: "Motorly تتجاوز 25,000 سيارة معتمدة مبيعة",
    summaryAr: "بلغت سوق السيارات المستعملة هذا الإنجاز بعد عامين من استثمار Meridian Crest فيها.",
    contentAr: html(
      "باعت Motorly سيارتها المستعملة المعتمدة رقم 25,000، بعد عامين من استحواذ Meridian Crest Holdings على حصة أغلبية فيها.",
      "وتخضع كل سيارة تُباع عبر المنصة لفحص من 200 نقطة، وتُقدَّم مع ضمان لمدة ستة أشهر.",
    ),
    date: "2025-05-06",
    company: "Motorly",
    sector: "transportation",
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
    titleAr: "Meridian Crest تستثمر في الطاقة الشمسية الموزّعة للمصانع المصرية",
    summaryAr: "منصة جديدة لتمويل وتشغيل محطات الطاقة الشمسية فوق أسطح المصانع متوسطة الحجم، تبدأ بقدرة 60 ميجاوات.",
    contentAr: html(
      "أطلقت Meridian Crest Holdings منصة للطاقة الشمسية الموزّعة لتمويل محطات فوق أسطح المصانع متوسطة الحجم وإنشائها وتشغيلها.",
      "وقد جرى التعاقد على أول 60 ميجاوات مع مصانع في مدينتي العاشر من رمضان والسادات الصناعيتين.",
    ),
    date: "2025-09-15",
    company: "Meridian Crest Holdings",
    sector: "energy",
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
    titleAr: "Kahwa Coffee Co. تفوز بجائزة أفضل محمصة إقليمية للعام",
    summaryAr: "حصدت قهوة يرغاتشيفي أحادية المصدر من Kahwa الجائزة الكبرى في بطولة الشرق الأوسط للقهوة.",
    contentAr: html(
      "فازت Kahwa Coffee Co. بلقب أفضل محمصة إقليمية للعام في بطولة الشرق الأوسط للقهوة في دبي.",
      "وحصلت قهوتها المغسولة من يرغاتشيفي، التي تحصل عليها مباشرةً من تعاونية زراعية في جنوب إثيوبيا، على أعلى الدرجات في جولة التذوق العمياء.",
    ),
    date: "2026-02-10",
    company: "Kahwa Coffee Co.",
    sector: "food-security",
    category: "Award",
    image: "/uploads/kahwa-coffee.webp",
  }),
  release({
    title: "Meridian Crest Reports Record Results for the First Half of 2026",
    displayTitle: "Record First-Half Results: Net Asset Value Up 18%",
    displayTitleAr: "نتائج قياسية للنصف الأول: صافي قيمة الأصول يرتفع 18%",
    summary: "Net asset value rose 18% and two portfolio companies reached profitability in the first half of 2026.",
    content: html(
      "Meridian Crest Holdings reported an 18% rise in net asset value for the six months to June 2026.",
      "BravoPay and Boost Freight both reached operating profitability during the period, and the firm completed two new platform investments.",
    ),
    titleAr: "Meridian Crest تعلن نتائج قياسية للنصف الأول من 2026",
    summaryAr: "ارتفع صافي قيمة الأصول بنسبة 18%، وبلغت شركتان من شركات المحفظة مرحلة الربحية في النصف الأول من 2026.",
    contentAr: html(
      "أعلنت Meridian Crest Holdings ارتفاع صافي قيمة أصولها بنسبة 18% خلال الأشهر الستة المنتهية في يونيو 2026.",
      "وحققت كلٌّ من BravoPay وBoost Freight الربحية التشغيلية خلال الفترة، وأتمّت الشركة استثمارين جديدين في منصات نمو.",
    ),
    date: "2026-08-04",
    company: "Meridian Crest Holdings",
    sector: "finance",
    category: "Financial Results",
    image: "/uploads/press-cairo.webp",
    featured: true,
    showOnHomepage: true,
  }),
  release({
    title: "BravoPay Expands Merchant Lending to Morocco",
    summary: "Moroccan merchants can now apply for working-capital loans inside the BravoPay app and get a decision in minutes.",
    content: html(
      "BravoPay has extended its merchant lending product to Morocco after a successful year in Egypt.",
      "Loans are underwritten on each merchant's payment history, with decisions in minutes and repayments taken as a share of daily sales.",
    ),
    titleAr: "BravoPay توسّع خدمة تمويل التجار إلى المغرب",
    summaryAr: "أصبح بإمكان التجار في المغرب التقدّم بطلبات قروض رأس المال العامل عبر تطبيق BravoPay والحصول على القرار خلال دقائق.",
    contentAr: html(
      "وسّعت BravoPay نطاق خدمة تمويل التجار لتشمل المغرب، بعد عام ناجح في مصر.",
      "وتُمنح القروض استنادًا إلى سجل مدفوعات كل تاجر، ويصدر القرار خلال دقائق، ويُسدَّد القرض بنسبة من المبيعات اليومية.",
    ),
    date: "2026-10-12",
    company: "BravoPay",
    sector: "finance",
    category: "Expansion",
    image: "/uploads/bravopay.webp",
    showOnHomepage: true,
  }),
  release({
    title: "Boost Freight Opens a Cross-Border Lane Between Egypt and Saudi Arabia",
    summary: "Shippers can now book full truckloads from Cairo and the Suez Canal Zone to Riyadh and Jeddah with one contract and live tracking.",
    content: html(
      "Boost Freight has opened a scheduled cross-border lane linking Cairo and the Suez Canal Economic Zone with Riyadh and Jeddah.",
      "Customs documents are filed digitally before a truck leaves, cutting the average border wait from two days to under nine hours in the pilot.",
      "The lane is run with 400 carriers already on the Boost Freight network and adds to its domestic routes in Egypt, Saudi Arabia and Kenya.",
    ),
    titleAr: "Boost Freight تفتتح مسارًا للشحن البري العابر للحدود بين مصر والسعودية",
    summaryAr: "أصبح بإمكان الشاحنين حجز شحنات كاملة من القاهرة ومنطقة قناة السويس إلى الرياض وجدة بعقد واحد وتتبع مباشر.",
    contentAr: html(
      "افتتحت Boost Freight مسارًا منتظمًا للشحن العابر للحدود يربط القاهرة والمنطقة الاقتصادية لقناة السويس بالرياض وجدة.",
      "وتُقدَّم المستندات الجمركية إلكترونيًا قبل انطلاق الشاحنة، ما خفّض متوسط الانتظار على الحدود من يومين إلى أقل من تسع ساعات خلال المرحلة التجريبية.",
      "ويعمل المسار بمشاركة 400 ناقل مسجّلين بالفعل في شبكة Boost Freight، ويُضاف إلى مساراتها المحلية في مصر والسعودية وكينيا.",
    ),
    date: "2026-11-17",
    company: "Boost Freight",
    sector: "logistics",
    category: "Expansion",
    image: "/uploads/boost-freight.webp",
    showOnHomepage: true,
  }),
];
