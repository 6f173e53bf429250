// An editor's schedule, as the API receives it, turned into UTC instants (or a clear 4xx).
import { wallTimeToInstant } from "../../../shared/zoned-time";
import type { ScheduleInput } from "../../../shared/schemas";
import { AppError } from "../../lib/errors";

export type Schedule = { publishAt: Date; unpublishAt: Date | null; zone: string };

function instant(field: "publishAt" | "unpublishAt", time: { local: string; offset?: string }, zone: string): Date {
  const result = wallTimeToInstant(time.local, zone, time.offset);
  if (result.ok) return result.instant;
  if (result.reason === "gap") throw new AppError("VALIDATION", "errors.publication.gap", { errors: { [field]: "errors.publication.gap" } });
  if (result.reason === "ambiguous") {
    const values = { offsets: result.offsets.join(", ") };
    throw new AppError("VALIDATION", "errors.publication.ambiguous", { values, errors: { [field]: "errors.publication.ambiguous" } });
  }
  throw new AppError("VALIDATION", "errors.publication.invalidTime", { errors: { [field]: "errors.publication.invalidTime" } });
}

/** The instants an editor's wall-clock times in their zone name; publication in the future, take-down after it. */
export function resolveSchedule(input: ScheduleInput, now: Date): Schedule {
  const publishAt = instant("publishAt", input.publishAt, input.zone);
  if (publishAt.getTime() <= now.getTime()) throw new AppError("VALIDATION", "errors.publication.past", { errors: { publishAt: "errors.publication.past" } });
  const unpublishAt = input.unpublishAt ? instant("unpublishAt", input.unpublishAt, input.zone) : null;
  if (unpublishAt && unpublishAt.getTime() <= publishAt.getTime())
    throw new AppError("VALIDATION", "errors.publication.takedownBeforePublish", { errors: { unpublishAt: "errors.publication.takedownBeforePublish" } });
  return { publishAt, unpublishAt, zone: input.zone };
}
