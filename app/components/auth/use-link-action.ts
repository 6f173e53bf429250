import * as React from "react";
import { useRevalidator } from "react-router";
import { useT } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";

export type LinkAnswer = { ok: boolean; text: string };

/**
 * The button of a page an e-mailed link opens: sends `token` (through `send`, the link's API call) and keeps the
 * server's answer (its message, or `failed` when it has none); after a success the page's data is read again (the
 * header shows the user).
 */
export function useLinkAction(send: (token: string) => Promise<{ message: string }>, token: string | null, failed: MessageId) {
  const t = useT();
  const revalidator = useRevalidator();
  const [busy, setBusy] = React.useState(false);
  const [answer, setAnswer] = React.useState<LinkAnswer | null>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      const res = await send(token ?? "");
      setAnswer({ ok: true, text: res.message });
      await revalidator.revalidate();
    } catch (err) {
      setAnswer({ ok: false, text: t.maybe(err instanceof Error ? err.message : String(err)) ?? t(failed) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, answer, confirm };
}
