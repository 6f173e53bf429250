import { z } from "zod";
import { UPLOAD_LIMITS_MB, uploadQuerySchema } from "../schemas";
import { endpoint } from "./contract";

/** A stored image: the largest variant's URL and size, and every width's URL. */
export const storedImageSchema = z
  .strictObject({
    url: z.string().meta({ description: "The largest variant: /uploads/<name>.webp." }),
    width: z.number().int(),
    height: z.number().int(),
    variants: z.record(z.string(), z.string()).meta({ description: "`{ [width]: url }` for every width stored (never wider than the original)." }),
  })
  .meta({ id: "StoredImage" });

const limits = Object.entries(UPLOAD_LIMITS_MB)
  .map(([kind, mb]) => `${kind} ${mb} MB`)
  .join(", ");

/** Image uploads for the admin's forms. */
export const uploadEndpoints = {
  image: endpoint({
    method: "POST",
    path: "/api/admin/uploads",
    tag: "Uploads",
    summary: "Stores an image as WebP variants",
    description: `The bytes decide what a file is: JPEG, PNG, WebP, GIF or AVIF (SVG is refused), at most 40 megapixels. Size limits by \`kind\`: ${limits} (413). Anything else answers 415; a full disk 507.`,
    access: "admin",
    query: uploadQuerySchema,
    multipart: z.strictObject({ file: z.string().meta({ format: "binary", description: "The image." }) }),
    status: 201,
    response: storedImageSchema,
    errors: ["BAD_REQUEST", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA", "INSUFFICIENT_STORAGE", "STORAGE_FAILED"],
  }),
};

/** A stored image as the API answers it. */
export type StoredImage = z.output<typeof storedImageSchema>;
