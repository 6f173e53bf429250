import type { z } from "zod";
import type { EndpointDef } from "../../shared/api/contract";

/**
 * The JSON an endpoint answers with, as its contract describes it. A handler writes
 * `res.json(value satisfies Answer<typeof endpoints.get>)`, so a service whose answer drifts from the contract (a
 * field renamed, retyped or dropped) is a compile error; the integration tests' answer checks catch the rest.
 */
export type Answer<E extends EndpointDef> = E["response"] extends z.ZodType ? z.output<E["response"]> : never;
