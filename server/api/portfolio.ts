import { Router } from "express";
import { portfolioSchema } from "../../shared/schemas";
import { adminOnly } from "../http/guards";
import { requestLocale } from "../http/locale";
import { parse, parseId } from "../http/validate";
import { message } from "../lib/messages";
import { expectedUpdatedAt } from "../lib/optimistic-concurrency";
import { PORTFOLIO_LIST_CACHE_CONTROL } from "../../shared/cache-policy";
import { publicRead } from "../http/cache-control";
import type { Services } from "../services";
import { portfolioArabicSchema, withArabic } from "../../shared/content-schemas";
import { langParam } from "../services/content-locale";

/** A company's body: the English fields and the optional Arabic description (descriptionAr). */
const portfolioBodySchema = withArabic(portfolioSchema, portfolioArabicSchema);

export function portfolioRoutes({ portfolio }: Services) {
  const router = Router();

  router.get("/", publicRead(PORTFOLIO_LIST_CACHE_CONTROL), async (req, res) => {
    res.json(await portfolio.list({ locale: langParam(req.query) }));
  });

  router.get("/:id", publicRead(), async (req, res) => {
    res.json(await portfolio.get(parseId(req.params.id, "Portfolio item not found"), { locale: langParam(req.query) }));
  });

  router.post("/", adminOnly, async (req, res) => {
    res.status(201).json(await portfolio.create(parse(portfolioBodySchema, req.body)));
  });

  router.put("/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "Portfolio item not found");
    res.json(await portfolio.update(id, parse(portfolioBodySchema, req.body), { expectedUpdatedAt: expectedUpdatedAt(req.body) }));
  });

  router.delete("/:id", adminOnly, async (req, res) => {
    await portfolio.remove(parseId(req.params.id, "Portfolio item not found"));
    res.json({ message: message(requestLocale(req), "errors.ok.portfolioDeleted") });
  });

  return router;
}
