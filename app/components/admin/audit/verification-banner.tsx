import { Loader2, ShieldAlert, ShieldCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { MessageId } from "../../../../shared/i18n/messages";
import type { AuditVerification } from "./types";
import type { VerificationState } from "./use-verification";

const PROBLEM: Record<NonNullable<AuditVerification["broken"]>["problem"], MessageId> = {
  "hash-mismatch": "admin.audit.problem.hash-mismatch",
  "prev-link": "admin.audit.problem.prev-link",
  gap: "admin.audit.problem.gap",
  "outside-chain": "admin.audit.problem.outside-chain",
  "head-mismatch": "admin.audit.problem.head-mismatch",
  "state-missing": "admin.audit.problem.state-missing",
  "state-seal": "admin.audit.problem.state-seal",
};

/**
 * The chain's verification, above the list: checking, intact (with how many events), or tampering found and where.
 * A status region, so a screen reader hears the outcome when the check ends; a broken chain is an alert.
 */
export function VerificationBanner({ state, onCheck }: { state: VerificationState; onCheck: () => void }) {
  const t = useT();
  const broken = state.status === "done" && !state.result.ok ? state.result : null;
  const tone =
    broken || state.status === "failed"
      ? "border-red-300 bg-red-50 text-red-900"
      : state.status === "done"
        ? "border-emerald-200 bg-emerald-50 text-emerald-900"
        : "border-slate-200 bg-white text-slate-700";
  const Icon = state.status === "checking" ? Loader2 : broken || state.status === "failed" ? ShieldAlert : ShieldCheck;

  let text: string;
  if (state.status === "checking") text = t("admin.audit.verify.checking");
  else if (state.status === "failed") text = t("admin.audit.verify.failed");
  else if (broken?.broken) {
    const problem = t(PROBLEM[broken.broken.problem]);
    text =
      broken.broken.id === null ? t("admin.audit.verify.brokenState", { problem }) : t("admin.audit.verify.broken", { id: String(broken.broken.id), problem });
  } else text = t("admin.audit.verify.ok", { count: state.status === "done" ? state.result.count : 0 });
  const anchor = state.status === "done" && state.result.ok && state.result.anchorId > 0 ? state.result.anchorId : null;

  return (
    <div
      className={cn("mb-4 flex flex-col gap-3 rounded-xl border px-4 py-3 shadow-sm sm:flex-row sm:items-center sm:justify-between", tone)}
      data-testid="audit-verification"
    >
      <div role={broken || state.status === "failed" ? "alert" : "status"} className="flex items-start gap-2">
        <Icon className={cn("mt-0.5 h-5 w-5 shrink-0", state.status === "checking" && "animate-spin")} aria-hidden="true" />
        <div>
          <p className="font-semibold">{text}</p>
          {anchor ? <p className="text-sm opacity-80">{t("admin.audit.verify.anchor", { id: String(anchor) })}</p> : null}
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={onCheck} disabled={state.status === "checking"} className="shrink-0 self-start sm:self-auto">
        {t("admin.audit.verify.again")}
      </Button>
    </div>
  );
}
