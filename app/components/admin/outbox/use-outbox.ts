import * as React from "react";
import { useAdminData } from "~/hooks/use-admin-data";
import { useT } from "~/i18n/provider";
import { outboxApi } from "~/lib/api/outbox";
import { toast } from "~/lib/toast";
import { useAttentionRefresh } from "../attention";
import { failureText } from "../../manage/form-errors";
import type { OutboxMessage, OutboxPage, OutboxRow } from "./types";

const fetchOutbox = () => outboxApi.list();

/** The outbox's messages, the one being read (fetched in full when opened), and sending a failed one again. */
export function useOutbox(loaded?: OutboxPage | null) {
  const t = useT();
  const { data, status, refreshing, load } = useAdminData<OutboxPage>(fetchOutbox, { sending: true, keepDays: 0, messages: [], nextBefore: null }, loaded);
  const [viewing, setViewing] = React.useState<OutboxMessage | null>(null);
  const [busy, setBusy] = React.useState<number | null>(null);
  // The dashboard's count of failed e-mails follows the list (loaded, refreshed, retried).
  const refreshAttention = useAttentionRefresh();
  React.useEffect(() => {
    if (status === "ready") refreshAttention();
  }, [data, status, refreshAttention]);

  const open = React.useCallback(
    async (row: OutboxRow) => {
      try {
        setViewing(await outboxApi.get({ params: { id: row.id } }));
      } catch (err) {
        toast.error(t("admin.outbox.openFailed"), { description: failureText(err, t) });
      }
    },
    [t],
  );
  const retry = React.useCallback(
    async (row: OutboxRow) => {
      setBusy(row.id);
      try {
        await outboxApi.retry({ params: { id: row.id } });
        toast.success(t("admin.outbox.retried"));
        await load();
      } catch (err) {
        toast.error(t("admin.outbox.retryFailed"), { description: failureText(err, t) });
      } finally {
        setBusy(null);
      }
    },
    [load, t],
  );

  return { data, status, refreshing, load, viewing, setViewing, busy, open, retry };
}
