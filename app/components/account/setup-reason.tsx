import { ShieldAlert } from "lucide-react";
import { useT } from "~/i18n/provider";

/** Why an admin without a second factor was sent to the account page: shown at its top, above the set-up step. */
export function SetupReason() {
  const t = useT();
  return (
    <div role="alert" className="relative flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 shadow-sm">
      <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <p className="text-sm">{t("account.security.adminRequired")}</p>
    </div>
  );
}
