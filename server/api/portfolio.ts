import { Router } from "express";
import type { z } from "zod";
import type { SameFields } from "../../shared/api/contract";
import { portfolioBodySchema, portfolioCreateSchema, type portfolioItemDtoSchema } from "../../shared/api/portfolio";
import { addPublicationRoutes } from "../http/publication-routes";
import { adminOnly, requireUser } from "../http/guards";
import { requestBy } from "../services/audit";
import { requestLocale } from "../http/locale";
import { parse, parseId } from "../http/validate";
import { message } from "../lib/messages";
import { expectedUpdatedAt } from "../lib/optimistic-concurrency";
import { PORTFOLIO_LIST_CACHE_CONTROL } from "../../shared/cache-policy";
import { publicRead } from "../http/cache-control";
import type { Services } from "../services";
import type { PortfolioItemDto } from "../services/portfolio";
import { langParam } from "../services/content-locale";

// The service's company and the contract's PortfolioItem have the same fields.
const answersTheContract: SameFields<PortfolioItemDto, z.output<typeof portfolioItemDtoSchema>> = true;
void answersTheContract;

/** /api/portfolio: the portfolio companies; anyone reads them, an admin writes them. */
export function portfolioRoutes({ portfolio }: Services) {
  const router = Router();
  const NOT_FOUND = "errors.notFound.portfolio";

  router.get("/", publicRead(PORTFOLIO_LIST_CACHE_CONTROL), async (req, res) => {
    res.json(await portfolio.list({ locale: langParam(req.query) }));
  });

  router.get("/:id", publicRead(), async (req, res) => {
    res.json(await portfolio.get(parseId(req.params.id, NOT_FOUND), { locale: langParam(req.query) }));
  });

  router.post("/", adminOnly, async (req, res) => {
    const { publication, ...company } = parse(portfolioCreateSchema, req.body);
    res.status(201).json(await portfolio.create(company, { publication: publication ?? "draft" }, requestBy(req, requireUser(res))));
  });

  router.put("/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, NOT_FOUND);
    res.json(
      await portfolio.update(id, parse(portfolioBodySchema, req.body), { expectedUpdatedAt: expectedUpdatedAt(req.body) }, requestBy(req, requireUser(res))),
    );
  });

  router.delete("/:id", adminOnly, async (req, res) => {
    await portfolio.remove(parseId(req.params.id, NOT_FOUND), requestBy(req, requireUser(res)));
    res.json({ message: message(requestLocale(req), "errors.ok.portfolioDeleted") });
  });

  return router;
}

/** /api/admin/portfolio: the dashboard's reads of companies in any state, and the publication actions. */
export function portfolioAdminRoutes({ portfolio }: Services) {
  const router = Router();
  const NOT_FOUND = "errors.notFound.portfolio";
  router.get("/", adminOnly, async (_req, res) => {
    res.json(await portfolio.list({ all: true }));
  });
  router.get("/:id", adminOnly, async (req, res) => {
    res.json(await portfolio.getAny(parseId(req.params.id, NOT_FOUND)));
  });
  return addPublicationRoutes(router, portfolio, NOT_FOUND, (req, res) => requestBy(req, requireUser(res)));
}
