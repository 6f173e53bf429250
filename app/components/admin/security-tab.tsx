import { ShieldCheck } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { useAdminData } from "~/hooks/use-admin-data";
import { useFormat, useT } from "~/i18n/provider";
import type { CallOutput } from "~/lib/api/client";
import { securityEventsApi } from "~/lib/api/security-events";
import type { API } from "../../../shared/api";
import type { MessageId } from "../../../shared/i18n/messages";
import { signInStep, type SignInStep } from "../../../shared/sign-in-steps";
import { describeUserAgent } from "../../../shared/user-agent";
import { adminColumnHelper } from "./data-table";
import { RefreshButton, TabHeader } from "./tab-header";
import { TabTable } from "./tab-table";

export type SecurityLog = CallOutput<typeof API.securityEvents.list>;
type EventRow = SecurityLog["events"][number];
type EventType = EventRow["type"];

const LOOK: Record<EventType, { label: MessageId; variant: "green" | "amber" | "red" | "slate" | "gold" }> = {
  "sign-in": { label: "admin.security.type.signIn", variant: "green" },
  "sign-in-failed": { label: "admin.security.type.signInFailed", variant: "red" },
  "sign-in-throttled": { label: "admin.security.type.signInThrottled", variant: "red" },
  "password-reset-requested": { label: "admin.security.type.resetRequested", variant: "amber" },
  "password-reset": { label: "admin.security.type.reset", variant: "amber" },
  "email-verified": { label: "admin.security.type.verified", variant: "slate" },
  "role-changed": { label: "admin.security.type.roleChanged", variant: "gold" },
  "account-disabled": { label: "admin.security.type.disabled", variant: "red" },
  "account-enabled": { label: "admin.security.type.enabled", variant: "green" },
  "two-factor-enabled": { label: "admin.security.type.twoFactorOn", variant: "green" },
  "two-factor-disabled": { label: "admin.security.type.twoFactorOff", variant: "amber" },
  "recovery-codes-generated": { label: "admin.security.type.recoveryCodes", variant: "slate" },
  "recovery-code-used": { label: "admin.security.type.recoveryCodeUsed", variant: "amber" },
  "passkey-added": { label: "admin.security.type.passkeyAdded", variant: "green" },
  "passkey-removed": { label: "admin.security.type.passkeyRemoved", variant: "amber" },
  "second-factors-cleared": { label: "admin.security.type.factorsCleared", variant: "red" },
  "password-changed": { label: "admin.security.type.passwordChanged", variant: "amber" },
  "email-change-requested": { label: "admin.security.type.emailChangeRequested", variant: "slate" },
  "email-change-cancelled": { label: "admin.security.type.emailChangeCancelled", variant: "slate" },
  "email-changed": { label: "admin.security.type.emailChanged", variant: "amber" },
  "sessions-revoked": { label: "admin.security.type.sessionsRevoked", variant: "slate" },
};

/** A refusal after the right password (a wrong code, a refused passkey) is told apart from a wrong password. */
const FAILED_STEP: Record<SignInStep, { label: MessageId; variant: "red" }> = {
  "two-factor": { label: "admin.security.type.signInFailedCode", variant: "red" },
  passkey: { label: "admin.security.type.signInFailedPasskey", variant: "red" },
};

/** How an event is named and coloured; a failed sign-in says which step failed. */
function eventLook(e: Pick<EventRow, "type" | "detail">) {
  const step = e.type === "sign-in-failed" ? signInStep(e.detail) : null;
  return step ? FAILED_STEP[step] : LOOK[e.type];
}

/** The event's name as a badge. */
export function EventBadge({ event }: { event: Pick<EventRow, "type" | "detail"> }) {
  const t = useT();
  const look = eventLook(event);
  return <Badge variant={look.variant}>{t(look.label)}</Badge>;
}

/** A short name for a browser from its User-Agent ('Chrome · Windows'), or the start of the header. */
function browserName(ua: string | null) {
  if (!ua) return "—";
  const { browser, os } = describeUserAgent(ua);
  return browser && os ? `${browser} · ${os}` : (browser ?? ua.slice(0, 40));
}

const fetchEvents = () => securityEventsApi.list();

/** Admin 'Security': the latest account events (sign-ins, resets, confirmations, role changes), with who, when and from where. */
export function SecurityTab({ loaded }: { loaded?: SecurityLog | null }) {
  const t = useT();
  const f = useFormat();
  const { data: log, status, refreshing, load } = useAdminData<SecurityLog>(fetchEvents, { events: [], nextBefore: null, keepDays: 0 }, loaded);

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
      col.accessor((e) => t(eventLook(e).label), {
        id: "type",
        header: t("admin.security.col.event"),
        cell: ({ row }) => {
          const e = row.original;
          return (
            <div className="space-y-1">
              <EventBadge event={e} />
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
              ) : (e.type === "account-disabled" || e.type === "account-enabled") && e.actorEmail ? (
                <p className="text-xs text-slate-500">
                  <bdi>{e.actorEmail}</bdi>
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
      <TabHeader
        id="security-heading"
        title={t("admin.security.title")}
        description={log.keepDays ? `${t("admin.security.description")} ${t("admin.security.kept", { count: log.keepDays })}` : t("admin.security.description")}
      >
        <RefreshButton busy={refreshing} onClick={() => void load()} />
      </TabHeader>
      <TabTable
        label={t("admin.security.tableLabel")}
        data={log.events}
        columns={columns}
        getRowId={(e) => String(e.id)}
        searchPlaceholder={t("admin.security.search")}
        initialSorting={[{ id: "createdAt", desc: true }]}
        phoneCards
        status={status}
        loadingLabel={t("admin.security.loading")}
        failedText={t("admin.security.loadFailed")}
        onRetry={() => void load()}
        emptyIcon={ShieldCheck}
        emptyText={t("admin.security.empty")}
      />
    </section>
  );
}
