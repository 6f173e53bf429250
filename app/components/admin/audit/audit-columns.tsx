import type { Formatters } from "../../../../shared/i18n/format";
import { Badge } from "~/components/ui/badge";
import type { Translate } from "~/i18n/provider";
import { isLengthChange, type AuditFieldChange } from "../../../../shared/audit";
import { actionText, fieldText, itemText, valueText } from "../../../../shared/audit-text";
import { describeUserAgent } from "../../../../shared/user-agent";
import { adminColumnHelper } from "../data-table";
import { auditT, type AuditRow } from "./types";

/** A short name for a browser from its User-Agent ('Chrome · Windows'), or the start of the header. */
function browserName(ua: string | null) {
  if (!ua) return "—";
  const { browser, os } = describeUserAgent(ua);
  return browser && os ? `${browser} · ${os}` : (browser ?? ua.slice(0, 40));
}

/** A badge's colour from the action's verb: additions green, removals red, the rest neutral. */
function actionVariant(action: string): "green" | "red" | "amber" | "slate" {
  const verb = action.split(".").at(-1) ?? "";
  if (["create", "approve", "enable", "publish"].includes(verb)) return "green";
  if (["delete", "reject", "disable", "withdraw", "unpublish", "factors-cleared", "prune"].includes(verb)) return "red";
  if (["role", "flags", "schedule"].includes(verb)) return "amber";
  return "slate";
}

/** One field's change: its name, the old value struck through, the new one; a long text by its lengths. */
export function AuditChange({ t, path, change }: { t: Translate; path: string; change: AuditFieldChange }) {
  const at = auditT(t);
  const field = <span className="font-medium text-slate-800">{fieldText(at, path)}</span>;
  if (isLengthChange(change))
    return (
      <li>
        {t.rich("admin.audit.changeLength", {
          field,
          from: change.fromLength ?? t("admin.audit.value.none"),
          to: change.toLength ?? 0,
        })}
      </li>
    );
  return (
    <li>
      {t.rich("admin.audit.change", {
        field,
        from: <bdi className="text-slate-500 line-through decoration-slate-400">{valueText(at, path, change.from)}</bdi>,
        to: <bdi className="text-slate-900">{valueText(at, path, change.to)}</bdi>,
      })}
    </li>
  );
}

/** The audit table's columns: when (Cairo time), who, what, which item, from where, and the fields that changed. */
export function auditColumns(t: Translate, f: Formatters) {
  const col = adminColumnHelper<AuditRow>();
  const at = auditT(t);
  return [
    col.accessor("occurredAt", {
      header: t("admin.audit.col.when"),
      sortFn: "datetime",
      cell: ({ row, getValue }) => (
        <div className="whitespace-nowrap">
          <time dateTime={getValue()} className="text-slate-700">
            {f.cairoWhen(getValue())}
          </time>
          <p className="text-xs text-slate-500">{t("admin.audit.eventNumber", { id: String(row.original.id) })}</p>
        </div>
      ),
    }),
    col.accessor((e) => e.actorEmail ?? t("admin.audit.system"), {
      id: "who",
      header: t("admin.audit.col.who"),
      cell: ({ row, getValue }) =>
        row.original.actorEmail ? <bdi className="break-all text-navy-900">{getValue()}</bdi> : <span className="text-slate-500">{getValue()}</span>,
    }),
    col.accessor((e) => actionText(at, e.action), {
      id: "action",
      header: t("admin.audit.col.action"),
      cell: ({ row, getValue }) => <Badge variant={actionVariant(row.original.action)}>{getValue()}</Badge>,
    }),
    col.accessor((e) => `${itemText(at, e.entityType, e.entityId).type} ${e.entityId ?? ""}`, {
      id: "item",
      header: t("admin.audit.col.item"),
      cell: ({ row }) => {
        const item = itemText(at, row.original.entityType, row.original.entityId);
        return (
          <div>
            <p className="text-slate-800">{item.type}</p>
            {item.id ? <bdi className="text-xs text-slate-500">{item.id}</bdi> : null}
          </div>
        );
      },
    }),
    col.accessor((e) => `${e.ip ?? ""} ${e.userAgent ?? ""}`, {
      id: "from",
      header: t("admin.audit.col.from"),
      enableSorting: false,
      cell: ({ row }) => (
        <div className="text-xs text-slate-600" dir="ltr">
          <p className="font-mono">{row.original.ip ?? "—"}</p>
          <p title={row.original.userAgent ?? undefined}>{browserName(row.original.userAgent)}</p>
        </div>
      ),
    }),
    col.accessor((e) => Object.keys(e.summary).join(" "), {
      id: "changes",
      header: t("admin.audit.col.changes"),
      enableSorting: false,
      cell: ({ row }) => {
        const changes = Object.entries(row.original.summary);
        if (!changes.length) return <span className="text-slate-500">{t("admin.audit.noChanges")}</span>;
        return (
          <ul className="space-y-0.5 text-xs text-slate-600">
            {changes.map(([path, change]) => (
              <AuditChange key={path} t={t} path={path} change={change} />
            ))}
          </ul>
        );
      },
    }),
  ];
}
