import type { ErrorCode } from "../../shared/api/error-codes";
import { AppError } from "../../server/lib/errors";

/** Whether a service refused with this code (a loader turns some refusals into a redirect or a page of its own). */
export function isAppError(err: unknown, code: ErrorCode): boolean {
  return err instanceof AppError && err.code === code;
}
