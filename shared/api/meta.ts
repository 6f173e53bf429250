import { z } from "zod";
import { endpoint } from "./contract";

/** The API's own description. */
export const metaEndpoints = {
  openapi: endpoint({
    method: "GET",
    path: "/api/openapi.json",
    tag: "Reference",
    summary: "This API's OpenAPI 3.1 document",
    description: "The reference page for people is /developers/api.",
    access: "public",
    response: z.looseObject({ openapi: z.literal("3.1.0"), paths: z.record(z.string(), z.unknown()) }),
    cache: "public, max-age=300",
  }),
};
