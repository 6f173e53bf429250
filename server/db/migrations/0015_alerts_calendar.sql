CREATE TABLE "alert_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"lists" text[] DEFAULT '{}'::text[] NOT NULL,
	"locale" text,
	"ip" text,
	"user_agent" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"alert_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"email_id" integer,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "alert_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"lists" text[] DEFAULT '{}'::text[] NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"pending_lists" text[],
	"pending_locale" text,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"manage_salt" text NOT NULL,
	"source" text DEFAULT 'form' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"edition" integer DEFAULT 0 NOT NULL,
	"lists" text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"requested_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"time" text,
	"end_time" text,
	"starts_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"title_ar" text,
	"description" text,
	"description_ar" text,
	"link_url" text,
	"press_release_id" integer,
	"document_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "alert_consents" ADD CONSTRAINT "alert_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_email_id_email_messages_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscribers" ADD CONSTRAINT "alert_subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_press_release_id_press_releases_id_fk" FOREIGN KEY ("press_release_id") REFERENCES "public"."press_releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_consents_email_idx" ON "alert_consents" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_pk" ON "alert_deliveries" USING btree ("alert_id","subscriber_id");--> statement-breakpoint
CREATE INDEX "alert_deliveries_email_idx" ON "alert_deliveries" USING btree ("email_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscribers_email" ON "alert_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscribers_confirm_token" ON "alert_subscribers" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "alert_subscribers_lists_idx" ON "alert_subscribers" USING gin ("lists");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_item_edition" ON "alerts" USING btree ("kind","item_id","edition");--> statement-breakpoint
CREATE INDEX "alerts_open_idx" ON "alerts" USING btree ("id") WHERE status <> 'done';--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_uid" ON "calendar_events" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "calendar_events_starts_idx" ON "calendar_events" USING btree ("starts_at");--> statement-breakpoint
CREATE TRIGGER calendar_events_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON calendar_events
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
