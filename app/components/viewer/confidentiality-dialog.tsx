import { Loader2, ShieldCheck } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useFormat, useLocale, useT } from "~/i18n/provider";
import { hasErrorCode } from "~/lib/api/client";
import { dataRoomApi } from "~/lib/api/data-room";
import type { ConfidentialityStatus } from "../../../shared/api/data-room";
import type { MessageId } from "../../../shared/i18n/messages";

export type Notice = NonNullable<ConfidentialityStatus["notice"]>;

type DialogProps = {
  notice: Notice | null;
  busy: boolean;
  /** A message above the buttons: the acceptance failed, or the notice changed meanwhile. */
  problem: MessageId | null;
  onAccept: () => void;
  onCancel: () => void;
};

/** The notice in force, to read (its text scrolls inside the dialog) and accept, or to decline. */
export function ConfidentialityDialog({ notice, busy, problem, onAccept, onCancel }: DialogProps) {
  const t = useT();
  const f = useFormat();
  return (
    <Dialog open={notice !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      {notice ? (
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <ShieldCheck className="h-5 w-5 shrink-0 text-gold-600" aria-hidden="true" />
              {t("portal.confidentiality.title")}
            </DialogTitle>
            <DialogDescription>{t("portal.confidentiality.intro")}</DialogDescription>
          </DialogHeader>
          <p className="mb-2 text-xs text-slate-500">
            {t.rich("portal.confidentiality.version", {
              version: notice.version,
              date: f.date(notice.createdAt),
              time: (chunks) => <time dateTime={notice.createdAt}>{chunks}</time>,
            })}
          </p>
          {/* A region of its own so a keyboard can scroll a long notice; it is in the notice's own language. */}
          <div
            role="region"
            aria-label={t("portal.confidentiality.textLabel")}
            tabIndex={0}
            lang={notice.contentLocale}
            dir={notice.contentLocale === "ar" ? "rtl" : "ltr"}
            className="max-h-[45vh] max-h-[45dvh] overflow-y-auto whitespace-pre-line rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
            data-testid="confidentiality-text"
          >
            {notice.text}
          </div>
          {problem ? (
            <p role="alert" className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
              {t(problem)}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              {t("portal.confidentiality.cancel")}
            </Button>
            <Button onClick={onAccept} disabled={busy} aria-busy={busy || undefined}>
              {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {t("portal.confidentiality.accept")}
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/**
 * The confidentiality gate of a document that requires the notice. `ensure()` reads the notice in force and whether
 * the reader accepted it; when they have not, it shows the dialog and resolves once they accept (true, after the
 * acceptance is recorded) or decline (false). It resolves true at once when no notice is in force or it was
 * accepted. Call it before a view or a download of such a document, and again when the server answers
 * CONFIDENTIALITY_REQUIRED (the notice changed meanwhile). It rejects when the notice cannot be read.
 */
export function useConfidentialityGate() {
  const locale = useLocale();
  const [notice, setNotice] = React.useState<Notice | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [problem, setProblem] = React.useState<MessageId | null>(null);
  const settle = React.useRef<((accepted: boolean) => void) | null>(null);

  const finish = React.useCallback((accepted: boolean) => {
    const resolve = settle.current;
    settle.current = null;
    setNotice(null);
    setProblem(null);
    setBusy(false);
    resolve?.(accepted);
  }, []);

  const ensure = React.useCallback(async (): Promise<boolean> => {
    const status = await dataRoomApi.confidentiality({ query: { lang: locale } });
    if (!status.notice || status.accepted) return true;
    // A gate already open (two clicks) is answered by the same decision.
    settle.current?.(false);
    const shown = status.notice;
    return new Promise<boolean>((resolve) => {
      settle.current = resolve;
      setProblem(null);
      setNotice(shown);
    });
  }, [locale]);

  const accept = React.useCallback(async () => {
    if (!notice) return;
    setBusy(true);
    setProblem(null);
    try {
      await dataRoomApi.accept({ body: { version: notice.version } });
      finish(true);
    } catch (err) {
      if (hasErrorCode(err, "CONFLICT")) {
        // A newer notice came into force while this one was open: show it; the reader accepts that one.
        try {
          const status = await dataRoomApi.confidentiality({ query: { lang: locale } });
          if (!status.notice || status.accepted) return finish(true);
          setNotice(status.notice);
          setProblem("portal.confidentiality.updated");
        } catch {
          setProblem("portal.confidentiality.failed");
        }
      } else {
        setProblem("portal.confidentiality.failed");
      }
      setBusy(false);
    }
  }, [notice, locale, finish]);

  // A page that goes away with the dialog open has declined.
  React.useEffect(() => () => settle.current?.(false), []);

  const dialog = <ConfidentialityDialog notice={notice} busy={busy} problem={problem} onAccept={() => void accept()} onCancel={() => finish(false)} />;
  return { ensure, dialog, open: notice !== null };
}
