import { Router } from "express";
import { calendarEndpoints as endpoints } from "../../shared/api/calendar";
import { calendarEventSchema } from "../../shared/alerts-schemas";
import type { Answer } from "../http/answer";
import { adminOnly, requireUser } from "../http/guards";
import { requestLocale } from "../http/locale";
import { parse, parseId } from "../http/validate";
import type { Services } from "../services";
import { requestBy } from "../services/audit";
import { langParam } from "../services/content-locale";

/**
 * The financial calendar, mounted at /api/calendar (anyone): GET / the upcoming and past events, GET /:id/ics one
 * event's calendar file, GET /feed/en.ics and /feed/ar.ics the subscribable feeds.
 */
export function calendarRoutes({ calendar }: Services) {
  const router = Router();

  router.get("/", async (req, res) => {
    parse(endpoints.list.query, req.query);
    res.set("Cache-Control", endpoints.list.cache);
    res.json((await calendar.page(langParam(req.query) ?? requestLocale(req))) satisfies Answer<typeof endpoints.list>);
  });

  router.get("/feed/:file", async (req, res) => {
    const { file } = parse(endpoints.feed.params, req.params);
    res.set("Cache-Control", endpoints.feed.cache);
    res.set("Content-Type", "text/calendar; charset=utf-8");
    res.set("Content-Disposition", `inline; filename="financial-calendar-${file}"`);
    res.send(await calendar.feed(file === "ar.ics" ? "ar" : "en"));
  });

  router.get("/:id/ics", async (req, res) => {
    const id = parseId(req.params.id, "errors.notFound.calendarEvent");
    parse(endpoints.eventFile.query, req.query);
    const { ics, fileName } = await calendar.eventFile(id, langParam(req.query) ?? requestLocale(req));
    res.set("Cache-Control", endpoints.eventFile.cache);
    res.set("Content-Type", "text/calendar; charset=utf-8");
    res.set("Content-Disposition", `attachment; filename="${fileName}"`);
    res.send(ics);
  });

  return router;
}

/** The admin's events, mounted at /api/admin/calendar: list, add, change, cancel. */
export function calendarAdminRoutes({ calendar }: Services) {
  const router = Router();
  router.use(adminOnly);

  router.get("/", async (_req, res) => {
    res.json((await calendar.adminList()) satisfies Answer<typeof endpoints.adminList>);
  });

  router.post("/", async (req, res) => {
    const input = parse(calendarEventSchema, req.body);
    res.status(201).json((await calendar.create(input, requestBy(req, requireUser(res)))) satisfies Answer<typeof endpoints.create>);
  });

  router.put("/:id", async (req, res) => {
    const id = parseId(req.params.id, "errors.notFound.calendarEvent");
    const input = parse(calendarEventSchema, req.body);
    res.json((await calendar.update(id, input, requestBy(req, requireUser(res)))) satisfies Answer<typeof endpoints.update>);
  });

  router.post("/:id/cancel", async (req, res) => {
    const id = parseId(req.params.id, "errors.notFound.calendarEvent");
    res.json((await calendar.cancel(id, requestBy(req, requireUser(res)))) satisfies Answer<typeof endpoints.cancel>);
  });

  return router;
}
