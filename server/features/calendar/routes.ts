import { calendarEndpoints as endpoints } from "../../../shared/api/calendar";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { requestLocale } from "../../http/locale";
import type { Services } from "../index";
import { requestBy } from "../audit/audit";
import { langParam } from "../content/content-locale";

/**
 * The financial calendar (anyone): the upcoming and past events, one event's calendar file, and the subscribable
 * feeds (/feed/en.ics, /feed/ar.ics), each in the language asked for (`?lang=`, else the request's).
 */
export function calendarRoutes({ calendar }: Services) {
  return endpointRouter("/api/calendar", [
    endpoint(endpoints.list, ({ req }) => calendar.page(langParam(req.query) ?? requestLocale(req))),
    endpoint(
      endpoints.eventFile,
      async ({ params, req, res }) => {
        const { ics, fileName } = await calendar.eventFile(params.id, langParam(req.query) ?? requestLocale(req));
        res.set("Content-Type", "text/calendar; charset=utf-8");
        res.set("Content-Disposition", `attachment; filename="${fileName}"`);
        res.send(ics);
      },
      { notFound: "errors.notFound.calendarEvent" },
    ),
    endpoint(
      endpoints.feed,
      async ({ params: { file }, res }) => {
        res.set("Content-Type", "text/calendar; charset=utf-8");
        res.set("Content-Disposition", `inline; filename="financial-calendar-${file}"`);
        res.send(await calendar.feed(file === "ar.ics" ? "ar" : "en"));
      },
      // A feed's name that is not one of the two is refused with the field's message.
      { invalidParams: "bad-request" },
    ),
  ]);
}

/** The admin's events: list, add, change, cancel. */
export function calendarAdminRoutes({ calendar }: Services) {
  const notFound = "errors.notFound.calendarEvent";
  return endpointRouter("/api/admin/calendar", [
    endpoint(endpoints.adminList, () => calendar.adminList()),
    endpoint(endpoints.create, ({ body, user, req }) => calendar.create(body, requestBy(req, user))),
    endpoint(endpoints.update, ({ params, body, user, req }) => calendar.update(params.id, body, requestBy(req, user)), { notFound }),
    endpoint(endpoints.cancel, ({ params, user, req }) => calendar.cancel(params.id, requestBy(req, user)), { notFound }),
  ]);
}
