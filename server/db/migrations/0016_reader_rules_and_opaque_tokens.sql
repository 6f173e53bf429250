ALTER TABLE "alert_subscribers" ADD COLUMN "public_id" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "document_access_logs" ADD COLUMN "kind" text DEFAULT 'download' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_access_logs" ADD COLUMN "failed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "page_text" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscribers_public_id" ON "alert_subscribers" USING btree ("public_id");--> statement-breakpoint
ALTER TABLE "document_access_logs" ADD CONSTRAINT "access_logs_kind_check" CHECK ("document_access_logs"."kind" in ('download', 'page-text'));