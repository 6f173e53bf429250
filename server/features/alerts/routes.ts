import express, { type Request } from "express";
import { alertEndpoints as endpoints } from "../../../shared/api/alerts";
import type { Answer } from "../../http/answer";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { retryAfterHeader } from "../../http/limits";
import { requestLocale } from "../../http/locale";
import { UTF8_BOM, csvRow } from "../../lib/csv";
import { localize } from "../../lib/messages";
import type { Services } from "../index";
import type { ConsentMeta } from "./alert-subscriptions";
import { requestBy } from "../audit/audit";
import { RATE_RULES, visitorKey } from "../rate-limits/rate-limit";

const meta = (req: Request, userId?: number): ConsentMeta => ({ ip: req.ip, userAgent: req.get("user-agent") ?? undefined, userId: userId ?? null });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Investor alerts as anyone meets them, mounted at /api/alerts: POST /subscribe and /manage-link (answered alike for
 * any address), POST /confirm (the e-mail's link, by a button: a GET never confirms), POST /preferences/read,
 * PUT /preferences, POST /unsubscribe (the preferences link's token), and /one-click, the List-Unsubscribe address:
 * its POST unsubscribes, its GET only redirects to the preferences page.
 */
export function alertRoutes({ alertSubscriptions, limits }: Services) {
  const oneClickForm = express.urlencoded({ extended: false, limit: "1kb" });
  const tokenBudget = (req: Request) => limits.consume(RATE_RULES.tokenIp, visitorKey(req.ip));
  const message = (req: Request, id: "errors.ok.alertsSubscribe" | "errors.ok.alertsManageLink" | "errors.ok.alertsConfirmed") =>
    localize(requestLocale(req), id);

  const router = endpointRouter("/api/alerts", [
    endpoint(endpoints.subscribe, async ({ body, req }) => {
      await alertSubscriptions.subscribe(body, meta(req));
      return { message: message(req, "errors.ok.alertsSubscribe") };
    }),
    endpoint(endpoints.requestManageLink, async ({ body, req }) => {
      await alertSubscriptions.requestManageLink(body.email, body.locale ?? requestLocale(req), meta(req));
      return { message: message(req, "errors.ok.alertsManageLink") };
    }),
    endpoint(endpoints.confirm, async ({ body: { token }, req }) => {
      await tokenBudget(req);
      const done = await alertSubscriptions.confirm(token, meta(req));
      return { message: message(req, "errors.ok.alertsConfirmed"), ...done };
    }),
    endpoint(endpoints.preferences, async ({ body: { token }, req }) => {
      await tokenBudget(req);
      return alertSubscriptions.preferences(token);
    }),
    endpoint(endpoints.updatePreferences, async ({ body: { token, ...input }, req }) => {
      await tokenBudget(req);
      return alertSubscriptions.updatePreferences(token, input, meta(req));
    }),
    endpoint(endpoints.unsubscribe, async ({ body: { token }, req }) => {
      await tokenBudget(req);
      return (await alertSubscriptions.unsubscribe(token, meta(req)))!;
    }),
    // RFC 8058: the provider POSTs `List-Unsubscribe=One-Click` as a form; the answer is the same for any token.
    endpoint(
      endpoints.oneClick,
      async ({ query: { token }, req, res }) => {
        if (token) await alertSubscriptions.unsubscribe(token, meta(req), "one-click");
        res.type("text/plain; charset=utf-8").send(localize(requestLocale(req), "errors.ok.alertsOneClick"));
      },
      { readBody: () => oneClickForm },
    ),
    // A person (or a mail scanner) opening the address: nothing changes; the preferences page asks.
    endpoint(endpoints.oneClickPage, ({ query: { token }, req, res }) => {
      const prefix = requestLocale(req) === "ar" ? "/ar" : "";
      res.redirect(303, `${prefix}/alerts/preferences?token=${token ?? ""}&unsubscribe=1`);
    }),
  ]);

  router.use(retryAfterHeader);
  return router;
}

/** The signed-in member's alerts: which lists they receive, and changing them. */
export function accountAlertRoutes({ alertSubscriptions }: Services) {
  return endpointRouter("/api/account/alerts", [
    endpoint(endpoints.account, ({ user }) => alertSubscriptions.forAccount(user)),
    endpoint(endpoints.setAccount, ({ user, body, req }) => alertSubscriptions.setForAccount(user, body, meta(req, user.id))),
  ]);
}

const subscriberDto = (s: Awaited<ReturnType<Services["alertSubscriptions"]["all"]>>[number]) => ({
  id: s.id,
  email: s.email,
  status: s.status,
  // A pending address shows what it asked for.
  lists: (s.status === "pending" ? (s.pendingLists ?? []) : s.lists) as Answer<typeof endpoints.subscribers>[number]["lists"],
  locale: s.locale === "ar" ? ("ar" as const) : ("en" as const),
  createdAt: s.createdAt.toISOString(),
  confirmedAt: iso(s.confirmedAt),
  unsubscribedAt: iso(s.unsubscribedAt),
  source: s.source,
});

/**
 * The admin's side, mounted at /api/admin: subscribers (page, counts, CSV, removal), the suppression list, the
 * alerts sent with their counts (and a correction on request), and the sending settings.
 */
export function alertAdminRoutes({ alertSubscriptions, alertSender, settings }: Services) {
  const suppressionDto = <R extends { email: string; reason: unknown; createdAt: Date }>(r: R): { email: string; reason: R["reason"]; createdAt: string } => ({
    email: r.email,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  });
  return endpointRouter("/api/admin", [
    endpoint(endpoints.subscribers, async ({ query, res }) => {
      const { total, rows } = await alertSubscriptions.list(query);
      res.set("X-Total-Count", String(total));
      return rows.map(subscriberDto);
    }),
    endpoint(endpoints.subscriberStats, () => alertSubscriptions.stats()),
    // Stable column names (mailing tools map them), one row per address with its consent dates.
    endpoint(endpoints.exportSubscribers, async ({ res }) => {
      const rows = await alertSubscriptions.all();
      res.set("Content-Type", "text/csv; charset=utf-8");
      res.set("Content-Disposition", `attachment; filename="alert-subscribers-${new Date().toISOString().slice(0, 10)}.csv"`);
      res.write(UTF8_BOM + csvRow(["email", "status", "lists", "language", "source", "created_at", "confirmed_at", "unsubscribed_at"]));
      for (const s of rows)
        res.write(
          csvRow([s.email, s.status, s.lists.join(" "), s.locale, s.source, s.createdAt.toISOString(), iso(s.confirmedAt) ?? "", iso(s.unsubscribedAt) ?? ""]),
        );
      res.end();
    }),
    endpoint(
      endpoints.removeSubscriber,
      async ({ params, user, req }) => {
        await alertSubscriptions.remove(params.id, requestBy(req, user), meta(req, user.id));
        return { message: localize(requestLocale(req), "errors.ok.alertsRemoved") };
      },
      { notFound: "errors.notFound.subscriber" },
    ),
    endpoint(endpoints.suppressions, async ({ query, res }) => {
      const { total, rows } = await alertSubscriptions.suppressions(query);
      res.set("X-Total-Count", String(total));
      return rows.map(suppressionDto);
    }),
    endpoint(endpoints.suppress, async ({ body: { email }, user, req }) =>
      suppressionDto(await alertSubscriptions.suppress(email, requestBy(req, user), meta(req, user.id))),
    ),
    endpoint(endpoints.alerts, async ({ query, res }) => {
      const [total, rows] = await Promise.all([alertSender.count(), alertSender.list(query)]);
      res.set("X-Total-Count", String(total));
      return rows;
    }),
    endpoint(endpoints.sendCorrection, ({ body: { id }, user, req }) => alertSender.sendCorrection(id, requestBy(req, user))),
    endpoint(endpoints.settings, () => settings.alertSettings()),
    endpoint(endpoints.setSettings, async ({ body, user, req }) => {
      await settings.setAlertSettings(body, requestBy(req, user));
      return body;
    }),
  ]);
}
