import { once } from "node:events";
import { CONTACT_HONEYPOT_FIELD, contactEndpoints as endpoints } from "../../../shared/api/contact";
import { retryAfterHeader } from "../../http/limits";
import { requestLocale } from "../../http/locale";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { localize } from "../../lib/messages";
import { UTF8_BOM, csvRow } from "../../lib/csv";
import type { Services } from "../index";
import { CONTACT_THANKS } from "./contact";
import { langParam } from "../content/content-locale";
import { translate } from "../../i18n";
import type { MessageId } from "../../../shared/i18n/messages";

/** The export's columns, named in the language of the admin's page. */
const CSV_HEADER: MessageId[] = [
  "admin.contact.col.date",
  "admin.contact.col.name",
  "admin.contact.col.email",
  "admin.contact.col.subject",
  "admin.contact.col.message",
  "admin.contact.csv.read",
  "admin.contact.csv.archived",
];

/**
 * The contact form's messages, mounted at /api/contact: POST / sends one (anyone); GET / is a page of the admin's
 * inbox or archive.
 */
export function contactRoutes({ contact }: Services) {
  const router = endpointRouter("/api/contact", [
    endpoint(endpoints.send, async ({ body: { [CONTACT_HONEYPOT_FIELD]: honeypot, ...message }, req }) => {
      // A filled honeypot field means a bot: answered like a success, stored nothing (the service decides).
      await contact.submit(message, { ip: req.ip, honeypot });
      return { message: localize(requestLocale(req), CONTACT_THANKS) };
    }),
    /**
     * One page of the inbox (?view=inbox, the default) or of the archive (?view=archived), newest first
     * (?limit, ?offset). X-Total-Count is the view's total; X-Unread-Count the unread messages in the inbox.
     */
    endpoint(endpoints.list, async ({ query, res }) => {
      const { rows, total, unread } = await contact.page(query);
      res.set("X-Total-Count", String(total));
      res.set("X-Unread-Count", String(unread));
      return rows;
    }),
  ]);
  router.use(retryAfterHeader);
  return router;
}

/**
 * One received message and the export, mounted at /api/admin/contact-messages (admin only): GET /export.csv, and
 * GET, PATCH and DELETE /:id.
 */
export function contactAdminRoutes({ contact }: Services) {
  const notFound = "errors.notFound.message";
  return endpointRouter("/api/admin/contact-messages", [
    // The whole view as a CSV file for a spreadsheet, streamed in batches.
    endpoint(endpoints.exportCsv, async ({ query: { view }, req, res }) => {
      // The link carries the page's language (`lang`); dates stay ISO 8601 so a spreadsheet reads them as dates.
      const locale = langParam(req.query) ?? requestLocale(req);
      const yesNo = (value: unknown) => translate(locale, value ? "admin.contact.csv.yes" : "admin.contact.csv.no");
      const day = new Date().toISOString().slice(0, 10);
      res.set("Content-Type", "text/csv; charset=utf-8");
      res.set("Content-Disposition", `attachment; filename="contact-submissions-${view}-${day}.csv"`);
      res.write(UTF8_BOM + csvRow(CSV_HEADER.map((id) => translate(locale, id))));
      for await (const batch of contact.exportBatches(view)) {
        if (res.destroyed) return;
        const chunk = batch
          .map((r) => csvRow([r.submittedAt.toISOString(), r.fullName, r.email, r.subject, r.message, yesNo(r.readAt), yesNo(r.archivedAt)]))
          .join("");
        if (!res.write(chunk)) await Promise.race([once(res, "drain"), once(res, "close")]);
      }
      res.end();
    }),
    endpoint(endpoints.get, ({ params }) => contact.get(params.id), { notFound }),
    // { read?: boolean, archived?: boolean }
    endpoint(endpoints.update, ({ params, body }) => contact.update(params.id, body), { notFound }),
    endpoint(endpoints.remove, ({ params }) => contact.remove(params.id), { notFound }),
  ]);
}
