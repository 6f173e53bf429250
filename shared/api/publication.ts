import { z } from "zod";
import { PUBLICATION_STATES } from "../publication";
import { scheduleSchema } from "../schemas";
import { endpoint, idParams } from "./contract";

/** Where an item (a release, a company) stands in publication; public reads only ever return `published` ones. */
export const publicationFields = {
  publication: z.enum(PUBLICATION_STATES).meta({ description: "draft, scheduled, published or withdrawn. Public reads return published items only." }),
  publishedAt: z.iso.datetime().nullable().meta({ description: "When it was last published." }),
  publishAt: z.iso.datetime().nullable().meta({ description: "When the scheduler publishes it (scheduled) or published it." }),
  unpublishAt: z.iso.datetime().nullable().meta({ description: "When the scheduler takes it down, if set." }),
  scheduleZone: z.string().nullable().meta({ description: "The IANA zone the editor scheduled in, e.g. Africa/Cairo." }),
  publishLagMs: z.number().int().nullable().meta({ description: "How long after publishAt the scheduler published it." }),
};

/**
 * The publication actions of a kind of item under `base` (its admin path): publish now, schedule, back to a draft,
 * withdraw. Admins only; each answers the item as it is after the action.
 */
export function publicationEndpoints<const Base extends string, R extends z.ZodType>(base: Base, o: { tag: string; item: string; response: R }) {
  const action = <const P extends string>(path: P) => `${base}/:id/${path}` as const;
  const common = { method: "POST", tag: o.tag, access: "admin", params: idParams, response: o.response } as const;
  return {
    publish: endpoint({ ...common, path: action("publish"), summary: `Publishes ${o.item} now, both languages together` }),
    schedule: endpoint({
      ...common,
      path: action("schedule"),
      summary: `Schedules the publication of ${o.item} (and optionally its take-down)`,
      description:
        "Times are wall-clock times in `zone` (default Africa/Cairo), stored as UTC instants with the zone. A time the clocks skip is refused; a time they repeat needs `offset`.",
      body: scheduleSchema,
      errors: ["PUBLICATION_STATE"],
    }),
    unpublish: endpoint({ ...common, path: action("unpublish"), summary: `Takes ${o.item} back to a draft (no longer shown or scheduled)` }),
    withdraw: endpoint({
      ...common,
      path: action("withdraw"),
      summary: `Withdraws ${o.item} once published (kept for the record, never shown)`,
      errors: ["PUBLICATION_STATE"],
    }),
  };
}

/** How a new item starts: a draft unless published at once (the dashboard's 'Publish now'). */
export const createPublicationField = z.object({
  publication: z
    .enum(["draft", "published"], { error: "errors.publication.createState" })
    .optional()
    .meta({ description: "draft (the default) or published: published at once, both languages together." }),
});
