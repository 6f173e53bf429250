import { AlertTriangle, ArrowLeft, Clock, FileX2, Loader2, RefreshCw, RotateCw, ShieldAlert, WifiOff } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Link } from "~/i18n/link";
import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { MessageId } from "../../../shared/i18n/messages";
import { LIBRARY_PATH } from "./paths";
import type { ViewerProblem } from "./use-view-session";

/** Each problem's icon, title, text and action (reopen: a new view; retry: the same request again). */
const PROBLEMS: Record<ViewerProblem, { icon: typeof AlertTriangle; tone: string; title: MessageId; text: MessageId; action?: "reopen" | "retry" | "notice" }> =
  {
    gone: { icon: RefreshCw, tone: "bg-sky-50 text-sky-700", title: "portal.viewer.goneTitle", text: "portal.viewer.goneText", action: "reopen" },
    notFound: { icon: FileX2, tone: "bg-slate-100 text-slate-600", title: "portal.viewer.notFoundTitle", text: "portal.viewer.notFoundText" },
    unavailable: {
      icon: WifiOff,
      tone: "bg-amber-50 text-amber-700",
      title: "portal.viewer.unavailableTitle",
      text: "portal.viewer.unavailableText",
      action: "retry",
    },
    rateLimited: {
      icon: Clock,
      tone: "bg-amber-50 text-amber-700",
      title: "portal.viewer.rateLimitedTitle",
      text: "portal.viewer.rateLimitedText",
      action: "retry",
    },
    notViewable: { icon: FileX2, tone: "bg-slate-100 text-slate-600", title: "portal.viewer.notViewableTitle", text: "portal.viewer.notViewableText" },
    declined: {
      icon: ShieldAlert,
      tone: "bg-gold-50 text-gold-700",
      title: "portal.viewer.declinedTitle",
      text: "portal.viewer.declinedText",
      action: "notice",
    },
    failed: { icon: AlertTriangle, tone: "bg-red-50 text-red-600", title: "portal.viewer.failedTitle", text: "portal.viewer.failedText", action: "retry" },
  };

/** The link back to the library, in the page's language; the arrow points back in either direction. */
export function BackToLibrary({ className, compact = false }: { className?: string; compact?: boolean }) {
  const t = useT();
  return (
    <Link
      to={LIBRARY_PATH}
      aria-label={compact ? t("portal.viewer.back") : undefined}
      className={cn(
        "inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-navy-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500",
        className,
      )}
    >
      <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
      <span className={compact ? "hidden lg:inline" : undefined}>{t("portal.viewer.back")}</span>
    </Link>
  );
}

/** While the view opens. */
export function ViewerLoading() {
  const t = useT();
  return (
    <div role="status" aria-live="polite" className="flex flex-1 flex-col items-center justify-center gap-4 p-10 text-slate-600">
      <Loader2 className="h-9 w-9 animate-spin text-gold-500" aria-hidden="true" />
      <span className="text-sm font-medium">{t("portal.viewer.loading")}</span>
    </div>
  );
}

/** Why no pages are shown, and what the reader can do: reopen, try again, read the notice, or go back. */
export function ViewerProblemPanel({ problem, onReopen }: { problem: ViewerProblem; onReopen: () => void }) {
  const t = useT();
  const { icon: Icon, tone, title, text, action } = PROBLEMS[problem];
  return (
    <div className="flex flex-1 items-start justify-center overflow-y-auto p-4 sm:items-center sm:p-8">
      <div role="alert" className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10" data-problem={problem}>
        <span className={cn("mx-auto flex h-12 w-12 items-center justify-center rounded-full", tone)}>
          <Icon className="h-6 w-6" aria-hidden="true" />
        </span>
        <h2 className="mt-5 font-display text-2xl font-semibold text-navy-950">{t(title)}</h2>
        <p className="mt-3 text-slate-600">{t(text)}</p>
        <div className="mt-6 flex flex-col-reverse items-stretch justify-center gap-2 sm:flex-row sm:items-center">
          <Button asChild variant={action ? "outline" : "default"}>
            <Link to={LIBRARY_PATH}>
              <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
              {t("portal.viewer.back")}
            </Link>
          </Button>
          {action ? (
            <Button onClick={onReopen}>
              {action === "notice" ? <ShieldAlert className="h-4 w-4" aria-hidden="true" /> : <RotateCw className="h-4 w-4" aria-hidden="true" />}
              {t(action === "reopen" ? "portal.viewer.goneAction" : action === "notice" ? "portal.viewer.declinedAction" : "portal.viewer.retry")}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
