import type { z } from "zod";
import type { SameFields } from "../../../shared/api/contract";
import { pressEndpoints as endpoints, type pressReleaseDtoSchema } from "../../../shared/api/press";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { publicationRoutes } from "../publication/action-endpoints";
import { requestBy } from "../audit/audit";
import { requestLocale } from "../../http/locale";
import { message } from "../../lib/messages";
import type { Services } from "../index";
import type { PressReleaseDto } from "./press";

// The service's release and the contract's PressRelease have the same fields.
const answersTheContract: SameFields<PressReleaseDto, z.output<typeof pressReleaseDtoSchema>> = true;
void answersTheContract;

/** /api/press-releases: anyone reads the releases, an admin writes them and sets their flags. */
export function pressRoutes({ press }: Services) {
  const notFound = "errors.notFound.press";
  return endpointRouter("/api/press-releases", [
    // The whole list, newest first; with ?q, ?company, ?limit, ?offset a filtered page (total in X-Total-Count).
    endpoint(endpoints.list, async ({ query: { lang, ...filters }, res }) => {
      if (filters.limit !== undefined) res.set("X-Total-Count", String(await press.count(filters)));
      // ?lang=ar: the same fields in Arabic (English per release until it is translated); without it both languages.
      return press.list({ ...filters, locale: lang });
    }),
    endpoint(endpoints.featured, ({ query }) => press.featured({ locale: query.lang })),
    endpoint(endpoints.homepage, ({ query }) => press.homepage({ locale: query.lang })),
    endpoint(endpoints.get, ({ params, query: { lang } }) => (lang ? press.get(params.id, { locale: lang }) : press.get(params.id)), { notFound }),
    endpoint(endpoints.create, ({ body: { publication, ...release }, user, req }) =>
      press.create(release, { publication: publication ?? "draft" }, requestBy(req, user)),
    ),
    endpoint(
      endpoints.update,
      ({ params, body: { updatedAt, ...release }, user, req }) => press.update(params.id, release, { expectedUpdatedAt: updatedAt }, requestBy(req, user)),
      { notFound },
    ),
    endpoint(
      endpoints.setFlags,
      ({ params, body: { featured, showOnHomepage }, user, req }) => press.setFlags(params.id, { featured, showOnHomepage }, requestBy(req, user)),
      { notFound },
    ),
    endpoint(
      endpoints.remove,
      async ({ params, user, req }) => {
        await press.remove(params.id, requestBy(req, user));
        return { message: message(requestLocale(req), "errors.ok.pressDeleted") };
      },
      { notFound },
    ),
  ]);
}

/**
 * /api/admin/press-releases: the dashboard's reads of releases in any state, and the publication actions. Never
 * stored by a shared cache (the admin routes answer no-store).
 */
export function pressAdminRoutes({ press }: Services) {
  const notFound = "errors.notFound.press";
  return endpointRouter("/api/admin/press-releases", [
    endpoint(endpoints.adminList, () => press.listWithoutContent({ all: true })),
    endpoint(endpoints.adminGet, ({ params }) => press.getAny(params.id), { notFound }),
    ...publicationRoutes(endpoints, press, notFound, requestBy),
  ]);
}
