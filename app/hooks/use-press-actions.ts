import * as React from "react";
import { failureText } from "~/components/manage/form-errors";
import { useT } from "~/i18n/provider";
import { hasErrorCode } from "~/lib/api/client";
import { pressApi } from "~/lib/api/press";
import { toast } from "~/lib/toast";
import type { MessageId } from "../../shared/i18n/messages";
import { HOMEPAGE_LIMIT_TOAST } from "../../shared/rules";

/** What the actions need to know about a release. */
export type PressActionTarget = { id: number; title: string; featured: boolean; showOnHomepage: boolean };

/** The question asked before a release is deleted (a message id: show it with `t(DELETE_PRESS_CONFIRM)`). */
export const DELETE_PRESS_CONFIRM = "manage.press.deleteConfirm" satisfies MessageId;

export type PressAction = "featured" | "homepage" | "delete";

/** The action running on one release; `value` is the flag it is setting (shown before the server answers). */
export type PendingPressAction = { id: number; action: PressAction; value?: boolean } | null;

/**
 * The press-release actions of the dashboard and the portal: set or clear the featured and homepage flags,
 * delete. One action runs at a time; while it runs, `pending` says which and `shown` gives the flag's new value.
 * A homepage flag refused by the limit (at most 3 releases on the homepage) gets its own toast.
 * `onChanged` reloads the data after a successful change.
 */
export function usePressActions({ onChanged }: { onChanged: () => Promise<unknown> | void }) {
  const t = useT();
  const [pending, setPending] = React.useState<PendingPressAction>(null);

  const run = React.useCallback(async <T>(next: NonNullable<PendingPressAction>, action: () => Promise<T>) => {
    setPending(next);
    try {
      return await action();
    } finally {
      setPending(null);
    }
  }, []);

  const setFeatured = React.useCallback(
    (release: PressActionTarget, value: boolean) =>
      run({ id: release.id, action: "featured", value }, async () => {
        try {
          await pressApi.setFlags({ params: { id: release.id }, body: { featured: value } });
          toast.success(t(value ? "manage.press.featuredSet" : "manage.press.featuredRemoved"), { description: release.title });
          await onChanged();
        } catch {
          toast.error(t("manage.press.updateFailedTitle"), { description: t("manage.press.featuredFailed") });
        }
      }),
    [run, onChanged, t],
  );

  const setHomepage = React.useCallback(
    (release: PressActionTarget, value: boolean) =>
      run({ id: release.id, action: "homepage", value }, async () => {
        try {
          await pressApi.setFlags({ params: { id: release.id }, body: { showOnHomepage: value } });
          toast.success(t(value ? "manage.press.homepageAdded" : "manage.press.homepageRemoved"), { description: release.title });
          await onChanged();
        } catch (err) {
          if (hasErrorCode(err, "HOMEPAGE_LIMIT"))
            toast.error(t.maybe(HOMEPAGE_LIMIT_TOAST.title) ?? "", { description: t.maybe(HOMEPAGE_LIMIT_TOAST.description) });
          else toast.error(t("manage.press.updateFailedTitle"), { description: t("manage.press.homepageFailed") });
        }
      }),
    [run, onChanged, t],
  );

  /** Deletes the release (the caller has asked for confirmation); `onDeleted` runs before the data reloads. */
  const remove = React.useCallback(
    (release: PressActionTarget, opts: { onDeleted?: () => void } = {}) =>
      run({ id: release.id, action: "delete" }, async () => {
        try {
          await pressApi.remove({ params: { id: release.id } });
          toast.success(t("manage.press.deleted"), { description: release.title });
          opts.onDeleted?.();
          await onChanged();
          return true;
        } catch (err) {
          toast.error(t("manage.press.deleteFailed"), { description: failureText(err, t) });
          return false;
        }
      }),
    [run, onChanged, t],
  );

  const isBusy = React.useCallback((id: number, action?: PressAction) => pending?.id === id && (!action || pending.action === action), [pending]);

  /** The flag as the user sees it: the value being set while its request runs, else the stored one. */
  const shown = React.useCallback(
    (release: PressActionTarget, flag: "featured" | "homepage") => {
      if (pending?.id === release.id && pending.action === flag && pending.value !== undefined) return pending.value;
      return flag === "featured" ? release.featured : release.showOnHomepage;
    },
    [pending],
  );

  return { pending, isBusy, shown, setFeatured, setHomepage, remove };
}
