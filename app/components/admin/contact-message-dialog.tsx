import * as React from "react";
import { Archive, ArchiveRestore, Mail, MailOpen, Reply, Trash2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useFormat, useT } from "~/i18n/provider";
import type { ContactMessageDto } from "../../../shared/api/contact";

/** A received message as the inbox reads it (readAt null while unread, archivedAt null while in the inbox). */
export type ContactRow = ContactMessageDto;

const replyHref = (m: ContactRow, subject: string) => `mailto:${m.email}?subject=${encodeURIComponent(subject)}`;

/** One received message in full, with what an admin does with it. Opens from the inbox by click, tap or keyboard. */
export function ContactMessageDialog({
  message,
  onOpenChange,
  onToggleRead,
  onToggleArchived,
  onDelete,
  busy,
}: {
  message: ContactRow | null;
  onOpenChange: (open: boolean) => void;
  onToggleRead: (m: ContactRow) => void;
  onToggleArchived: (m: ContactRow) => void;
  onDelete: (m: ContactRow) => void;
  busy: boolean;
}) {
  const t = useT();
  const f = useFormat();
  // Opened without a Radix trigger, so focus is given back by hand to what opened it (the subject in the list).
  const opener = React.useRef<HTMLElement | null>(null);
  const wasOpen = React.useRef(false);
  const isOpen = message !== null;
  if (isOpen && !wasOpen.current && typeof document !== "undefined") opener.current = document.activeElement as HTMLElement | null;
  wasOpen.current = isOpen;
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          const el = opener.current;
          if (el?.isConnected) {
            event.preventDefault();
            el.focus();
          }
        }}
      >
        {message ? (
          <>
            <DialogHeader>
              <div className="flex flex-wrap items-center gap-2">
                {message.archivedAt ? <Badge variant="slate">{t("admin.contact.archivedBadge")}</Badge> : null}
                {!message.readAt ? <Badge variant="gold">{t("admin.contact.unread")}</Badge> : null}
              </div>
              <DialogTitle className="break-words" dir="auto">
                {message.subject}
              </DialogTitle>
              <DialogDescription asChild>
                <div className="space-y-0.5">
                  <p>
                    {t.rich("admin.contact.from", {
                      name: message.fullName,
                      b: (chunks) => <bdi className="font-semibold text-navy-950">{chunks}</bdi>,
                    })}{" "}
                    <a href={`mailto:${message.email}`} dir="ltr" className="block break-all text-navy-700 underline-offset-2 hover:underline sm:inline-block">
                      &lt;{message.email}&gt;
                    </a>
                  </p>
                  <p>
                    {t.rich("admin.contact.received", {
                      when: f.when(message.createdAt),
                      time: (chunks) => <time dateTime={message.createdAt}>{chunks}</time>,
                    })}
                  </p>
                </div>
              </DialogDescription>
            </DialogHeader>

            <div
              // Each paragraph takes its own direction, so an Arabic line reads right to left beside English ones.
              className="max-h-[50vh] overflow-y-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-4 text-start text-[0.95rem] leading-relaxed text-slate-800 [unicode-bidi:plaintext]"
              tabIndex={0}
              role="region"
              aria-label={t("admin.contact.col.message")}
            >
              {message.message}
            </div>

            <DialogFooter className="sm:flex-wrap sm:justify-between">
              <Button asChild variant="default">
                <a href={replyHref(message, t("admin.contact.replySubject", { subject: message.subject }))}>
                  <Reply className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
                  {t("admin.contact.reply")}
                </a>
              </Button>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button variant="outline" onClick={() => onToggleRead(message)} disabled={busy}>
                  {message.readAt ? <Mail className="h-4 w-4" aria-hidden="true" /> : <MailOpen className="h-4 w-4" aria-hidden="true" />}
                  {t(message.readAt ? "admin.contact.markUnread" : "admin.contact.markRead")}
                </Button>
                <Button variant="outline" onClick={() => onToggleArchived(message)} disabled={busy}>
                  {message.archivedAt ? <ArchiveRestore className="h-4 w-4" aria-hidden="true" /> : <Archive className="h-4 w-4" aria-hidden="true" />}
                  {t(message.archivedAt ? "admin.contact.unarchive" : "admin.contact.archive")}
                </Button>
                <Button variant="outline" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => onDelete(message)} disabled={busy}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  {t("admin.action.delete")}
                </Button>
              </div>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
