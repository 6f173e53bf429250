CREATE TABLE "audit_chain" (
	"id" integer PRIMARY KEY NOT NULL,
	"anchor_id" integer NOT NULL,
	"anchor_hash" text NOT NULL,
	"head_id" integer NOT NULL,
	"head_hash" text NOT NULL,
	"mac" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_chain_one_row" CHECK ("audit_chain"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" integer PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"ip" text,
	"user_agent" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"summary" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_occurred_idx" ON "audit_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id","id");--> statement-breakpoint
-- The chain's genesis: nothing pruned, nothing recorded. The server seals the row (its mac) with the first event.
INSERT INTO "audit_chain" ("id", "anchor_id", "anchor_hash", "head_id", "head_hash", "mac") VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000', 0, '0000000000000000000000000000000000000000000000000000000000000000', '');
