import { Router } from "express";
import { portfolioSchema } from "../../shared/schemas";
import { adminOnly } from "../http/guards";
import { parse, parseId } from "../http/validate";
import { PORTFOLIO_LIST_CACHE_CONTROL } from "../../shared/cache-policy";
import { publicRead } from "../http/cache-control";
import type { Services } from "../services";

const expected = (body: unknown) =>
  body && typeof body === "object" && typeof (body as { updatedAt?: unknown }).updatedAt === "string"
    ? ((body as { updatedAt: string }).updatedAt as string)
    : undefined;

export function portfolioRoutes({ portfolio }: Services) {
  const router = Router();

  router.get("/", publicRead(PORTFOLIO_LIST_CACHE_CONTROL), async (_req, res) => {
    res.json(await portfolio.list());
  });

  router.get("/:id", publicRead(), async (req, res) => {
    res.json(await portfolio.get(parseId(req.params.id, "Portfolio item not found")));
  });

  router.post("/", adminOnly, async (req, res) => {
    res.status(201).json(await portfolio.create(parse(portfolioSchema, req.body)));
  });

  router.put("/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "Portfolio item not found");
    res.json(await portfolio.update(id, parse(portfolioSchema, req.body), { expectedUpdatedAt: expected(req.body) }));
  });

  router.delete("/:id", adminOnly, async (req, res) => {
    await portfolio.remove(parseId(req.params.id, "Portfolio item not found"));
    res.json({ message: "Portfolio item deleted" });
  });

  return router;
}

export { expected as expectedUpdatedAt };
