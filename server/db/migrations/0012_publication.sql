DROP INDEX "press_one_featured";--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "publication" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "schedule_zone" text;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "publish_lag_ms" integer;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "publication" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "schedule_zone" text;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "publish_lag_ms" integer;--> statement-breakpoint
-- Everything that existed before publication states was public: it stays published, as of its creation.
UPDATE "portfolio_items" SET "publication" = 'published', "published_at" = "created_at";--> statement-breakpoint
UPDATE "press_releases" SET "publication" = 'published', "published_at" = "created_at";--> statement-breakpoint
CREATE INDEX "portfolio_publication_idx" ON "portfolio_items" USING btree ("publication","publish_at");--> statement-breakpoint
CREATE INDEX "press_publication_idx" ON "press_releases" USING btree ("publication","publish_at");--> statement-breakpoint
CREATE UNIQUE INDEX "press_one_featured" ON "press_releases" USING btree ("featured") WHERE featured and publication = 'published';--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_publication_check" CHECK ("portfolio_items"."publication" in ('draft', 'scheduled', 'published', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_scheduled_check" CHECK ("portfolio_items"."publication" <> 'scheduled' or "portfolio_items"."publish_at" is not null);--> statement-breakpoint
ALTER TABLE "press_releases" ADD CONSTRAINT "press_publication_check" CHECK ("press_releases"."publication" in ('draft', 'scheduled', 'published', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "press_releases" ADD CONSTRAINT "press_scheduled_check" CHECK ("press_releases"."publication" <> 'scheduled' or "press_releases"."publish_at" is not null);