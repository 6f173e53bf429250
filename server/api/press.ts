import { Router } from "express";
import { z } from "zod";
import { pressListQuerySchema, pressReleaseSchema } from "../../shared/schemas";
import { adminOnly } from "../http/guards";
import { parse, parseId } from "../http/validate";
import { publicRead } from "../http/cache-control";
import type { Services } from "../services";
import { expectedUpdatedAt } from "./portfolio";

const flagsSchema = z
  .object({
    featured: z.boolean({ error: "Featured must be true or false" }).optional(),
    showOnHomepage: z.boolean({ error: "Show on homepage must be true or false" }).optional(),
  })
  .refine((v) => v.featured !== undefined || v.showOnHomepage !== undefined, "Nothing to change");

export function pressRoutes({ press }: Services) {
  const router = Router();
  const NOT_FOUND = "Press release not found";

  /** The whole list, newest first; with ?q, ?company, ?limit, ?offset a filtered page (total in X-Total-Count). */
  router.get("/", publicRead(), async (req, res) => {
    const query = parse(pressListQuerySchema, req.query);
    if (query.limit !== undefined) res.set("X-Total-Count", String(await press.count(query)));
    res.json(await press.list(query));
  });

  router.get("/featured", publicRead(), async (_req, res) => {
    res.json(await press.featured());
  });

  router.get("/homepage", publicRead(), async (_req, res) => {
    res.json(await press.homepage());
  });

  router.get("/:id", publicRead(), async (req, res) => {
    res.json(await press.get(parseId(req.params.id, NOT_FOUND)));
  });

  router.post("/", adminOnly, async (req, res) => {
    res.status(201).json(await press.create(parse(pressReleaseSchema, req.body)));
  });

  router.put("/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, NOT_FOUND);
    res.json(await press.update(id, parse(pressReleaseSchema, req.body), { expectedUpdatedAt: expectedUpdatedAt(req.body) }));
  });

  router.patch("/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, NOT_FOUND);
    const body = req.body && typeof req.body === "object" ? { ...req.body } : req.body;
    if (body && body.show_on_homepage !== undefined && body.showOnHomepage === undefined) body.showOnHomepage = body.show_on_homepage;
    const { featured, showOnHomepage } = parse(flagsSchema, body);
    res.json(await press.setFlags(id, { featured, showOnHomepage }));
  });

  router.delete("/:id", adminOnly, async (req, res) => {
    await press.remove(parseId(req.params.id, NOT_FOUND));
    res.json({ message: "Press release deleted" });
  });

  return router;
}
