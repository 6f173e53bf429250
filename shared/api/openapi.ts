/**
 * The OpenAPI 3.1 document of the API, built from the contract (shared/api). Pure: the server answers it at
 * /api/openapi.json and the reference page (/developers/api) renders it.
 */
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "./error-codes";
import { errorBodySchema, errorCodes, type EndpointDef } from "./contract";
import { RATE_RULES } from "../rate-limits";

type JsonSchema = Record<string, unknown>;

const ACCESS_TEXT: Record<EndpointDef["access"], string> = {
  public: "Anyone.",
  "signed-in": "A signed-in account (session cookie).",
  investor: "An account with investor access: an investor, or an admin whose session proved a second factor.",
  admin: "An admin whose session proved a second factor (authenticator app, passkey or recovery code).",
};

/**
 * Converts one schema; named schemas (`.meta({ id })`) go to `components.schemas` once and are referred to from
 * there. Transforms and refinements cannot be written in JSON Schema: the document gives the shape they accept.
 */
function converter() {
  const components: Record<string, JsonSchema> = {};
  function convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    const relink = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(relink);
      if (value && typeof value === "object") {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(value)) out[k] = k === "$ref" && typeof v === "string" ? v.replace("#/$defs/", "#/components/schemas/") : relink(v);
        return out;
      }
      return value;
    };
    for (const [name, def] of Object.entries(defs)) components[name] ??= relink(def) as JsonSchema;
    // A named schema at the top level is answered by reference too.
    const id = z.globalRegistry.get(schema)?.id;
    if (id) {
      const { id: _id, ...rest } = relink(json) as JsonSchema;
      components[id] ??= rest;
      return { $ref: `#/components/schemas/${id}` };
    }
    return relink(json) as JsonSchema;
  }
  return { convert, components };
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");

function rateLimitText(def: EndpointDef) {
  return (def.rateLimits ?? []).map((name) => {
    const rule = RATE_RULES[name];
    return `${rule.limit} per ${Math.round(rule.windowMs / 60_000)} min (${rule.name})`;
  });
}

/** The OpenAPI 3.1 document of `endpoints`. */
export function openApiDocument(endpoints: readonly EndpointDef[], info: { version: string; siteName: string }) {
  const { convert, components } = converter();
  components.Error = convert(errorBodySchema, "output");
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of endpoints) {
    const parameters: unknown[] = [];
    const params = def.params ? (convert(def.params, "input") as { properties?: Record<string, JsonSchema> }) : undefined;
    for (const [name, schema] of Object.entries(params?.properties ?? {})) parameters.push({ name, in: "path", required: true, schema });
    const query = def.query ? (convert(def.query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] }) : undefined;
    for (const [name, schema] of Object.entries(query?.properties ?? {}))
      parameters.push({ name, in: "query", required: query?.required?.includes(name) ?? false, schema });

    const success =
      "kind" in def.response
        ? {
            description: def.response.description,
            content: Object.fromEntries(def.response.contentTypes.map((type) => [type, { schema: { type: "string", format: "binary" } }])),
          }
        : def.status === 204
          ? { description: "Success, no body" }
          : { description: "Success", content: { "application/json": { schema: convert(def.response, "output") } } };
    const responses: Record<string, unknown> = { [String(def.status ?? 200)]: success };
    if (def.accepted)
      responses["202"] = {
        description: "Accepted: not ready yet; ask again after Retry-After",
        content: { "application/json": { schema: convert(def.accepted, "output") } },
      };
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of errorCodes(def)) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
    for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
      responses[String(status)] = {
        description: codes.join(", "),
        content: { "application/json": { schema: { allOf: [{ $ref: "#/components/schemas/Error" }, { properties: { code: { enum: codes } } }] } } },
      };
    }
    const limits = rateLimitText(def);
    const operation: Record<string, unknown> = {
      operationId: `${def.method.toLowerCase()}${openApiPath(def.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ? c.toUpperCase() : ""))}`,
      tags: [def.tag],
      summary: def.summary,
      description: [def.description, `**Who may call it:** ${ACCESS_TEXT[def.access]}`, limits.length ? `**Rate limit:** ${limits.join("; ")}.` : ""]
        .filter(Boolean)
        .join("\n\n"),
      "x-access": def.access,
      ...(limits.length ? { "x-rate-limits": def.rateLimits } : {}),
      ...(parameters.length ? { parameters } : {}),
      responses,
    };
    if (def.access !== "public") operation.security = [{ session: [] }];
    if (def.body) operation.requestBody = { required: true, content: { "application/json": { schema: convert(def.body, "input") } } };
    if (def.multipart) operation.requestBody = { required: true, content: { "multipart/form-data": { schema: convert(def.multipart, "input") } } };
    (paths[openApiPath(def.path)] ??= {})[def.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${info.siteName} API`,
      version: info.version,
      description:
        "The site's REST API. Errors answer `{ message, code, errors? }`: branch on `code`. Messages follow Accept-Language (en, ar). Calls other than GET must come from the site's own origin.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: "mc_session", description: "The session cookie set by POST /api/login." } },
    },
  };
}
