import * as React from "react";
import { failureText } from "~/components/manage/form-errors";
import { useT } from "~/i18n/provider";
import { portfolioApi } from "~/lib/api/portfolio";
import { toast } from "~/lib/toast";
import type { MessageId } from "../../shared/i18n/messages";

/** The question asked before a company is deleted (a message id: show it with `t(DELETE_PORTFOLIO_CONFIRM)`). */
export const DELETE_PORTFOLIO_CONFIRM = "manage.portfolio.deleteConfirm" satisfies MessageId;

/** What the actions need to know about a portfolio company. */
export type PortfolioActionTarget = { id: number; name: string };

/**
 * The portfolio actions of the dashboard and the portal. `deleting` is the id being deleted;
 * `onChanged` reloads the data after a successful change.
 */
export function usePortfolioActions({ onChanged }: { onChanged: () => Promise<unknown> | void }) {
  const t = useT();
  const [deleting, setDeleting] = React.useState<number | null>(null);

  /** Deletes the company (the caller has asked for confirmation); `onDeleted` runs before the data reloads. */
  const remove = React.useCallback(
    async (item: PortfolioActionTarget, opts: { onDeleted?: () => void } = {}) => {
      setDeleting(item.id);
      try {
        await portfolioApi.remove({ params: { id: item.id } });
        toast.success(t("manage.portfolio.deleted"), { description: item.name });
        opts.onDeleted?.();
        await onChanged();
        return true;
      } catch (err) {
        toast.error(t("manage.portfolio.deleteFailed"), { description: failureText(err, t) });
        return false;
      } finally {
        setDeleting(null);
      }
    },
    [onChanged, t],
  );

  return { deleting, remove };
}
