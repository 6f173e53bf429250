// The press service: reads (press-queries.ts, the list's search in press-search.ts) and writes with the featured and
// homepage rules (press-commands.ts), one object for the routes; the shapes they answer with are in press-dto.ts.
import type { Db } from "../../db/client";
import type { AuditService } from "../audit/audit";
import { createPressCommands, type PublishHook } from "./press-commands";
import { createPressQueries } from "./press-queries";

export type { LocalizedPressDto, PressCard, PressReleaseAdminDto, PressReleaseDto } from "./press-dto";
export { searchTerms } from "./press-search";
export type { PressQuery } from "./press-search";

export function createPressService({ db, audit, onPublish }: { db: Db; audit?: AuditService; onPublish?: PublishHook }) {
  return { ...createPressQueries({ db }), ...createPressCommands({ db, audit, onPublish }) };
}

export type { PublishHook };
export type PressService = ReturnType<typeof createPressService>;
