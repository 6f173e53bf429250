/**
 * Folds the spellings a search should not tell apart, exactly as the database's `search_normalize` function does
 * for the stored search words (migration 0006), so a query and the text it looks in meet half-way:
 * - lower case;
 * - alef with hamza above or below, alef with madda and alef wasla become a bare alef (أ إ آ ٱ -> ا),
 *   alef maqsura becomes yeh (ى -> ي), ta marbuta becomes heh (ة ۀ -> ه), Persian yeh and keheh the Arabic
 *   letters, Arabic-Indic digits 0-9;
 * - diacritics (tashkeel U+064B-U+065F, superscript alef U+0670) and tatweel (U+0640) are removed;
 * - Arabic and typographic punctuation becomes a space;
 * - the definite article is dropped from the start of a word that keeps two letters or more, alone (ال), after a
 *   conjunction, a preposition or both (وال فال بال كال وبال) and as li+al (لل وللـ): 'الطاقة', 'والطاقة' and 'للطاقة' all become 'طاقه'.
 */
const LETTERS: Record<string, string> = {
  أ: "ا",
  إ: "ا",
  آ: "ا",
  ٱ: "ا",
  ى: "ي",
  ة: "ه",
  ۀ: "ه",
  ی: "ي",
  ک: "ك",
  "٠": "0",
  "١": "1",
  "٢": "2",
  "٣": "3",
  "٤": "4",
  "٥": "5",
  "٦": "6",
  "٧": "7",
  "٨": "8",
  "٩": "9",
};
const FOLD = new RegExp(`[${Object.keys(LETTERS).join("")}]`, "g");
const MARKS = /[\u064B-\u065F\u0670\u0640]/g;
const PUNCTUATION = /[\u00A0-\u00BF\u2000-\u206F\u20A0-\u20CF\u060C\u061B\u061F\u066A-\u066D\u06D4\uFD3E\uFD3F]/g;
const ARTICLE = /(^|[^\u0621-\u064A])(?:[وف]?[بك]?ال|[وف]?لل)(?=[\u0621-\u064A]{2})/g;

export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(FOLD, (c) => LETTERS[c])
    .replace(MARKS, "")
    .replace(PUNCTUATION, " ")
    .replace(ARTICLE, "$1");
}

/** True when most of the letters in the text are Arabic. */
export function isMostlyArabic(text: string): boolean {
  const arabic = text.match(/[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z\u00C0-\u024F]/g)?.length ?? 0;
  return arabic > 0 && arabic >= latin;
}
