import type { SameFields } from "../../../shared/api/contract";
import { revisionEndpoints as endpoints, type RevisionEntryRow, type RevisionRow } from "../../../shared/api/revisions";
import { endpoint, endpointRouter } from "../../http/endpoint";
import type { Services } from "../index";
import { requestBy } from "../audit/audit";
import type { RevisionDto, RevisionEntryDto } from "./revisions";

// The service's answers and the contract's have the same fields.
const listFits: SameFields<RevisionEntryDto, RevisionEntryRow> = true;
const getFits: SameFields<RevisionDto, RevisionRow> = true;
void listFits;
void getFits;

/**
 * Revisions of press releases and portfolio companies (admin): an item's revisions, newest first; one revision's texts
 * in both languages; restoring one (its texts back into the item, as a draft). A malformed item type, id or number is
 * a 400 with a message; an unknown item or revision a 404.
 */
export function revisionRoutes({ revisions }: Services) {
  const invalidParams = "bad-request";
  return endpointRouter("/api/admin/revisions", [
    endpoint(endpoints.list, async ({ params: { entity, id } }) => ({ revisions: await revisions.list(entity, id) }), { invalidParams }),
    endpoint(endpoints.get, ({ params: { entity, id, number } }) => revisions.get(entity, id, number), { invalidParams }),
    endpoint(endpoints.restore, ({ params: { entity, id, number }, user, req }) => revisions.restore(entity, id, number, requestBy(req, user)), {
      invalidParams,
    }),
  ]);
}
