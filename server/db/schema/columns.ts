import { customType, integer, text, timestamp } from "drizzle-orm/pg-core";
import { PUBLICATION_STATES } from "../../../shared/publication";

/** Column helpers shared by the tables. */
/** PostgreSQL's tsvector (a document's words, for full-text search); read as its text form. */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Where an item stands in publication (shared/publication.ts). Only `published` items are read by public paths.
 * `publishAt` / `unpublishAt`: the instants the scheduler publishes / takes it down; `scheduleZone`: the zone
 * the editor chose them in; `publishedAt`: when it was last published; `publishLagMs`: how long after its
 * `publishAt` the scheduler published it.
 */
export const publicationColumns = () => ({
  publication: text("publication", { enum: PUBLICATION_STATES }).notNull().default("draft"),
  publishedAt: timestamp("published_at", { withTimezone: true }),
  publishAt: timestamp("publish_at", { withTimezone: true }),
  unpublishAt: timestamp("unpublish_at", { withTimezone: true }),
  scheduleZone: text("schedule_zone"),
  publishLagMs: integer("publish_lag_ms"),
});
