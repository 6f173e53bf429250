import { Archive, ArchiveRestore, Download, Inbox, Mail, MailOpen } from "lucide-react";
import * as React from "react";
import { toast } from "~/lib/toast";
import { ConfirmDialog } from "~/components/portal/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useDataLoadingError } from "~/hooks/use-admin-data";
import { useFormat, useLocale, useT, type Translate } from "~/i18n/provider";
import { contactEndpoints } from "../../../shared/api/contact";
import { ApiError, href } from "~/lib/api/client";
import { contactApi } from "~/lib/api/contact";
import { cn } from "~/lib/utils";
import type { MessageId } from "../../../shared/i18n/messages";
import type { ContactView } from "../../../shared/schemas";
import { ContactMessageDialog, type ContactRow } from "./contact-message-dialog";
import { ActionsHeader, Pager, adminColumnHelper } from "./data-table";
import { fetchContactPage } from "~/lib/contact-inbox-api";
import { failureText } from "./form-errors";
import { RefreshButton, TabHeader } from "./tab-header";
import { TabTable } from "./tab-table";
import { DeleteIconButton } from "~/components/ui/icon-buttons";

export type { ContactRow } from "./contact-message-dialog";

export const CONTACT_PAGE_SIZE = 25;
const col = adminColumnHelper<ContactRow>();
const isUnread = (r: ContactRow) => !r.readAt;

/** What the cells need from the tab. A context, so the column definitions stay the same objects across
 * renders: a cell that re-mounted would lose the focus a closing dialog gives back to it. */
type InboxActions = {
  open: (r: ContactRow) => void;
  setRead: (r: ContactRow, read: boolean) => void;
  setArchived: (r: ContactRow, archived: boolean) => void;
  askDelete: (r: ContactRow) => void;
  busy: (id: number) => boolean;
};
const InboxActionsContext = React.createContext<InboxActions | null>(null);
const useInboxActions = () => React.useContext(InboxActionsContext)!;

function SubjectCell({ r }: { r: ContactRow }) {
  const t = useT();
  const f = useFormat({ table: true });
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
  const { setRead, setArchived, askDelete, busy } = useInboxActions();
  const unread = isUnread(r);
  return (
    <div className="flex justify-end gap-0.5">
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
function inboxColumns(t: Translate, when: (iso: string) => string) {
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
        <a href={`mailto:${getValue()}`} className="inline-flex items-center gap-1.5 text-navy-700 hover:underline">
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
        <p className="max-w-[18rem] truncate text-slate-600" dir="auto">
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

type ListState = { rows: ContactRow[]; total: number; unread: number; loaded: boolean; loading: boolean; failed: boolean };

const VIEWS: Array<{ value: ContactView; label: MessageId; icon: typeof Inbox }> = [
  { value: "inbox", label: "admin.contact.inbox", icon: Inbox },
  { value: "archived", label: "admin.contact.archived", icon: Archive },
];

/**
 * 'Contact Form Submissions': the inbox of the website's contact form. Mounted only while its tab is
 * active, so the list is fetched only then. The server pages newest first (limit/offset, totals in
 * X-Total-Count and X-Unread-Count), so a table of 100,000 messages costs one small page per view.
 * A message opens in a dialog (click, tap, Enter), which marks it read.
 */
export function ContactTab() {
  const t = useT();
  const locale = useLocale();
  const f = useFormat({ table: true });
  const showDataLoadingError = useDataLoadingError();
  const columns = React.useMemo(() => inboxColumns(t, f.when), [t, f]);
  const updateFailed = React.useCallback(
    (err: unknown) => toast.error(t("manage.press.updateFailedTitle"), { description: failureText(err, t, "admin.contact.updateFailed") }),
    [t],
  );
  const [view, setView] = React.useState<ContactView>("inbox");
  const [page, setPage] = React.useState(0);
  const [reload, setReload] = React.useState(0);
  const [state, setState] = React.useState<ListState>({ rows: [], total: 0, unread: 0, loaded: false, loading: true, failed: false });
  const [openId, setOpenId] = React.useState<number | null>(null);
  const [toDelete, setToDelete] = React.useState<ContactRow | null>(null);
  const [pending, setPending] = React.useState<Set<number>>(() => new Set());
  const refresh = React.useCallback(() => setReload((n) => n + 1), []);

  React.useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    fetchContactPage({ view, limit: CONTACT_PAGE_SIZE, offset: page * CONTACT_PAGE_SIZE, signal: controller.signal })
      .then(({ rows, total, unread }) => {
        // A page emptied by deletions elsewhere: step back to the last page that has rows.
        if (rows.length === 0 && page > 0 && total > 0) {
          setPage(Math.max(0, Math.ceil(total / CONTACT_PAGE_SIZE) - 1));
          return;
        }
        setState({ rows, total, unread, loaded: true, loading: false, failed: false });
      })
      .catch((err: Error) => {
        if (err.name === "AbortError") return;
        setState((s) => ({ ...s, loading: false, failed: true }));
        showDataLoadingError();
      });
    return () => controller.abort();
  }, [page, view, reload, showDataLoadingError]);

  const { rows, total, unread, loaded, loading, failed } = state;
  const opened = rows.find((r) => r.id === openId) ?? null;

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
          if (!opts.quiet) toast.success(t(read ? "admin.contact.markedRead" : "admin.contact.markedUnread"), { description: r.subject });
        } catch (err) {
          setState((s) => ({ ...s, rows: s.rows.map((x) => (x.id === r.id ? { ...x, readAt: r.readAt } : x)) }));
          updateFailed(err);
          refresh();
        }
      }),
    [run, refresh, t, updateFailed],
  );

  const setArchived = React.useCallback(
    (r: ContactRow, archived: boolean) =>
      run(r.id, async () => {
        try {
          await contactApi.update({ params: { id: r.id }, body: { archived } });
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
    [run, refresh, t, updateFailed],
  );

  const remove = React.useCallback(
    async (r: ContactRow) => {
      await run(r.id, async () => {
        try {
          await contactApi.remove({ params: { id: r.id } });
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
    [run, refresh, t],
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

  const pages = Math.max(1, Math.ceil(total / CONTACT_PAGE_SIZE));
  const description = !loaded
    ? t("admin.contact.description")
    : view === "inbox"
      ? t("admin.contact.inboxCount", { count: total, shown: f.count(total), unread: f.count(unread) })
      : t("admin.contact.archivedCount", { count: total, shown: f.count(total) });

  return (
    <section aria-labelledby="contact-heading" aria-busy={loading}>
      <TabHeader id="contact-heading" title={t("admin.contact.title")} description={description}>
        <Button asChild variant="outline">
          <a href={href(contactEndpoints.exportCsv, { query: { view, lang: locale } })} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t("admin.contact.export")}
          </a>
        </Button>
        <RefreshButton busy={loading} onClick={refresh} />
      </TabHeader>

      <div className="mb-4 inline-flex rounded-lg border border-slate-200 bg-white p-1 shadow-sm" role="group" aria-label={t("admin.contact.show")}>
        {VIEWS.map(({ value, label, icon: Icon }) => {
          const active = view === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={active}
              onClick={() => {
                if (active) return;
                setView(value);
                setPage(0);
              }}
              className={cn(
                "inline-flex items-center gap-2 rounded-md px-3.5 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500",
                active ? "bg-navy-900 text-white" : "text-slate-600 hover:bg-slate-100 hover:text-navy-900",
              )}
            >
              <Icon className="h-4 w-4" aria-hidden="true" />
              {t(label)}
              {value === "inbox" && loaded && unread > 0 ? (
                <span className={cn("rounded-full px-1.5 text-xs", active ? "bg-gold-500 text-navy-950" : "bg-gold-100 text-gold-800")}>
                  {f.count(unread)}
                  <span className="sr-only"> {t("admin.contact.unreadCount")}</span>
                </span>
              ) : null}
            </button>
          );
        })}
      </div>

      <InboxActionsContext.Provider value={actions}>
        <TabTable
          label={t(view === "inbox" ? "admin.contact.tableLabel" : "admin.contact.archivedTableLabel")}
          data={rows}
          columns={columns}
          getRowId={(r) => String(r.id)}
          pageSize={0}
          rowClassName={(r) => (isUnread(r) ? "bg-gold-50/60" : undefined)}
          columnClasses={{
            fullName: "hidden md:table-cell min-w-[9rem]",
            email: "hidden md:table-cell",
            subject: "w-full md:w-auto md:min-w-[15rem]",
            message: "hidden lg:table-cell",
            createdAt: "hidden md:table-cell",
            actions: "w-28 text-end",
          }}
          status={!loaded && loading ? "loading" : failed && !loaded ? "failed" : "ready"}
          busy={loading}
          loadingLabel={t("admin.contact.loading")}
          loadingRows={6}
          failedText={t("admin.contact.loadFailed")}
          onRetry={refresh}
          emptyIcon={view === "inbox" ? Inbox : Archive}
          emptyText={t(view === "inbox" ? "admin.contact.empty" : "admin.contact.emptyArchived")}
          footer={
            total > CONTACT_PAGE_SIZE ? (
              <Pager
                className="mt-3 flex-col items-start sm:flex-row sm:items-center"
                label={t("admin.table.pages", { label: t("admin.contact.tableLabel") })}
                first={page * CONTACT_PAGE_SIZE + 1}
                last={Math.min(total, (page + 1) * CONTACT_PAGE_SIZE)}
                total={total}
                page={page + 1}
                pages={pages}
                onPrevious={() => setPage((p) => Math.max(0, p - 1))}
                onNext={() => setPage((p) => Math.min(pages - 1, p + 1))}
                canPrevious={page > 0 && !loading}
                canNext={page < pages - 1 && !loading}
              />
            ) : null
          }
        />
      </InboxActionsContext.Provider>

      <ContactMessageDialog
        message={opened}
        onOpenChange={(next) => !next && setOpenId(null)}
        onToggleRead={(m) => void setRead(m, !m.readAt)}
        onToggleArchived={(m) => void setArchived(m, !m.archivedAt)}
        onDelete={(m) => setToDelete(m)}
        busy={opened ? pending.has(opened.id) : false}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(next) => !next && setToDelete(null)}
        title={t("admin.contact.deleteTitle")}
        description={toDelete ? t("admin.contact.deleteText", { subject: toDelete.subject, name: toDelete.fullName }) : ""}
        confirmLabel={t("admin.action.delete")}
        onConfirm={() => (toDelete ? remove(toDelete) : Promise.resolve())}
      />
    </section>
  );
}
