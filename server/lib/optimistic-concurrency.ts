import { AppError } from "./errors";

/** What an editor sees when their save would overwrite someone else's newer edit. */

/**
 * Optimistic concurrency for admin edits: the editor sends back the `updatedAt` they loaded, and the save
 * is refused (409) when the stored row has changed since. Without an expected time the save goes ahead
 * (clients that do not send one keep last-write-wins); an unreadable time is treated as stale.
 */
export function assertUnchanged(current: Date, expected?: string): void {
  if (!expected) return;
  const when = Date.parse(expected);
  if (Number.isNaN(when) || current.getTime() !== when) throw new AppError("CONFLICT", "errors.staleEdit");
}

/** The `updatedAt` a request body carries for the check above, when it is a string. */
export function expectedUpdatedAt(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const value = (body as { updatedAt?: unknown }).updatedAt;
  return typeof value === "string" ? value : undefined;
}
