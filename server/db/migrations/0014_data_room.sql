CREATE TABLE "confidentiality_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"notice_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "confidentiality_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"text_ar" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_grants" (
	"document_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_page_reads" (
	"view_id" integer NOT NULL,
	"page" integer NOT NULL,
	"visible_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"number" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"file_type" text,
	"file_size" integer,
	"page_count" integer,
	"page_aspects" jsonb,
	"note" text,
	"note_ar" text,
	"restored_from" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"kind" text NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"user_id" integer NOT NULL,
	"session_hash" text,
	"ip_address" text,
	"page_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_views_kind_check" CHECK ("document_views"."kind" in ('view', 'download'))
);
--> statement-breakpoint
ALTER TABLE "document_access_logs" ADD COLUMN "version" integer;--> statement-breakpoint
ALTER TABLE "document_access_logs" ADD COLUMN "view_public_id" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "download_mode" text DEFAULT 'original' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "requires_confidentiality" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "expiry_applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "confidentiality_acceptances" ADD CONSTRAINT "confidentiality_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confidentiality_acceptances" ADD CONSTRAINT "confidentiality_acceptances_notice_id_confidentiality_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."confidentiality_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confidentiality_notices" ADD CONSTRAINT "confidentiality_notices_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_grants" ADD CONSTRAINT "document_grants_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_grants" ADD CONSTRAINT "document_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_grants" ADD CONSTRAINT "document_grants_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_page_reads" ADD CONSTRAINT "document_page_reads_view_id_document_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."document_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_views" ADD CONSTRAINT "document_views_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_views" ADD CONSTRAINT "document_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "confidentiality_acceptances_once" ON "confidentiality_acceptances" USING btree ("user_id","notice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_grants_pk" ON "document_grants" USING btree ("document_id","user_id");--> statement-breakpoint
CREATE INDEX "document_grants_user_idx" ON "document_grants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_page_reads_pk" ON "document_page_reads" USING btree ("view_id","page");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_number" ON "document_versions" USING btree ("document_id","number");--> statement-breakpoint
CREATE INDEX "document_versions_file_idx" ON "document_versions" USING btree ("file_key");--> statement-breakpoint
CREATE UNIQUE INDEX "document_views_public_id" ON "document_views" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "document_views_document_idx" ON "document_views" USING btree ("document_id","created_at");--> statement-breakpoint
CREATE INDEX "document_views_user_idx" ON "document_views" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_download_mode_check" CHECK ("documents"."download_mode" in ('original', 'stamped', 'none'));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_restricted_check" CHECK (not ("documents"."restricted" and "documents"."is_public"));--> statement-breakpoint
INSERT INTO "document_versions" ("document_id", "number", "file_name", "file_key", "file_type", "file_size", "created_by_id", "created_at")
SELECT "id", 1, "file_name", "file_url", "file_type", "file_size", "uploaded_by_id", "uploaded_at" FROM "documents";
