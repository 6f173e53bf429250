import type { z } from "zod";
import type { SameFields } from "../../../shared/api/contract";
import { portfolioEndpoints as endpoints, type portfolioItemDtoSchema } from "../../../shared/api/portfolio";
import { endpoint, endpointRouter } from "../../http/endpoint";
import type { Answer } from "../../http/answer";
import { publicationRoutes, type Publishable } from "../publication/action-endpoints";
import { requestBy } from "../audit/audit";
import { requestLocale } from "../../http/locale";
import { message } from "../../lib/messages";
import type { Services } from "../index";
import type { PortfolioItemDto } from "./portfolio";

// The service's company and the contract's PortfolioItem have the same fields.
const answersTheContract: SameFields<PortfolioItemDto, z.output<typeof portfolioItemDtoSchema>> = true;
void answersTheContract;

// The serializer always sets `contentLocale` (one language read, or both with the translation status); the service's
// type leaves it optional, so its answers are read as the contract's company.
type Company = Answer<typeof endpoints.get>;
const company = (answer: Promise<PortfolioItemDto>) => answer as Promise<Company>;
const companies = (answer: Promise<PortfolioItemDto[]>) => answer as Promise<Company[]>;

/** /api/portfolio: the portfolio companies; anyone reads them, an admin writes them. */
export function portfolioRoutes({ portfolio }: Services) {
  const notFound = "errors.notFound.portfolio";
  return endpointRouter("/api/portfolio", [
    endpoint(endpoints.list, ({ query }) => companies(portfolio.list({ locale: query.lang }))),
    endpoint(endpoints.get, ({ params, query }) => company(portfolio.get(params.id, { locale: query.lang })), { notFound }),
    endpoint(endpoints.create, ({ body: { publication, ...item }, user, req }) =>
      company(portfolio.create(item, { publication: publication ?? "draft" }, requestBy(req, user))),
    ),
    endpoint(
      endpoints.update,
      ({ params, body: { updatedAt, ...item }, user, req }) =>
        company(portfolio.update(params.id, item, { expectedUpdatedAt: updatedAt }, requestBy(req, user))),
      { notFound },
    ),
    endpoint(
      endpoints.remove,
      async ({ params, user, req }) => {
        await portfolio.remove(params.id, requestBy(req, user));
        return { message: message(requestLocale(req), "errors.ok.portfolioDeleted") };
      },
      { notFound },
    ),
  ]);
}

/** /api/admin/portfolio: the dashboard's reads of companies in any state, and the publication actions. */
export function portfolioAdminRoutes({ portfolio }: Services) {
  const notFound = "errors.notFound.portfolio";
  return endpointRouter("/api/admin/portfolio", [
    endpoint(endpoints.adminList, () => companies(portfolio.list({ all: true }))),
    endpoint(endpoints.adminGet, ({ params }) => company(portfolio.getAny(params.id)), { notFound }),
    ...publicationRoutes(endpoints, portfolio as Publishable<Company>, notFound, requestBy),
  ]);
}
