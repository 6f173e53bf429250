import { Archive, ArchiveRestore, Mail, MailOpen } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DeleteIconButton } from "~/components/ui/icon-buttons";
import { useFormat, useT, type Translate } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { ContactRow } from "../contact-message-dialog";
import { ActionsHeader, adminColumnHelper } from "../data-table";

const col = adminColumnHelper<ContactRow>();
export const isUnread = (r: ContactRow) => !r.readAt;

/** What the cells need from the tab. A context, so the column definitions stay the same objects across
 * renders: a cell that re-mounted would lose the focus a closing dialog gives back to it. */
export type InboxActions = {
  open: (r: ContactRow) => void;
  setRead: (r: ContactRow, read: boolean) => void;
  setArchived: (r: ContactRow, archived: boolean) => void;
  askDelete: (r: ContactRow) => void;
  busy: (id: number) => boolean;
};
export const InboxActionsContext = React.createContext<InboxActions | null>(null);
const useInboxActions = () => React.useContext(InboxActionsContext)!;

function SubjectCell({ r }: { r: ContactRow }) {
  const t = useT();
  const f = useFormat();
  const { open } = useInboxActions();
  const unread = isUnread(r);
  return (
    <div className="min-w-0">
      <div className="flex items-start gap-2">
        {unread ? <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-gold-500" aria-hidden="true" /> : null}
        <button
          type="button"
          onClick={() => open(r)}
          className={cn(
            "rounded text-start text-navy-900 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500",
            unread ? "font-bold" : "font-normal",
          )}
        >
          <bdi>{r.subject}</bdi>
        </button>
        {unread ? (
          <Badge variant="gold" className="shrink-0 px-2 py-0 text-[0.7rem]">
            {t("admin.contact.unread")}
          </Badge>
        ) : null}
      </div>
      {/* On a phone the name and date columns are hidden; they show here instead. */}
      <p className="mt-1 break-words text-xs text-slate-500 md:hidden">
        <bdi>{r.fullName}</bdi> · <time dateTime={r.createdAt}>{f.when(r.createdAt)}</time>
      </p>
    </div>
  );
}

function RowActions({ r }: { r: ContactRow }) {
  const t = useT();
  const { open, setRead, setArchived, askDelete, busy } = useInboxActions();
  const unread = isUnread(r);
  return (
    <div className="flex items-center justify-end gap-0.5">
      {/* On a phone the subject itself is the button that opens the message; 'Open' would push the row past the screen. */}
      <Button
        variant="outline"
        size="sm"
        className="me-1 hidden sm:inline-flex"
        aria-label={t("admin.contact.openNamed", { subject: r.subject })}
        onClick={() => open(r)}
      >
        {t("admin.contact.open")}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t(unread ? "admin.contact.markReadNamed" : "admin.contact.markUnreadNamed", { subject: r.subject })}
        title={t(unread ? "admin.contact.markRead" : "admin.contact.markUnread")}
        onClick={() => setRead(r, unread)}
        disabled={busy(r.id)}
      >
        {unread ? <MailOpen className="h-4 w-4" aria-hidden="true" /> : <Mail className="h-4 w-4" aria-hidden="true" />}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t(r.archivedAt ? "admin.contact.unarchiveNamed" : "admin.contact.archiveNamed", { subject: r.subject })}
        title={t(r.archivedAt ? "admin.contact.unarchive" : "admin.contact.archive")}
        onClick={() => setArchived(r, !r.archivedAt)}
        disabled={busy(r.id)}
      >
        {r.archivedAt ? <ArchiveRestore className="h-4 w-4" aria-hidden="true" /> : <Archive className="h-4 w-4" aria-hidden="true" />}
      </Button>
      <DeleteIconButton
        aria-label={t("admin.contact.deleteNamed", { subject: r.subject })}
        title={t("admin.action.delete")}
        onClick={() => askDelete(r)}
        disabled={busy(r.id)}
      />
    </div>
  );
}

/** The inbox's columns; built once per language, so the cells stay the same objects across renders. */
export function inboxColumns(t: Translate, when: (iso: string) => string) {
  return [
    col.accessor("fullName", {
      header: t("admin.contact.col.name"),
      enableSorting: false,
      cell: ({ row }) => (
        <span className={cn("text-navy-950", isUnread(row.original) ? "font-bold" : "font-medium")}>
          <bdi>{row.original.fullName}</bdi>
        </span>
      ),
    }),
    col.accessor("email", {
      header: t("admin.contact.col.email"),
      enableSorting: false,
      cell: ({ getValue }) => (
        <a href={`mailto:${getValue()}`} className="inline-flex items-center gap-1.5 break-all text-navy-700 hover:underline">
          <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          <bdi>{getValue()}</bdi>
        </a>
      ),
    }),
    col.accessor("subject", { header: t("admin.contact.col.subject"), enableSorting: false, cell: ({ row }) => <SubjectCell r={row.original} /> }),
    col.accessor("message", {
      header: t("admin.contact.col.message"),
      enableSorting: false,
      cell: ({ getValue }) => (
        <p className="max-w-[14rem] truncate text-slate-600" dir="auto">
          {getValue()}
        </p>
      ),
    }),
    col.accessor("createdAt", {
      header: t("admin.contact.col.date"),
      enableSorting: false,
      cell: ({ getValue }) => (
        <time dateTime={getValue()} className="whitespace-nowrap text-slate-600">
          {when(getValue())}
        </time>
      ),
    }),
    col.display({ id: "actions", header: () => <ActionsHeader />, cell: ({ row }) => <RowActions r={row.original} /> }),
  ];
}
