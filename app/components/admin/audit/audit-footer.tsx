import { Loader2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useFormat, useT } from "~/i18n/provider";

/** Below the audit table: how many events are shown, and 'Show more' while the server has older ones. */
export function AuditFooter({ shown, hasMore, more, onMore }: { shown: number; hasMore: boolean; more: boolean; onMore: () => void }) {
  const t = useT();
  const f = useFormat();
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <span>{t("admin.audit.shown", { count: shown, shown: f.count(shown) })}</span>
      {hasMore ? (
        <Button variant="outline" size="sm" onClick={onMore} disabled={more}>
          {more ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {t("admin.audit.more")}
        </Button>
      ) : null}
    </div>
  );
}
