import { z } from "zod";

/** `?before=<id>`: the keyset cursor of a list read newest first (the id of the last row of the previous page). */
export const beforeCursor = z.coerce
  .number<number | string>({ error: "validation.outbox.before" })
  .int("validation.outbox.before")
  .positive("validation.outbox.before")
  .optional()
  .meta({ description: "The previous page's `nextBefore`." });

/** The cursor of the next page (older rows), or null on the last page. */
export const nextBefore = z.number().int().nullable().meta({ description: "Pass as `before` for the next page; null on the last page." });
