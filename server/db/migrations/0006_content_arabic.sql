-- Folds the spellings a search should not tell apart (hand-written; drizzle-kit does not generate functions).
-- Lower case; alef with hamza or madda and alef wasla -> alef, alef maqsura -> yeh, ta marbuta -> heh, Persian
-- yeh and keheh -> Arabic yeh and kaf, Arabic-Indic digits -> 0-9; tashkeel (U+064B-U+065F, U+0670) and tatweel
-- (U+0640) removed; Arabic and typographic punctuation become spaces (so a C-locale parser, as on PGlite, splits
-- words where PostgreSQL's does); the definite article, alone or after wa/fa and bi/ka, and li+al are dropped from the
-- start of a word of two letters or more. shared/search-normalize.ts is the same in JavaScript.
CREATE OR REPLACE FUNCTION search_normalize(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN
  regexp_replace(
    regexp_replace(
      regexp_replace(
        translate(lower(coalesce(input, '')), 'أإآٱىةۀیک٠١٢٣٤٥٦٧٨٩', 'اااايههيك0123456789'),
        '[\u064B-\u065F\u0670\u0640]', '', 'g'),
      '[\u00A0-\u00BF\u2000-\u206F\u20A0-\u20CF\u060C\u061B\u061F\u066A-\u066D\u06D4\uFD3E\uFD3F]', ' ', 'g'),
    '(^|[^\u0621-\u064A])([وف]?[بك]?ال|[وف]?لل)(?=[\u0621-\u064A]{2})', '\1', 'g');--> statement-breakpoint
ALTER TABLE "document_categories" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "document_categories" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "display_title_ar" text;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "summary_ar" text;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "content_ar" text;--> statement-breakpoint
-- The stored search words gain the Arabic title, headline and summary and the folding above. The column is
-- rebuilt (PostgreSQL 15 cannot change a generated expression in place), and its index with it.
ALTER TABLE "press_releases" drop column "search_document";--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_normalize("press_releases"."title" || ' ' || coalesce("press_releases"."display_title", '') || ' ' || "press_releases"."summary" || ' ' || coalesce("press_releases"."company", '') || ' ' || coalesce("press_releases"."sector", '') || ' ' || "press_releases"."category" || ' ' || coalesce("press_releases"."title_ar", '') || ' ' || coalesce("press_releases"."display_title_ar", '') || ' ' || coalesce("press_releases"."summary_ar", '')))) STORED;--> statement-breakpoint
CREATE INDEX "press_search_document_idx" ON "press_releases" USING gin ("search_document") WITH (fastupdate=false);
