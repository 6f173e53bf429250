import { Loader2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useFormat, useT } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";

/**
 * Below a table the server pages: how many rows are shown (`shownText`, given `count` and `shown`), and 'Show more'
 * (`moreText`) while the server has another page.
 */
export function PagedFooter({
  shown,
  hasMore,
  more,
  onMore,
  shownText,
  moreText,
}: {
  shown: number;
  hasMore: boolean;
  more: boolean;
  onMore: () => void;
  shownText: MessageId;
  moreText: MessageId;
}) {
  const t = useT();
  const f = useFormat();
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <span>{t(shownText, { count: shown, shown: f.count(shown) })}</span>
      {hasMore ? (
        <Button variant="outline" size="sm" onClick={onMore} disabled={more}>
          {more ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {t(moreText)}
        </Button>
      ) : null}
    </div>
  );
}
