import { AlertTriangle, Loader2, RotateCw } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/provider";

/** Shown while the portal's data is on its way (client transitions and streamed first loads). */
export function PortalLoading() {
  const t = useT();
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[360px] flex-col items-center justify-center gap-4 rounded-xl border border-slate-200 bg-white text-slate-500 shadow-sm"
    >
      <Loader2 className="h-9 w-9 animate-spin text-gold-500" aria-hidden="true" />
      <span className="text-sm font-medium tracking-wide">{t("portal.state.loading")}</span>
    </div>
  );
}

/** 'Error Loading Portal'; Retry reloads the whole page. */
export function PortalError({ onRetry }: { onRetry?: () => void }) {
  const t = useT();
  const retry = onRetry ?? (() => window.location.reload());
  return (
    <div className="flex justify-center pb-16">
      <div role="alert" className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <AlertTriangle className="h-6 w-6" aria-hidden="true" />
        </span>
        <h2 className="mt-5 font-display text-2xl font-semibold text-navy-950">{t("portal.state.errorTitle")}</h2>
        <p className="mt-3 text-slate-600">{t("portal.state.errorText")}</p>
        <Button className="mt-6" onClick={retry}>
          <RotateCw className="h-4 w-4" aria-hidden="true" /> {t("portal.state.retry")}
        </Button>
      </div>
    </div>
  );
}
