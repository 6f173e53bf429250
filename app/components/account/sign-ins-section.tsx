import { History } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { useFormat, useT } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";
import type { SignInStep } from "../../../shared/sign-in-steps";
import { AccountCard } from "./account-card";
import { deviceLabel } from "./device";
import type { SignIn } from "./types";

const LOOK: Record<string, { label: MessageId; variant: "green" | "red" | "amber" }> = {
  "sign-in": { label: "account.signIns.success", variant: "green" },
  "sign-in-failed": { label: "account.signIns.failed", variant: "red" },
  "sign-in-throttled": { label: "account.signIns.throttled", variant: "amber" },
};
/** A refusal after the right password (a wrong code, a refused passkey) is told apart from a wrong password. */
const FAILED_STEP: Record<SignInStep, { label: MessageId; variant: "red" }> = {
  "two-factor": { label: "account.signIns.failedCode", variant: "red" },
  passkey: { label: "account.signIns.failedPasskey", variant: "red" },
};
const OTHER = { label: "account.signIns.other", variant: "amber" } as const;

/** The account's latest sign-ins, successful, failed or held back, with when, where from and which browser. */
export function SignInsSection({ signIns }: { signIns: SignIn[] }) {
  const t = useT();
  const f = useFormat();
  return (
    <AccountCard id="sign-ins" icon={History} title={t("account.signIns.title")} description={t("account.signIns.description")}>
      {signIns.length === 0 ? (
        <p className="text-sm text-slate-500">{t("account.signIns.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t("account.signIns.listLabel")}>
          {signIns.map((e, i) => {
            const look = (e.type === "sign-in-failed" && e.step ? FAILED_STEP[e.step] : LOOK[e.type]) ?? OTHER;
            return (
              // Phones: the outcome and the time on one line, the browser and address below; wider screens: one line.
              <li key={`${e.createdAt}-${i}`} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
                <Badge variant={look.variant} className="shrink-0">
                  {t(look.label)}
                </Badge>
                <span className="order-last min-w-0 basis-full text-slate-700 sm:order-none sm:flex-1 sm:basis-auto" title={e.userAgent ?? undefined}>
                  {deviceLabel(t, e.userAgent)}
                  {" · "}
                  <bdi dir="ltr" className="font-mono text-xs text-slate-500">
                    {e.ipAddress ?? t("account.sessions.unknownIp")}
                  </bdi>
                </span>
                <time dateTime={e.createdAt} className="ms-auto text-slate-500">
                  {f.when(e.createdAt)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </AccountCard>
  );
}
