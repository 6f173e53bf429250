import { z } from "zod";
import { PUBLICATION_STATES } from "../publication";

/** Where an item (a release, a company) stands in publication; public reads only ever return `published` ones. */
export const publicationFields = {
  publication: z.enum(PUBLICATION_STATES).meta({ description: "draft, scheduled, published or withdrawn. Public reads return published items only." }),
  publishedAt: z.iso.datetime().nullable().meta({ description: "When it was last published." }),
  publishAt: z.iso.datetime().nullable().meta({ description: "When the scheduler publishes it (scheduled) or published it." }),
  unpublishAt: z.iso.datetime().nullable().meta({ description: "When the scheduler takes it down, if set." }),
  scheduleZone: z.string().nullable().meta({ description: "The IANA zone the editor scheduled in, e.g. Africa/Cairo." }),
  publishLagMs: z.number().int().nullable().meta({ description: "How long after publishAt the scheduler published it." }),
};
