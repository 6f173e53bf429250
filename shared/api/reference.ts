/**
 * The API reference page's view of the OpenAPI document: per endpoint its method, path, who may call it, its rate
 * limits, and its parameters, body and answer as rows of fields (name, type, required, constraints). Pure, so the
 * page shows exactly what /api/openapi.json says.
 */
import type { openApiDocument } from "./openapi";

type Doc = ReturnType<typeof openApiDocument>;
type Schema = Record<string, unknown>;

export type FieldRow = { name: string; type: string; required: boolean; notes: string };
export type ReferenceEndpoint = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  access: string;
  rateLimits: string[];
  params: FieldRow[];
  body: { contentType: string; fields: FieldRow[] } | undefined;
  success: { status: string; contentType: string; fields: FieldRow[] };
  errors: { status: string; codes: string }[];
};
export type ReferenceSection = { tag: string; endpoints: ReferenceEndpoint[] };

/** At most this deep into nested objects (deeper levels read "object"). */
const MAX_DEPTH = 3;

function resolver(doc: Doc) {
  const schemas = doc.components.schemas as Record<string, Schema>;
  return (s: Schema | undefined): Schema => {
    let current = s ?? {};
    for (let i = 0; i < 5 && typeof current.$ref === "string"; i++) current = schemas[current.$ref.split("/").pop()!] ?? {};
    return current;
  };
}

function constraints(s: Schema): string {
  const notes: string[] = [];
  if (typeof s.minLength === "number" && typeof s.maxLength === "number") notes.push(`${s.minLength}–${s.maxLength} characters`);
  else if (typeof s.maxLength === "number") notes.push(`at most ${s.maxLength} characters`);
  else if (typeof s.minLength === "number" && s.minLength > 0) notes.push(`at least ${s.minLength} characters`);
  // zod writes the safe-integer range on every integer: it says nothing a reader needs.
  const bound = (n: unknown): n is number => typeof n === "number" && Math.abs(n) !== Number.MAX_SAFE_INTEGER;
  if (bound(s.minimum)) notes.push(`≥ ${s.minimum}`);
  if (bound(s.exclusiveMinimum)) notes.push(`> ${s.exclusiveMinimum}`);
  if (bound(s.maximum)) notes.push(`≤ ${s.maximum}`);
  if (typeof s.format === "string") notes.push(s.format);
  // A named format (date-time, email) says what zod's long pattern for it says.
  if (typeof s.pattern === "string" && typeof s.format !== "string") notes.push(`pattern ${s.pattern}`);
  if (s.default !== undefined) notes.push(`default ${JSON.stringify(s.default)}`);
  if (typeof s.description === "string") notes.push(s.description);
  return notes.join("; ");
}

/** Flattens a schema into field rows: `a`, `a.b`, `items[].c`. */
export function fieldRows(doc: Doc, schema: Schema | undefined): FieldRow[] {
  const resolve = resolver(doc);
  const rows: FieldRow[] = [];
  const typeOf = (raw: Schema, depth: number, name: string): string => {
    const s = resolve(raw);
    const variants = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
    if (variants) return [...new Set(variants.map((v) => typeOf(v, depth, name)))].join(" | ");
    if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
    if (s.const !== undefined) return JSON.stringify(s.const);
    if (Array.isArray(s.type)) return s.type.join(" | ");
    if (s.type === "array") {
      const item = resolve(s.items as Schema);
      if (item.type === "object" && depth < MAX_DEPTH) walk(item, `${name}[]`, depth + 1);
      return `array of ${typeOf(s.items as Schema, depth + 1, `${name}[]`)}`;
    }
    if (s.type === "object" && name && depth < MAX_DEPTH && s.properties) walk(s, name, depth + 1);
    if (typeof s.type === "string") return s.type;
    return "any";
  };
  const walk = (raw: Schema, prefix: string, depth: number) => {
    const s = resolve(raw);
    const required = (s.required as string[] | undefined) ?? [];
    for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
      const full = prefix ? `${prefix}.${name}` : name;
      const row: FieldRow = { name: full, type: "", required: required.includes(name), notes: constraints(resolve(prop)) };
      rows.push(row);
      row.type = typeOf(prop, depth, full);
    }
  };
  if (!schema) return rows;
  const top = resolve(schema);
  if (top.type === "array") rows.push({ name: "[]", type: typeOf(top, 0, ""), required: true, notes: "" });
  if (top.type === "array" && resolve(top.items as Schema).type === "object") walk(top.items as Schema, "[]", 1);
  else walk(top, "", 0);
  return rows;
}

type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  "x-access": string;
  "x-rate-limits"?: string[];
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};

/** A reference section's address segment: its tag in lower case, words joined by hyphens ("Press releases" -> press-releases). */
export const sectionSlug = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The reference's address, or one section's (in English; the Arabic page adds its prefix). */
export const referencePath = (tag?: string) => (tag ? `/developers/api/${sectionSlug(tag)}` : "/developers/api");

/** The document as the reference page lists it: sections by tag, in the document's order. */
export function referenceView(doc: Doc): ReferenceSection[] {
  const sections = new Map<string, ReferenceEndpoint[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(ops)) {
      const op = raw as Operation;
      const params: FieldRow[] = (op.parameters ?? []).map((p) => ({
        name: p.in === "path" ? `{${p.name}}` : `?${p.name}`,
        type: fieldTypeOf(doc, p.schema),
        required: p.required,
        notes: constraints(resolver(doc)(p.schema)),
      }));
      const [bodyType, body] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      const successStatus = Object.keys(op.responses).find((s) => s.startsWith("2") || s === "303")!;
      const successContent = op.responses[successStatus].content ?? {};
      const [, success] = Object.entries(successContent)[0] ?? ["", undefined];
      // A file that comes in several types (an export as CSV or JSON) names them all.
      const successType = Object.keys(successContent).join(", ");
      const endpoint: ReferenceEndpoint = {
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        // The access and limits are shown from their own fields.
        description: (op.description ?? "")
          .split("\n\n")
          .filter((p) => !p.startsWith("**"))
          .join("\n\n"),
        access: op["x-access"],
        rateLimits: (op.description ?? "").match(/\*\*Rate limit:\*\* (.*)\.$/m)?.[1]?.split("; ") ?? [],
        params,
        body: bodyType ? { contentType: bodyType, fields: fieldRows(doc, body!.schema) } : undefined,
        success: {
          status: successStatus,
          contentType: successType,
          fields: successType === "application/json" ? fieldRows(doc, success?.schema) : [],
        },
        errors: Object.entries(op.responses)
          .filter(([s]) => !s.startsWith("2"))
          .map(([status, r]) => ({ status, codes: r.description })),
      };
      const tag = op.tags[0];
      sections.set(tag, [...(sections.get(tag) ?? []), endpoint]);
    }
  }
  return [...sections].map(([tag, endpoints]) => ({ tag, endpoints }));
}

function fieldTypeOf(doc: Doc, schema: Schema): string {
  const rows = fieldRows(doc, { type: "object", properties: { x: schema } });
  return rows[0]?.type ?? "any";
}
