import { describe, expect, it } from "vitest";
import {
  CATEGORY_EMOJI,
  INSTAGRAM_GENERIC_TAGS,
  INSTAGRAM_GENERIC_TAGS_AR,
  categoryKind,
  cutText,
  generateSocialPost,
  generateSocialPosts,
  hashtagsFor,
  shareUrls,
  shortenAtWord,
  slugify,
  socialFileName,
  toArabicHashtag,
  toHashtag,
  type CategoryKind,
  type SocialSource,
} from "./social";

const base: SocialSource = {
  title: "BravoPay Launches Instant Merchant Payouts",
  summary: "Merchants on BravoPay can now receive card payments in their bank accounts within minutes.",
  company: "BravoPay",
  category: "Technology",
  sector: "Financial",
  url: "https://meridiancrest.example/press-releases/11",
};

const long = (n: number) => "word ".repeat(n).trim();

describe("[social] category and emoji mapping", () => {
  const cases: [string | null, CategoryKind][] = [
    ["Funding", "funding"],
    ["funding", "funding"],
    [" Expansion ", "expansion"],
    ["Award", "award"],
    ["Sustainability", "sustainability"],
    ["Technology", "technology"],
    ["Acquisition", "default"],
    ["Partnership", "default"],
    ["Investment", "default"],
    ["News", "default"],
    ["", "default"],
    [null, "default"],
  ];
  it.each(cases)("%s maps to %s", (category, kind) => {
    expect(categoryKind(category)).toBe(kind);
  });

  it.each(Object.entries(CATEGORY_EMOJI))("every platform opens a %s text with %s", (kind, emoji) => {
    const category = kind === "default" ? "Partnership" : kind;
    for (const post of Object.values(generateSocialPosts({ ...base, category }))) {
      expect(post.text.startsWith(emoji)).toBe(true);
    }
  });

  it("each category has its own emoji", () => {
    expect(new Set(Object.values(CATEGORY_EMOJI)).size).toBe(6);
  });

  it("the LinkedIn lead sentence varies by category", () => {
    const leads = new Set(
      ["Funding", "Expansion", "Award", "Sustainability", "Technology", "News"].map(
        (category) => generateSocialPost("linkedin", { ...base, category }).text.split("\n")[0],
      ),
    );
    expect(leads.size).toBe(6);
  });
});

describe("[social] hashtags", () => {
  it("builds CamelCase tags from company, category and sector, without duplicates", () => {
    expect(toHashtag("Kahwa Coffee Co.")).toBe("#KahwaCoffeeCo");
    expect(toHashtag("Food & Beverage")).toBe("#FoodBeverage");
    expect(toHashtag("  ")).toBe("");
    const tags = hashtagsFor({ ...base, category: "Financial", sector: "financial" });
    expect(tags.filter((t) => t.toLowerCase() === "#financial")).toHaveLength(1);
    expect(tags[0]).toBe("#BravoPay");
  });
});

describe("[social] twitter", () => {
  it("fits the whole text, link and first three hashtags when short", () => {
    const post = generateSocialPost("twitter", base);
    expect(post.text.length).toBeLessThanOrEqual(280);
    expect(post.text).toContain(base.title);
    expect(post.text).toContain(base.url);
    expect(post.text.endsWith(post.hashtags.slice(0, 3).join(" "))).toBe(true);
    expect(post.text).not.toContain(post.hashtags[3]);
  });

  it("cuts a long text at 277 characters and ends it with '...', leaving out hashtags that no longer fit", () => {
    const post = generateSocialPost("twitter", { ...base, summary: long(80), url: undefined });
    expect(post.text.length).toBeLessThanOrEqual(280);
    expect(post.text.endsWith("...")).toBe(true);
    expect(post.text.length).toBeGreaterThan(270);
    expect(post.text).not.toContain("#");
  });

  it("adds the hashtags only when all three fit", () => {
    // Leaves room for the link but not for the three hashtags.
    const text = `${CATEGORY_EMOJI.technology} ${base.title}\n\n`;
    const room = 280 - text.length - 2 - base.url!.length - 2;
    const post = generateSocialPost("twitter", { ...base, summary: "x".repeat(room - 5) });
    expect(post.text).toContain(base.url);
    expect(post.text).not.toContain("#");
    expect(post.text.length).toBeLessThanOrEqual(280);
  });

  it("is never longer than 280 for any input length", () => {
    for (let n = 0; n < 120; n += 7) {
      const post = generateSocialPost("twitter", { ...base, summary: long(n), title: `Title ${long(n % 20)}` });
      expect(post.text.length).toBeLessThanOrEqual(280);
    }
  });

  it("suggests hashtags", () => {
    expect(generateSocialPost("twitter", base).hashtags.length).toBeGreaterThanOrEqual(3);
  });
});

describe("[social] linkedin", () => {
  it("carries the full title, summary, link and at most 5 hashtags", () => {
    const post = generateSocialPost("linkedin", { ...base, summary: long(60) });
    expect(post.text).toContain(base.title);
    expect(post.text).toContain(long(60));
    expect(post.text).toContain(`Read the full announcement: ${base.url}`);
    const tags = post.text.match(/#\w+/g) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.length).toBeLessThanOrEqual(5);
  });
});

describe("[social] facebook", () => {
  it("carries title, summary, link and at most 4 hashtags", () => {
    const post = generateSocialPost("facebook", base);
    expect(post.text).toContain(base.title);
    expect(post.text).toContain(base.summary);
    expect(post.text).toContain(base.url);
    const tags = post.text.match(/#\w+/g) ?? [];
    expect(tags).toHaveLength(4);
  });
});

describe("[social] instagram", () => {
  it("cuts the summary at 100 characters and adds the release tags plus the 10 generic ones", () => {
    const summary = "a".repeat(150);
    const post = generateSocialPost("instagram", { ...base, summary });
    expect(post.text).toContain(`${"a".repeat(100)}...`);
    expect(post.text).not.toContain("a".repeat(101));
    for (const tag of INSTAGRAM_GENERIC_TAGS) expect(post.text).toContain(tag);
    expect(post.text).toContain("#BravoPay");
    expect(post.hashtags.length).toBeGreaterThanOrEqual(10 + 3);
  });

  it("keeps a short summary whole", () => {
    const post = generateSocialPost("instagram", base);
    expect(post.text).toContain(base.summary);
    expect(post.text).not.toContain(`${base.summary}...`);
  });

  it("lists no tag twice", () => {
    const post = generateSocialPost("instagram", { ...base, company: "Africa", category: "Investment" });
    const tags = (post.text.match(/#\w+/g) ?? []).map((t) => t.toLowerCase());
    expect(new Set(tags).size).toBe(tags.length);
  });
});

describe("[social] instagram caption ends on a whole word", () => {
  /** The summary paragraph of an Instagram post (between the title and 'Link in bio.'). */
  const caption = (summary: string) => generateSocialPost("instagram", { ...base, summary }).text.split("\n\n")[1];
  const words = (text: string) => text.split(/\s+/).filter(Boolean);

  it("cuts a long summary after the last word that fits in 100 characters, never inside a word", () => {
    // Character 100 falls inside 'every'.
    const summary = "Kahwa Coffee Co. opened its hundredth store in Alexandria this week, with a roastery that supplies every branch in the Delta region.";
    const text = caption(summary);
    expect(text).toBe("Kahwa Coffee Co. opened its hundredth store in Alexandria this week, with a roastery that supplies...");
    expect(text.length - 3).toBeLessThanOrEqual(100);
    // Every word of the caption is a whole word of the summary.
    const source = new Set(words(summary));
    for (const w of words(text.slice(0, -3))) expect(source.has(w)).toBe(true);
  });

  it("keeps whole words for many lengths and word sizes", () => {
    for (let wordLength = 1; wordLength <= 14; wordLength++) {
      for (let count = 1; count <= 60; count += 3) {
        const summary = Array.from({ length: count }, (_, i) => String.fromCharCode(97 + (i % 26)).repeat(wordLength)).join(" ");
        const text = caption(summary);
        if (summary.length <= 100) {
          expect(text).toBe(summary);
          continue;
        }
        expect(text.endsWith("...")).toBe(true);
        const kept = text.slice(0, -3);
        expect(kept.length).toBeLessThanOrEqual(100);
        expect(summary.startsWith(kept)).toBe(true);
        // The character after the kept text in the summary is a space: the cut fell between two words.
        expect(summary.charAt(kept.length)).toBe(" ");
        // No word that would still have fitted was dropped.
        expect(kept.length).toBeGreaterThan(100 - wordLength - 1);
      }
    }
  });

  it("drops a trailing comma or dash before the ellipsis", () => {
    expect(shortenAtWord("alpha beta, gamma delta", 12)).toBe("alpha beta...");
    expect(shortenAtWord("alpha beta - gamma delta", 13)).toBe("alpha beta...");
  });

  it("cuts exactly at the limit when it falls between two words", () => {
    expect(shortenAtWord("alpha beta gamma", 10)).toBe("alpha beta...");
  });

  it("only cuts inside a word when a single word is longer than the limit", () => {
    expect(shortenAtWord("x".repeat(120), 100)).toBe(`${"x".repeat(100)}...`);
  });

  it("does not split an emoji or leave a dangling space", () => {
    expect(shortenAtWord("🚀 launch ".repeat(30), 100).endsWith("launch...")).toBe(true);
    expect(shortenAtWord("  short text  ", 100)).toBe("short text");
  });
});

describe("[social] helpers", () => {
  it("never splits an emoji when cutting", () => {
    expect(cutText("ab😀", 3)).toBe("ab");
    expect(cutText("abc", 5)).toBe("abc");
  });

  it("names downloads after company, platform and content", () => {
    expect(socialFileName("BravoPay", "twitter")).toBe("bravopay-twitter-post.txt");
    expect(socialFileName("Kahwa Coffee Co.", "instagram")).toBe("kahwa-coffee-co-instagram-post.txt");
    expect(socialFileName(null, "facebook")).toBe("press-release-facebook-post.txt");
    expect(slugify("../../etc/passwd")).toBe("etc-passwd");
  });

  it("builds the platforms' share URLs around the encoded page URL", () => {
    const urls = shareUrls("https://x.example/press-releases/1?a=b&c=d", "A & B");
    expect(urls.twitter).toBe("https://twitter.com/intent/tweet?url=https%3A%2F%2Fx.example%2Fpress-releases%2F1%3Fa%3Db%26c%3Dd&text=A%20%26%20B");
    expect(urls.linkedin).toBe("https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fx.example%2Fpress-releases%2F1%3Fa%3Db%26c%3Dd");
    expect(urls.facebook).toBe("https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fx.example%2Fpress-releases%2F1%3Fa%3Db%26c%3Dd");
  });
});

describe("[social] Arabic posts", () => {
  const ar: SocialSource = {
    title: "برافو باي تطلق خدمة التحويل الفوري للتجار",
    summary: "أصبح بإمكان التجار على منصة BravoPay استلام مدفوعات البطاقات في حساباتهم المصرفية خلال دقائق.",
    company: "BravoPay",
    category: "Technology",
    sector: "Energy",
    url: "https://meridiancrest.example/ar/press-releases/11",
    locale: "ar",
  };

  it("Arabic hashtags: known words in Arabic, a Latin company name kept in Latin, an Arabic name joined with '_'", () => {
    expect(toArabicHashtag("Energy")).toBe("#الطاقة");
    expect(toArabicHashtag("real-estate")).toBe("#العقارات");
    expect(toArabicHashtag("Food & Beverage")).toBe("#الأغذية_والمشروبات");
    expect(toArabicHashtag("BravoPay")).toBe("#BravoPay");
    expect(toArabicHashtag("الأهلي للاستثمار")).toBe("#الأهلي_للاستثمار");
    expect(toArabicHashtag("")).toBe("");
    expect(hashtagsFor(ar)).toEqual(["#BravoPay", "#التكنولوجيا", "#الطاقة", "#الأسواق_الناشئة", "#الشرق_الأوسط_وشمال_أفريقيا", "#أفريقيا"]);
    expect(hashtagsFor({ ...ar, category: "Partnership", sector: null })).toEqual([
      "#BravoPay",
      "#شراكة",
      "#استثمار",
      "#الأسواق_الناشئة",
      "#الشرق_الأوسط_وشمال_أفريقيا",
      "#أفريقيا",
    ]);
  });

  it("LinkedIn and Facebook are written in Arabic around the release's own title and summary", () => {
    const posts = generateSocialPosts(ar);
    expect(posts.linkedin.text.split("\n\n")).toEqual([
      "💡 تقنية جديدة من BravoPay.",
      ar.title,
      ar.summary,
      "التكنولوجيا سبيل الشركات المتميزة إلى التوسّع في الأسواق الناشئة.",
      `اقرأ الإعلان كاملًا: ${ar.url}`,
      "#BravoPay #التكنولوجيا #الطاقة #الأسواق_الناشئة #الشرق_الأوسط_وشمال_أفريقيا",
    ]);
    expect(posts.facebook.text).toContain(`اقرأ المزيد: ${ar.url}`);
    expect(posts.facebook.hashtags).toHaveLength(4);
    expect(posts.linkedin.text).not.toMatch(/Read|Announcement|Follow/);
  });

  it("Twitter keeps the English length rules: 280 at most, cut at 277 with '...', link and tags only when they fit", () => {
    const short = generateSocialPost("twitter", ar).text;
    expect(short.length).toBeLessThanOrEqual(280);
    expect(short).toContain(ar.url);
    expect(short.endsWith("#BravoPay #التكنولوجيا #الطاقة")).toBe(true);
    const longPost = generateSocialPost("twitter", { ...ar, summary: "كلمة ".repeat(100) }).text;
    expect(longPost.length).toBe(280);
    expect(longPost.endsWith("...")).toBe(true);
    expect(longPost).not.toContain("#");
  });

  it("Instagram: a summary of at most 100 characters ending on a whole word, the Arabic 'link in bio' and the Arabic generic tags", () => {
    const post = generateSocialPost("instagram", { ...ar, summary: `${"استثمار ".repeat(20)}نهاية` });
    const [, summary, bio, tags] = post.text.split("\n\n");
    expect(summary.length).toBeLessThanOrEqual(103);
    expect(summary.endsWith("استثمار...")).toBe(true);
    expect(bio).toBe("الرابط في الملف الشخصي.");
    expect(post.hashtags.slice(-10)).toEqual([...INSTAGRAM_GENERIC_TAGS_AR]);
    expect(tags.split(" ")).toEqual(post.hashtags);
  });

  it("English stays the default when no language is given", () => {
    const { locale: _ignored, ...english } = ar;
    expect(generateSocialPost("linkedin", english).text.startsWith("💡 New technology from BravoPay.")).toBe(true);
    expect(hashtagsFor(english)).toContain("#Energy");
  });
});
