CREATE TABLE "content_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"number" integer NOT NULL,
	"data" jsonb NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preview_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "content_doc" jsonb;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "content_ar_doc" jsonb;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "correction_note" text;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "correction_note_ar" text;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_links" ADD CONSTRAINT "preview_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_revisions_entity_number" ON "content_revisions" USING btree ("entity_type","entity_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "preview_links_token" ON "preview_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "preview_links_entity_idx" ON "preview_links" USING btree ("entity_type","entity_id");