import { z } from "zod";
import { REVISION_ENTITIES, REVISION_NUMBER_MAX } from "../revisions";
import { endpoint } from "./contract";

const tag = "Revisions (admin)";

/** A positive whole number in the path (an item's id, a revision's number); anything else is a 400 with `message`. */
const pathNumber = (message: string) =>
  z
    .union([z.number(), z.string().regex(/^[1-9][0-9]{0,9}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(1, message).max(REVISION_NUMBER_MAX, message));

/** `/:entity/:id`: the kind of item (press, portfolio) and its id. */
export const revisionItemParams = z.strictObject({
  entity: z.enum(REVISION_ENTITIES, { error: "validation.revision.entity" }).meta({ description: "press or portfolio." }),
  id: pathNumber("validation.revision.id").meta({ description: "The release's or the company's id." }),
});

/** `/:entity/:id/:number`: one revision of an item. */
export const revisionParams = revisionItemParams.safeExtend({
  number: pathNumber("validation.revision.number").meta({ description: "The revision's number (1 is the oldest)." }),
});

const who = {
  actorId: z.number().int().nullable().meta({ description: "The admin who saved it; null for the system, the seed or a baseline." }),
  actorEmail: z.string().nullable().meta({ description: "The admin's address when it was saved." }),
  reason: z
    .string()
    .nullable()
    .meta({ description: "null for an edit; 'restore:<n>' for a restore of revision n; 'baseline' for the item as it was before its first kept save." }),
  createdAt: z.iso.datetime(),
};

/** One line of an item's history. */
export const revisionEntrySchema = z
  .strictObject({
    number: z.number().int(),
    ...who,
    changed: z.array(z.string()).nullable().meta({ description: "The fields that differ from the revision before (by name); null for the first revision." }),
  })
  .meta({ id: "RevisionEntry" });
export type RevisionEntryRow = z.output<typeof revisionEntrySchema>;

/** One revision with its texts in both languages. */
export const revisionSchema = z
  .strictObject({
    entity: z.enum(REVISION_ENTITIES),
    entityId: z.number().int(),
    number: z.number().int(),
    ...who,
    texts: z
      .record(z.string(), z.string().nullable())
      .meta({ description: "The item's texts as saved, by field (title, titleAr, content, ...; description, descriptionAr, ...); HTML fields as HTML." }),
  })
  .meta({ id: "Revision" });
export type RevisionRow = z.output<typeof revisionSchema>;

/** Revisions of press releases and portfolio companies: their history, each saved version, and restore as a draft. */
export const revisionEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/revisions/:entity/:id",
    tag,
    summary: "An item's revisions, newest first (at most 200)",
    description: "Every save keeps a revision. An item not saved since revisions exist has none yet (an empty list).",
    access: "admin",
    params: revisionItemParams,
    response: z.strictObject({ revisions: z.array(revisionEntrySchema) }),
  }),
  get: endpoint({
    method: "GET",
    path: "/api/admin/revisions/:entity/:id/:number",
    tag,
    summary: "One revision's texts, both languages",
    access: "admin",
    params: revisionParams,
    response: revisionSchema,
  }),
  restore: endpoint({
    method: "POST",
    path: "/api/admin/revisions/:entity/:id/:number/restore",
    tag,
    summary: "Writes a revision's texts back into the item, as a draft",
    description:
      "Copies the texts (never the flags or the publication fields) and makes the item a draft, its schedule dropped: a published item leaves the site until it is published again. The result is kept as a new revision ('restore:<n>') and recorded in the audit trail.",
    access: "admin",
    params: revisionParams,
    response: z.strictObject({
      number: z.number().int().meta({ description: "The new revision's number." }),
      restored: z.number().int().meta({ description: "The revision whose texts were restored." }),
    }),
  }),
};
