import { Archive, Download, Inbox } from "lucide-react";
import * as React from "react";
import { cn } from "~/lib/utils";
import { ConfirmDialog } from "~/components/manage/confirm-dialog";
import { Button } from "~/components/ui/button";
import { useFormat, useLocale, useT } from "~/i18n/provider";
import { contactRoutes } from "~/lib/api/routes/contact";
import { href } from "~/lib/api/client";
import type { ContactPage } from "~/lib/contact-inbox-api";
import { ContactMessageDialog } from "./contact-message-dialog";
import { InboxActionsContext, inboxColumns, isUnread } from "./contact/inbox-columns";
import { useContactActions } from "./contact/use-contact-actions";
import { CONTACT_PAGE_SIZE, useContactList } from "./contact/use-contact-list";
import { ViewSwitch } from "./contact/view-switch";
import { Pager } from "./data-table";
import { RefreshButton, TabHeader } from "./tab-header";
import { TabTable } from "./tab-table";

export type { ContactRow } from "./contact-message-dialog";
export { CONTACT_PAGE_SIZE } from "./contact/use-contact-list";

/**
 * 'Contact Form Submissions': the inbox of the website's contact form; its screen's loader reads the inbox's first
 * page. The server pages newest first (limit/offset, totals in
 * X-Total-Count and X-Unread-Count), so a table of 100,000 messages costs one small page per view.
 * A message opens in a dialog (click, tap, Enter), which marks it read.
 */
export function ContactTab({ loaded: firstPage }: { loaded?: ContactPage | null }) {
  const t = useT();
  const locale = useLocale();
  const f = useFormat();
  const columns = React.useMemo(() => inboxColumns(t, f.when), [t, f]);
  const { view, setView, page, setPage, state, setState, refresh } = useContactList(firstPage);
  const { actions, setRead, setArchived, remove, pending, openId, setOpenId, toDelete, setToDelete } = useContactActions(setState, refresh);

  const { rows, total, unread, loaded, loading, failed } = state;
  const opened = rows.find((r) => r.id === openId) ?? null;

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
          <a href={href(contactRoutes.exportCsv, { query: { view, lang: locale } })} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t("admin.contact.export")}
          </a>
        </Button>
        <RefreshButton busy={loading} onClick={refresh} />
      </TabHeader>

      <ViewSwitch
        view={view}
        onChange={(value) => {
          setView(value);
          setPage(0);
        }}
        loaded={loaded}
        unread={unread}
      />

      <InboxActionsContext.Provider value={actions}>
        <TabTable
          label={t(view === "inbox" ? "admin.contact.tableLabel" : "admin.contact.archivedTableLabel")}
          data={rows}
          columns={columns}
          getRowId={(r) => String(r.id)}
          pageSize={0}
          rowClassName={(r) => cn("cursor-pointer hover:bg-gold-50", isUnread(r) && "bg-gold-50/60")}
          onRowClick={actions.open}
          columnClasses={{
            fullName: "hidden md:table-cell min-w-[9rem]",
            email: "hidden md:table-cell",
            subject: "w-full md:w-auto md:min-w-[15rem]",
            message: "hidden xl:table-cell",
            createdAt: "hidden md:table-cell",
            actions: "w-px whitespace-nowrap text-end",
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
