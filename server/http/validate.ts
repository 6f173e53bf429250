import type { z } from "zod";
import type { MessageId } from "../../shared/i18n/messages";
import { fieldErrors, idParam } from "../../shared/schemas";
import { AppError } from "../lib/errors";

/**
 * Parses with a shared schema; a failure becomes a 400 with the schema's message for each field. The schemas give
 * message ids: the error handler answers them in the request's language (never an id).
 */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  const first = Object.values(errors)[0] ?? "errors.invalidRequest";
  throw AppError.fromText("VALIDATION", first, { errors });
}

/** A route's numeric id; anything else is a 404 like an unknown id. */
export function parseId(raw: unknown, what: MessageId = "errors.notFound"): number {
  const result = idParam.safeParse(raw);
  if (!result.success) throw new AppError("NOT_FOUND", what);
  return result.data;
}
