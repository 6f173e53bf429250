/**
 * Social media text for a press release: a pure function, so the dialog, the tests and any future
 * server use produce the same words. The length limits per platform are the constants below; they are the same
 * in both languages. On Arabic pages the posts are written in Arabic with Arabic hashtags (a company's Latin name
 * keeps its Latin hashtag).
 */

import type { Locale } from "./i18n/locales";

export const SOCIAL_PLATFORMS = ["twitter", "linkedin", "facebook", "instagram"] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export const PLATFORM_LABELS: Record<SocialPlatform, string> = {
  twitter: "Twitter",
  linkedin: "LinkedIn",
  facebook: "Facebook",
  instagram: "Instagram",
};

export const TWITTER_LIMIT = 280;
/** A tweet that is too long is cut here and ends with '...'. */
export const TWITTER_CUT = 277;
export const TWITTER_HASHTAGS = 3;
export const LINKEDIN_HASHTAGS = 5;
export const FACEBOOK_HASHTAGS = 4;
export const INSTAGRAM_SUMMARY = 100;
export const INSTAGRAM_GENERIC_TAGS = [
  "#investment",
  "#business",
  "#finance",
  "#growth",
  "#innovation",
  "#entrepreneurship",
  "#emergingmarkets",
  "#africa",
  "#middleeast",
  "#news",
] as const;

export type CategoryKind = "funding" | "expansion" | "award" | "sustainability" | "technology" | "default";

export const CATEGORY_EMOJI: Record<CategoryKind, string> = {
  funding: "💰",
  expansion: "🌍",
  award: "🏆",
  sustainability: "🌱",
  technology: "💡",
  default: "📢",
};

/** The Arabic versions of the fixed generic Instagram tags, in the same order. */
export const INSTAGRAM_GENERIC_TAGS_AR = [
  "#استثمار",
  "#أعمال",
  "#تمويل",
  "#نمو",
  "#ابتكار",
  "#ريادة_الأعمال",
  "#الأسواق_الناشئة",
  "#أفريقيا",
  "#الشرق_الأوسط",
  "#أخبار",
] as const;

/** The words of the posts in one language. */
type PostText = {
  /** The opening line of the longer posts, by category. */
  lead: Record<CategoryKind, (company: string) => string>;
  closing: Record<CategoryKind, string>;
  readFull: string;
  readMore: string;
  linkInBio: string;
  /** The firm's themes after the release's own tags ('investment' only for an uncategorised release). */
  investment: string;
  themes: string[];
  generic: readonly string[];
};

const POST_TEXT: Record<Locale, PostText> = {
  en: {
    lead: {
      funding: (c) => `Funding news from ${c}.`,
      expansion: (c) => `${c} is growing into new markets.`,
      award: (c) => `Congratulations to ${c} on this recognition.`,
      sustainability: (c) => `A step forward for sustainability at ${c}.`,
      technology: (c) => `New technology from ${c}.`,
      default: (c) => `Announcement from ${c}.`,
    },
    closing: {
      funding: "Capital well deployed builds businesses that last.",
      expansion: "Growth across Africa and the Middle East is at the heart of what we back.",
      award: "Recognition like this reflects the work of an exceptional team.",
      sustainability: "Long-term value and sustainable growth go hand in hand.",
      technology: "Technology is how great businesses scale across emerging markets.",
      default: "Follow our newsroom for the latest from our portfolio.",
    },
    readFull: "Read the full announcement:",
    readMore: "Read more:",
    linkInBio: "Link in bio.",
    investment: "#Investment",
    themes: ["#EmergingMarkets", "#MENA", "#Africa"],
    generic: INSTAGRAM_GENERIC_TAGS,
  },
  ar: {
    lead: {
      funding: (c) => `أخبار تمويل جديدة من ${c}.`,
      expansion: (c) => `تتوسّع ${c} في أسواق جديدة.`,
      award: (c) => `تهانينا لـ ${c} على هذا التكريم.`,
      sustainability: (c) => `خطوة جديدة نحو الاستدامة لدى ${c}.`,
      technology: (c) => `تقنية جديدة من ${c}.`,
      default: (c) => `إعلان جديد من ${c}.`,
    },
    closing: {
      funding: "رأس المال الموظَّف بحكمة يبني شركات تدوم.",
      expansion: "النمو في أفريقيا والشرق الأوسط في صميم ما ندعمه.",
      award: "يعكس هذا التكريم جهود فريق استثنائي.",
      sustainability: "القيمة طويلة الأجل والنمو المستدام يسيران جنبًا إلى جنب.",
      technology: "التكنولوجيا سبيل الشركات المتميزة إلى التوسّع في الأسواق الناشئة.",
      default: "تابعوا مركزنا الإعلامي لمعرفة أحدث أخبار محفظتنا.",
    },
    readFull: "اقرأ الإعلان كاملًا:",
    readMore: "اقرأ المزيد:",
    linkInBio: "الرابط في الملف الشخصي.",
    investment: "#استثمار",
    themes: ["#الأسواق_الناشئة", "#الشرق_الأوسط_وشمال_أفريقيا", "#أفريقيا"],
    generic: INSTAGRAM_GENERIC_TAGS_AR,
  },
};

/**
 * Arabic hashtags of the categories and sectors the site uses (English words as stored, lower case, '-' as a
 * space). A word not listed gets a hashtag of its own letters.
 */
const ARABIC_TAGS: Record<string, string> = {
  funding: "#تمويل",
  expansion: "#توسع",
  award: "#جوائز",
  sustainability: "#الاستدامة",
  technology: "#التكنولوجيا",
  acquisition: "#استحواذ",
  partnership: "#شراكة",
  investment: "#استثمار",
  energy: "#الطاقة",
  financial: "#الخدمات_المالية",
  "financial services": "#الخدمات_المالية",
  finance: "#التمويل",
  fintech: "#التكنولوجيا_المالية",
  "real estate": "#العقارات",
  healthcare: "#الرعاية_الصحية",
  consumer: "#السلع_الاستهلاكية",
  automotive: "#السيارات",
  "food & beverage": "#الأغذية_والمشروبات",
  "food beverage": "#الأغذية_والمشروبات",
  logistics: "#الخدمات_اللوجستية",
  transportation: "#النقل",
  "food security": "#الأمن_الغذائي",
};

/**
 * A hashtag in Arabic: a known category or sector by its Arabic tag; a name in Arabic script with its words
 * joined by '_' ('#الأهلي_للاستثمار'); anything in Latin letters (a company's Latin name) as in English.
 */
export function toArabicHashtag(words: string | null | undefined): string {
  const text = (words ?? "").trim();
  if (!text) return "";
  const known = ARABIC_TAGS[text.toLowerCase().replace(/-/g, " ").replace(/\s+/g, " ")];
  if (known) return known;
  if (/\p{Script=Arabic}/u.test(text)) {
    const parts = text.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
    return parts.length ? `#${parts.join("_")}` : "";
  }
  return toHashtag(text);
}

export type SocialSource = {
  title: string;
  summary: string;
  company?: string | null;
  category?: string | null;
  sector?: string | null;
  /** Absolute URL of the release page. */
  url?: string;
  /** The language of the posts (the page's language); English when not given. */
  locale?: Locale;
};

export type SocialPost = {
  platform: SocialPlatform;
  text: string;
  /** Suggested hashtags (shown for Twitter and Instagram). */
  hashtags: string[];
};

/** Maps a free-text category to one of the emoji groups; anything else is 'default'. */
export function categoryKind(category: string | null | undefined): CategoryKind {
  const c = (category ?? "").trim().toLowerCase();
  if (c === "funding") return "funding";
  if (c === "expansion") return "expansion";
  if (c === "award") return "award";
  if (c === "sustainability") return "sustainability";
  if (c === "technology") return "technology";
  return "default";
}

/** '#BravoPay', '#FoodBeverage'; empty when nothing usable is left. */
export function toHashtag(words: string | null | undefined): string {
  const parts = (words ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  if (!parts.length) return "";
  return `#${parts.map((p) => p[0].toUpperCase() + p.slice(1)).join("")}`;
}

const uniqueTags = (tags: string[]) => {
  const seen = new Set<string>();
  return tags.filter((t) => {
    const key = t.toLowerCase();
    if (!t || t === "#" || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const textOf = (source: SocialSource) => POST_TEXT[source.locale ?? "en"];

/** The release's own hashtags, most specific first: company, category, sector, then the firm's themes. */
export function hashtagsFor(source: SocialSource): string[] {
  const kind = categoryKind(source.category);
  const text = textOf(source);
  const tag = source.locale === "ar" ? toArabicHashtag : toHashtag;
  return uniqueTags([toHashtag(source.company), tag(source.category), tag(source.sector), kind === "default" ? text.investment : "", ...text.themes]);
}

/** Cuts to at most `max` UTF-16 units without splitting an emoji or other surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/**
 * Shortens `text` to at most `max` characters plus '...', ending after a whole word: never in the middle of
 * one. Trailing spaces and punctuation before the '...' are dropped. Only a single word longer than `max`
 * (no space to break at) is cut inside itself.
 */
export function shortenAtWord(text: string, max: number, ellipsis = "..."): string {
  const whole = text.trim();
  if (whole.length <= max) return whole;
  const cut = cutText(whole, max);
  // The cut already ends a word when the next character is a space.
  const endsWord = /\s/.test(whole.charAt(cut.length));
  const lastSpace = cut.search(/\s\S*$/);
  const kept = endsWord || lastSpace <= 0 ? cut : cut.slice(0, lastSpace);
  return `${kept.replace(/[\s,;:.\-–—،؛]+$/u, "") || cut}${ellipsis}`;
}

const company = (s: SocialSource) => s.company?.trim() || "Meridian Crest Holdings";

function twitter(source: SocialSource, tags: string[]): string {
  const emoji = CATEGORY_EMOJI[categoryKind(source.category)];
  let text = `${emoji} ${source.title.trim()}\n\n${source.summary.trim()}`;
  if (text.length > TWITTER_LIMIT) text = `${cutText(text, TWITTER_CUT).trimEnd()}...`;
  // The link and the hashtags are extras: each is added only when the tweet still fits.
  if (source.url && text.length + 2 + source.url.length <= TWITTER_LIMIT) text += `\n\n${source.url}`;
  const first = tags.slice(0, TWITTER_HASHTAGS).join(" ");
  if (first && text.length + 2 + first.length <= TWITTER_LIMIT) text += `\n\n${first}`;
  return text;
}

function linkedin(source: SocialSource, tags: string[]): string {
  const kind = categoryKind(source.category);
  const text = textOf(source);
  return [
    `${CATEGORY_EMOJI[kind]} ${text.lead[kind](company(source))}`,
    source.title.trim(),
    source.summary.trim(),
    text.closing[kind],
    source.url ? `${text.readFull} ${source.url}` : "",
    tags.slice(0, LINKEDIN_HASHTAGS).join(" "),
  ]
    .filter(Boolean)
    .join("\n\n");
}

function facebook(source: SocialSource, tags: string[]): string {
  const kind = categoryKind(source.category);
  return [
    `${CATEGORY_EMOJI[kind]} ${source.title.trim()}`,
    source.summary.trim(),
    source.url ? `${textOf(source).readMore} ${source.url}` : "",
    tags.slice(0, FACEBOOK_HASHTAGS).join(" "),
  ]
    .filter(Boolean)
    .join("\n\n");
}

function instagram(source: SocialSource, tags: string[]): string {
  const kind = categoryKind(source.category);
  const summary = source.summary.trim();
  const short = shortenAtWord(summary, INSTAGRAM_SUMMARY);
  const text = textOf(source);
  return [`${CATEGORY_EMOJI[kind]} ${source.title.trim()}`, short, text.linkInBio, instagramTags(tags, text.generic).join(" ")].join("\n\n");
}

/** The release's own tags followed by all 10 fixed generic ones; a release tag equal to a generic one is dropped. */
export function instagramTags(tags: string[], genericTags: readonly string[] = INSTAGRAM_GENERIC_TAGS): string[] {
  const generic = new Set<string>(genericTags.map((t) => t.toLowerCase()));
  return [...uniqueTags(tags).filter((t) => !generic.has(t.toLowerCase())), ...genericTags];
}

export function generateSocialPost(platform: SocialPlatform, source: SocialSource): SocialPost {
  const tags = hashtagsFor(source);
  switch (platform) {
    case "twitter":
      return { platform, text: twitter(source, tags), hashtags: tags };
    case "linkedin":
      return { platform, text: linkedin(source, tags), hashtags: tags.slice(0, LINKEDIN_HASHTAGS) };
    case "facebook":
      return { platform, text: facebook(source, tags), hashtags: tags.slice(0, FACEBOOK_HASHTAGS) };
    case "instagram":
      return { platform, text: instagram(source, tags), hashtags: instagramTags(tags, textOf(source).generic) };
  }
}

export function generateSocialPosts(source: SocialSource): Record<SocialPlatform, SocialPost> {
  return {
    twitter: generateSocialPost("twitter", source),
    linkedin: generateSocialPost("linkedin", source),
    facebook: generateSocialPost("facebook", source),
    instagram: generateSocialPost("instagram", source),
  };
}

/** 'Kahwa Coffee Co.' -> 'kahwa-coffee-co'. */
export function slugify(s: string | null | undefined): string {
  return (
    (s ?? "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "press-release"
  );
}

/** The download name: company, platform and content, e.g. 'bravopay-twitter-post.txt'. */
export function socialFileName(companyName: string | null | undefined, platform: SocialPlatform): string {
  return `${slugify(companyName)}-${platform}-post.txt`;
}

/** The platforms' own share pages; each takes the absolute page URL. */
export function shareUrls(pageUrl: string, title: string) {
  const u = encodeURIComponent(pageUrl);
  return {
    twitter: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
  };
}
