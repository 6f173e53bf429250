import { Router } from "express";
import type { SameFields } from "../../shared/api/contract";
import { revisionEndpoints as endpoints, type RevisionEntryRow, type RevisionRow } from "../../shared/api/revisions";
import type { Answer } from "../http/answer";
import { adminOnly, requireUser } from "../http/guards";
import { parse } from "../http/validate";
import type { Services } from "../services";
import { requestBy } from "../services/audit";
import type { RevisionDto, RevisionEntryDto } from "../services/revisions";

// The service's answers and the contract's have the same fields.
const listFits: SameFields<RevisionEntryDto, RevisionEntryRow> = true;
const getFits: SameFields<RevisionDto, RevisionRow> = true;
void listFits;
void getFits;

/**
 * Revisions of press releases and portfolio companies (admin, mounted at /admin/revisions). A malformed item type, id
 * or number is a 400 with a message; an unknown item or revision a 404.
 *   GET  /api/admin/revisions/:entity/:id                     the item's revisions, newest first
 *   GET  /api/admin/revisions/:entity/:id/:number             one revision's texts, both languages
 *   POST /api/admin/revisions/:entity/:id/:number/restore     its texts back into the item, as a draft
 */
export function revisionRoutes({ revisions }: Services) {
  const router = Router();
  router.use(adminOnly);

  router.get("/:entity/:id", async (req, res) => {
    const { entity, id } = parse(endpoints.list.params, req.params);
    res.json({ revisions: await revisions.list(entity, id) } satisfies Answer<typeof endpoints.list>);
  });

  router.get("/:entity/:id/:number", async (req, res) => {
    const { entity, id, number } = parse(endpoints.get.params, req.params);
    res.json((await revisions.get(entity, id, number)) satisfies Answer<typeof endpoints.get>);
  });

  router.post("/:entity/:id/:number/restore", async (req, res) => {
    const { entity, id, number } = parse(endpoints.restore.params, req.params);
    res.json((await revisions.restore(entity, id, number, requestBy(req, requireUser(res)))) satisfies Answer<typeof endpoints.restore>);
  });

  return router;
}
