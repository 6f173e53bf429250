import { Laptop, Loader2, LogOut, MonitorSmartphone, Smartphone } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useFormat, useT } from "~/i18n/provider";
import { accountApi } from "~/lib/api/account";
import { toast } from "~/lib/toast";
import { AccountCard } from "./account-card";
import { deviceLabel, isPhone } from "./device";
import { errorText } from "./form-errors";
import type { AccountSession } from "./types";

/** The browsers signed in to the account: this one marked, each other one with 'Sign out', and all of them at once. */
export function SessionsSection({ sessions, onChanged }: { sessions: AccountSession[]; onChanged: () => Promise<void> }) {
  const t = useT();
  const f = useFormat();
  const [busy, setBusy] = React.useState<string | null>(null);
  const others = sessions.filter((s) => !s.current).length;

  const run = async (key: string, send: () => Promise<{ message: string }>) => {
    setBusy(key);
    try {
      const res = await send();
      toast.success(res.message);
      await onChanged();
    } catch (err) {
      toast.error(errorText(err, t, "account.sessions.failed"));
      await onChanged();
    } finally {
      setBusy(null);
    }
  };

  return (
    <AccountCard
      id="sessions"
      icon={MonitorSmartphone}
      title={t("account.sessions.title")}
      description={t("account.sessions.description")}
      action={
        <Button
          type="button"
          variant="outline"
          className="w-full sm:w-auto"
          disabled={others === 0 || busy !== null}
          onClick={() => void run("others", () => accountApi.signOutOthers())}
        >
          {busy === "others" ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <LogOut className="h-4 w-4" aria-hidden="true" />}
          {t("account.sessions.signOutOthers")}
        </Button>
      }
    >
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t("account.sessions.title")}>
        {sessions.map((s) => {
          const device = deviceLabel(t, s.userAgent);
          const Icon = isPhone(s.userAgent) ? Smartphone : Laptop;
          return (
            // The button moves below the details when they need the width (phones).
            <li key={s.handle} className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
              <Icon className="h-5 w-5 shrink-0 self-start text-slate-400 sm:self-center" aria-hidden="true" />
              <div className="min-w-0 flex-1 basis-56 space-y-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-navy-950">
                  <span title={s.userAgent ?? undefined}>{device}</span>
                  {s.current ? <Badge variant="green">{t("account.sessions.thisDevice")}</Badge> : null}
                </p>
                <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-slate-600">
                  <bdi dir="ltr" className="font-mono text-xs leading-5 text-slate-500">
                    {s.ipAddress ?? t("account.sessions.unknownIp")}
                  </bdi>
                  <span>{t("account.sessions.lastActive", { time: f.when(s.lastActiveAt) })}</span>
                  <span className="text-slate-500">{t("account.sessions.signedIn", { time: f.when(s.createdAt) })}</span>
                </p>
              </div>
              {s.current ? null : (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="ms-auto text-red-700 hover:bg-red-50"
                  disabled={busy !== null}
                  onClick={() => void run(s.handle, () => accountApi.revokeSession({ params: { handle: s.handle } }))}
                >
                  {busy === s.handle ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <LogOut className="h-4 w-4" aria-hidden="true" />}
                  {t("account.sessions.signOut")}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others === 0 ? <p className="mt-3 text-sm text-slate-500">{t("account.sessions.onlyThis")}</p> : null}
    </AccountCard>
  );
}
