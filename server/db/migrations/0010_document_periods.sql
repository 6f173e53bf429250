ALTER TABLE "documents" ADD COLUMN "period_year" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "period_kind" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "published_at" date DEFAULT CURRENT_DATE NOT NULL;--> statement-breakpoint
-- Documents stored before there was a publication date were published, as far as anyone knows, when uploaded.
UPDATE "documents" SET "published_at" = ("uploaded_at" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_period_check" CHECK (("documents"."period_year" is null) = ("documents"."period_kind" is null));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_period_kind_check" CHECK ("documents"."period_kind" in ('FY', 'H1', 'H2', 'Q1', 'Q2', 'Q3', 'Q4'));