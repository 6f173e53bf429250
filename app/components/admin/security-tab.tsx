import { Loader2, RefreshCw, ShieldCheck } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { useAdminData } from "~/hooks/use-admin-data";
import { useFormat, useT } from "~/i18n/provider";
import { apiRequest } from "~/lib/api";
import type { MessageId } from "../../../shared/i18n/messages";
import { DataTable, adminColumnHelper } from "./data-table";
import { TabHeader } from "./tab-header";

type EventType = "sign-in" | "sign-in-failed" | "sign-in-throttled" | "password-reset-requested" | "password-reset" | "email-verified" | "role-changed";
type EventRow = {
  id: number;
  type: EventType;
  userId: number | null;
  email: string | null;
  actorEmail: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  detail: Record<string, string | number | boolean | null> | null;
  createdAt: string;
};

const LOOK: Record<EventType, { label: MessageId; variant: "green" | "amber" | "red" | "slate" | "gold" }> = {
  "sign-in": { label: "admin.security.type.signIn", variant: "green" },
  "sign-in-failed": { label: "admin.security.type.signInFailed", variant: "red" },
  "sign-in-throttled": { label: "admin.security.type.signInThrottled", variant: "red" },
  "password-reset-requested": { label: "admin.security.type.resetRequested", variant: "amber" },
  "password-reset": { label: "admin.security.type.reset", variant: "amber" },
  "email-verified": { label: "admin.security.type.verified", variant: "slate" },
  "role-changed": { label: "admin.security.type.roleChanged", variant: "gold" },
};

/** A short name for a browser from its User-Agent ('Chrome on Windows'), or the start of the header. */
function browserName(ua: string | null) {
  if (!ua) return "—";
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : null;
  const os = /Windows/.test(ua)
    ? "Windows"
    : /Android/.test(ua)
      ? "Android"
      : /iPhone|iPad/.test(ua)
        ? "iOS"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  return browser && os ? `${browser} · ${os}` : (browser ?? ua.slice(0, 40));
}

const fetchEvents = () => apiRequest<{ events: EventRow[] }>("GET", "/api/admin/security-events").then((r) => r.events);

/** Admin 'Security': the latest account events (sign-ins, resets, confirmations, role changes), with who, when and from where. */
export function SecurityTab() {
  const t = useT();
  const f = useFormat({ table: true });
  const { data, status, refreshing, load } = useAdminData(fetchEvents, [] as EventRow[]);

  const columns = React.useMemo(() => {
    const col = adminColumnHelper<EventRow>();
    return [
      col.accessor("createdAt", {
        header: t("admin.security.col.when"),
        sortFn: "datetime",
        cell: ({ getValue }) => (
          <time dateTime={getValue()} className="whitespace-nowrap text-slate-600">
            {f.when(getValue())}
          </time>
        ),
      }),
      col.accessor((e) => t(LOOK[e.type].label), {
        id: "type",
        header: t("admin.security.col.event"),
        cell: ({ row }) => {
          const e = row.original;
          return (
            <div className="space-y-1">
              <Badge variant={LOOK[e.type].variant}>{t(LOOK[e.type].label)}</Badge>
              {e.type === "role-changed" && e.detail ? (
                <p className="text-xs text-slate-500">
                  {t("admin.security.roleChange", {
                    from: t("admin.security.role", { role: String(e.detail.from) }),
                    to: t("admin.security.role", { role: String(e.detail.to) }),
                  })}
                  {e.actorEmail ? (
                    <>
                      {" · "}
                      <bdi>{e.actorEmail}</bdi>
                    </>
                  ) : null}
                </p>
              ) : null}
            </div>
          );
        },
      }),
      col.accessor((e) => e.email ?? "", {
        id: "account",
        header: t("admin.security.col.account"),
        cell: ({ getValue }) => <bdi className="text-navy-900">{getValue() || "—"}</bdi>,
      }),
      col.accessor((e) => `${e.ipAddress ?? ""} ${e.userAgent ?? ""}`, {
        id: "from",
        header: t("admin.security.col.from"),
        enableSorting: false,
        cell: ({ row }) => (
          <div className="text-xs text-slate-600" dir="ltr">
            <p className="font-mono">{row.original.ipAddress ?? "—"}</p>
            <p title={row.original.userAgent ?? undefined}>{browserName(row.original.userAgent)}</p>
          </div>
        ),
      }),
    ];
  }, [f, t]);

  return (
    <section aria-labelledby="security-heading" aria-busy={status === "loading"}>
      <TabHeader id="security-heading" title={t("admin.security.title")} description={t("admin.security.description")}>
        <Button variant="outline" onClick={() => void load()} disabled={refreshing}>
          {refreshing ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
          {t("admin.action.refresh")}
        </Button>
      </TabHeader>
      {status === "loading" ? (
        <div role="status" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={t("admin.security.loading")}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : status === "failed" ? (
        <div className="rounded-xl border border-slate-200 bg-white px-6 py-14 text-center shadow-sm">
          <p className="font-medium text-slate-700">{t("admin.security.loadFailed")}</p>
          <Button variant="outline" className="mt-4" onClick={() => void load()}>
            {t("admin.action.tryAgain")}
          </Button>
        </div>
      ) : (
        <DataTable
          label={t("admin.security.tableLabel")}
          data={data}
          columns={columns}
          getRowId={(e) => String(e.id)}
          searchPlaceholder={t("admin.security.search")}
          initialSorting={[{ id: "createdAt", desc: true }]}
          phoneCards
          empty={
            <div className="space-y-2">
              <ShieldCheck className="mx-auto h-8 w-8 text-slate-300" aria-hidden="true" />
              <p className="font-medium text-slate-700">{t("admin.security.empty")}</p>
            </div>
          }
        />
      )}
    </section>
  );
}
