import type { MessageId } from "../../shared/i18n/messages";
import { AppError } from "./errors";

/** Refused by a rate limit; `retryAfterSeconds` is when the window ends (for the Retry-After header). */
export class RateLimitedError extends AppError {
  constructor(
    message: MessageId,
    readonly retryAfterSeconds: number,
  ) {
    // `seconds` is there for messages that say how long to wait.
    super("TOO_MANY_REQUESTS", message, { values: { seconds: retryAfterSeconds } });
  }
}
