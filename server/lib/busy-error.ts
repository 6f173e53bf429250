import { AppError } from "./errors";

/**
 * Refused because the server has as much of this kind of work waiting as it will queue (503 BUSY): the client is
 * told when to try again (Retry-After) and the work is never started.
 */
export class BusyError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    internal?: string,
  ) {
    super("BUSY", "errors.serverBusy", { internal });
  }
}
