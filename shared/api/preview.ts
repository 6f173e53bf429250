import { z } from "zod";
import { PREVIEW_ENTITY_TYPES } from "../preview";
import { endpoint } from "./contract";

const tag = "Previews";

const linkIdParams = z.strictObject({ linkId: z.coerce.number<number | string>().int().positive().max(2_147_483_647) });
const item = {
  type: z.enum(PREVIEW_ENTITY_TYPES).meta({ description: "What is previewed: a press release." }),
  id: z.coerce.number<number | string>().int().positive().max(2_147_483_647).meta({ description: "The item's id." }),
};

/** A preview link as the dashboard lists it: never its token, which only the answer that created it carries. */
export const previewLinkSchema = z
  .strictObject({
    id: z.number().int(),
    createdAt: z.string().meta({ description: "ISO 8601." }),
    expiresAt: z.string().meta({ description: "When the link stops working (ISO 8601)." }),
    revokedAt: z.string().nullable().meta({ description: "When an admin revoked it; null while it is not." }),
    active: z.boolean().meta({ description: "Whether the link still opens the preview." }),
    createdBy: z.strictObject({ id: z.number().int(), name: z.string() }).nullable().meta({ description: "null once that account is deleted." }),
  })
  .meta({ id: "PreviewLink" });

/** Preview links of unpublished press releases (under /api/admin/preview-links). */
export const previewEndpoints = {
  create: endpoint({
    method: "POST",
    path: "/api/admin/preview-links",
    tag,
    summary: "Creates a preview link to an item in any state",
    description:
      "The answer's `url` holds the link's token and is shown this once: only its SHA-256 is stored. The link works for the hours of the `previewLinkHours` setting, until revoked; whoever holds it reads the item without signing in.",
    access: "admin",
    body: z.strictObject({ ...item, lang: z.enum(["en", "ar"]).optional().meta({ description: "The language the link opens in (English by default)." }) }),
    status: 201,
    response: z.strictObject({
      id: z.number().int(),
      url: z.string().meta({ description: "The full link, with its token." }),
      expiresAt: z.string().meta({ description: "ISO 8601." }),
    }),
    errors: ["NOT_FOUND"],
  }),
  list: endpoint({
    method: "GET",
    path: "/api/admin/preview-links",
    tag,
    summary: "An item's preview links, newest first",
    access: "admin",
    query: z.strictObject(item),
    response: z.strictObject({ links: z.array(previewLinkSchema) }),
  }),
  revoke: endpoint({
    method: "POST",
    path: "/api/admin/preview-links/:linkId/revoke",
    tag,
    summary: "Revokes a preview link at once",
    description: "Revoking a link already revoked changes nothing.",
    access: "admin",
    params: linkIdParams,
    response: previewLinkSchema,
    errors: ["NOT_FOUND"],
  }),
};
