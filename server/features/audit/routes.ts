import { once } from "node:events";
import type { Response } from "express";
import type { z } from "zod";
import { auditEndpoints as endpoints } from "../../../shared/api/audit";
import { actionText, changeText, entityTypeText, type AuditTranslate } from "../../../shared/audit-text";
import type { Locale } from "../../../shared/i18n/locales";
import type { MessageId } from "../../../shared/i18n/messages";
import type { Answer } from "../../http/answer";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { requestLocale } from "../../http/locale";
import { translate } from "../../i18n";
import { UTF8_BOM, csvRow } from "../../lib/csv";
import type { Services } from "../index";
import type { AuditExportDto } from "./audit";

/** The CSV's columns, named in the language asked for. */
const CSV_HEADER: MessageId[] = [
  "admin.audit.csv.id",
  "admin.audit.csv.time",
  "admin.audit.csv.actor",
  "admin.audit.csv.actorId",
  "admin.audit.csv.ip",
  "admin.audit.csv.browser",
  "admin.audit.csv.action",
  "admin.audit.csv.entityType",
  "admin.audit.csv.entityId",
  "admin.audit.csv.changes",
  "admin.audit.csv.hash",
];

/** One event as a CSV line: times in ISO 8601 (UTC), the action and the changes in words. */
function csvLine(t: AuditTranslate, e: AuditExportDto) {
  const changes = Object.entries(e.summary)
    .map(([field, change]) => changeText(t, field, change))
    .join("; ");
  return csvRow([
    e.id,
    e.occurredAt,
    e.actorEmail ?? t("admin.audit.system"),
    e.actorId,
    e.ip,
    e.userAgent,
    actionText(t, e.action),
    entityTypeText(t, e.entityType),
    e.entityId,
    changes,
    e.hash,
  ]);
}

/** Writes `chunk`, waiting while the client's buffer is full; false when the client went away. */
async function write(res: Response, chunk: string) {
  if (res.destroyed) return false;
  if (!res.write(chunk)) await Promise.race([once(res, "drain"), once(res, "close")]);
  return !res.destroyed;
}

/**
 * The audit trail (admin, mounted at /admin/audit): who changed what, when and from where.
 *   GET /api/admin/audit?actor=&entityType=&entityId=&from=&to=&before=   newest first, 50 at a time
 *   GET /api/admin/audit/verify                                           the hash chain checked from start to head
 *   GET /api/admin/audit/export?format=csv|json&lang=&(filters)           a file of at most AUDIT_EXPORT_MAX events
 */
export function auditRoutes(services: Services) {
  const { audit } = services;
  return endpointRouter("/api/admin/audit", [
    endpoint(endpoints.list, ({ query }) => auditLog(services, query)),
    endpoint(endpoints.verify, () => audit.verify()),
    // Streamed in batches; the header says when the limit left matching events out.
    endpoint(endpoints.export, async ({ query: { format, lang, ...filters }, req, res }) => {
      const locale: Locale = lang ?? requestLocale(req);
      const t: AuditTranslate = (id, values) => translate(locale, id, values);
      const day = new Date().toISOString().slice(0, 10);
      // Read before the headers go out, so a failure still answers with an error.
      const truncated = await audit.exceedsExport(filters);
      res.set("Content-Type", format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8");
      res.set("Content-Disposition", `attachment; filename="audit-trail-${day}.${format}"`);
      res.set("X-Export-Truncated", String(truncated));
      if (format === "csv") {
        if (!(await write(res, UTF8_BOM + csvRow(CSV_HEADER.map((id) => translate(locale, id)))))) return;
        for await (const rows of audit.exportBatches(filters)) if (!(await write(res, rows.map((e) => csvLine(t, e)).join("")))) return;
      } else {
        let separator = "[";
        for await (const rows of audit.exportBatches(filters)) {
          if (!(await write(res, separator + rows.map((e) => JSON.stringify(e)).join(",")))) return;
          separator = ",";
        }
        if (!(await write(res, separator === "[" ? "[]" : "]"))) return;
      }
      res.end();
    }),
  ]);
}

/** One page of the audit trail, newest first, with how long an event stays in it: the route's answer and the dashboard's screen. */
export async function auditLog({ audit, config }: Pick<Services, "audit" | "config">, query: z.output<typeof endpoints.list.query>) {
  return { ...(await audit.list(query)), keepDays: config.retention.auditDays } satisfies Answer<typeof endpoints.list>;
}
