import * as React from "react";
import { useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import { contactApi } from "~/lib/api/contact";
import { toast } from "~/lib/toast";
import type { ContactRow } from "../contact-message-dialog";
import { useAttentionRefresh } from "../attention";
import { failureText } from "../../manage/form-errors";
import { isUnread, type InboxActions } from "./inbox-columns";
import type { ListState } from "./use-contact-list";

/** The ids of the messages being changed; `run(id, work)` adds `id` until `work` is done. */
function usePendingIds() {
  const [pending, setPending] = React.useState<Set<number>>(() => new Set());
  const run = React.useCallback(async (id: number, work: () => Promise<void>) => {
    setPending((s) => new Set(s).add(id));
    try {
      await work();
    } finally {
      setPending((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }
  }, []);
  return { pending, run };
}

/**
 * What an admin does to messages: open one (which marks it read), mark read or unread, archive or restore (with an
 * undo), and delete after a confirmation. A row's controls wait while a change of it runs.
 */
export function useContactActions(setState: React.Dispatch<React.SetStateAction<ListState>>, refresh: () => void) {
  const t = useT();
  const refreshAttention = useAttentionRefresh();
  const updateFailed = React.useCallback(
    (err: unknown) => toast.error(t("manage.press.updateFailedTitle"), { description: failureText(err, t, "admin.contact.updateFailed") }),
    [t],
  );
  const [openId, setOpenId] = React.useState<number | null>(null);
  const [toDelete, setToDelete] = React.useState<ContactRow | null>(null);
  const { pending, run } = usePendingIds();

  /** Changes one row here at once and on the server; puts it back if the server refuses. */
  const setRead = React.useCallback(
    (r: ContactRow, read: boolean, opts: { quiet?: boolean } = {}) =>
      run(r.id, async () => {
        const readAt = read ? (r.readAt ?? new Date().toISOString()) : null;
        setState((s) => ({
          ...s,
          rows: s.rows.map((x) => (x.id === r.id ? { ...x, readAt } : x)),
          unread: r.archivedAt || Boolean(r.readAt) === read ? s.unread : s.unread + (read ? -1 : 1),
        }));
        try {
          await contactApi.update({ params: { id: r.id }, body: { read } });
          refreshAttention();
          if (!opts.quiet) toast.success(t(read ? "admin.contact.markedRead" : "admin.contact.markedUnread"), { description: r.subject });
        } catch (err) {
          setState((s) => ({ ...s, rows: s.rows.map((x) => (x.id === r.id ? { ...x, readAt: r.readAt } : x)) }));
          updateFailed(err);
          refresh();
        }
      }),
    [run, refresh, refreshAttention, setState, t, updateFailed],
  );

  const setArchived = React.useCallback(
    (r: ContactRow, archived: boolean) =>
      run(r.id, async () => {
        try {
          await contactApi.update({ params: { id: r.id }, body: { archived } });
          refreshAttention();
          setOpenId(null);
          toast.success(t(archived ? "admin.contact.archivedToast" : "admin.contact.unarchivedToast"), {
            description: r.subject,
            action: {
              label: t("admin.contact.undo"),
              onClick: () => {
                void contactApi.update({ params: { id: r.id }, body: { archived: !archived } }).then(refresh, updateFailed);
              },
            },
          });
          refresh();
        } catch (err) {
          updateFailed(err);
        }
      }),
    [run, refresh, refreshAttention, t, updateFailed],
  );

  const remove = React.useCallback(
    async (r: ContactRow) => {
      await run(r.id, async () => {
        try {
          await contactApi.remove({ params: { id: r.id } });
          refreshAttention();
          setToDelete(null);
          setOpenId(null);
          toast.success(t("admin.contact.deleted"), { description: r.subject });
          refresh();
        } catch (err) {
          if (err instanceof ApiError && err.status === 404) {
            setToDelete(null);
            setOpenId(null);
            refresh();
            return;
          }
          toast.error(t("admin.contact.deleteFailed"), { description: failureText(err, t) });
        }
      });
    },
    [run, refresh, refreshAttention, t],
  );

  const open = React.useCallback(
    (r: ContactRow) => {
      setOpenId(r.id);
      if (isUnread(r)) void setRead(r, true, { quiet: true });
    },
    [setRead],
  );

  const actions = React.useMemo<InboxActions>(
    () => ({
      open,
      setRead: (r, read) => void setRead(r, read),
      setArchived: (r, archived) => void setArchived(r, archived),
      askDelete: setToDelete,
      busy: (id) => pending.has(id),
    }),
    [open, setRead, setArchived, pending],
  );

  return { actions, setRead, setArchived, remove, pending, openId, setOpenId, toDelete, setToDelete };
}
