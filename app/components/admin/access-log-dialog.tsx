import { CircleAlert, Loader2, ShieldX } from "lucide-react";
import * as React from "react";
import { toast } from "~/lib/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { useFormat, useT, type Translate } from "~/i18n/provider";
import { documentsApi } from "~/lib/api/documents";
import type { AccessLogEntry, AccessLogPage } from "../../../shared/api/documents";
import { cn } from "~/lib/utils";

/** One entry: a download, or a refused attempt (`userId` null when the visitor was not signed in). */
export type { AccessLogEntry };

const LOG_PAGE = 50;
/** What the dialog shows before the first page arrives. */
const NO_PAGE: AccessLogPage = { documentId: 0, count: 0, downloads: 0, refused: 0, failed: 0, pageTextReads: 0, logs: [] };

/** Who an entry is about: the user's name or e-mail, or 'Anonymous visitor' when nobody was signed in. */
export function entryWho(l: AccessLogEntry, t: Translate): { name: string; detail: string | null } {
  if (l.userId == null) return { name: t("admin.accessLog.anonymous"), detail: t("admin.accessLog.notSignedIn") };
  return { name: l.fullName || l.email || t("admin.accessLog.user", { id: String(l.userId) }), detail: l.fullName && l.email ? l.email : null };
}

/**
 * The access log of one document: downloads and refused attempts, newest first, fifty at a time.
 * Refused attempts (not signed in, or without the investor role) are marked 'Refused'.
 */
export function AccessLogDialog({ doc, onOpenChange }: { doc: { id: number; title: string } | null; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const f = useFormat();
  const [state, setState] = React.useState<{ page: AccessLogPage; status: "loading" | "ready" | "failed" }>({
    page: NO_PAGE,
    status: "loading",
  });
  const [more, setMore] = React.useState(false);

  React.useEffect(() => {
    if (!doc) return;
    let live = true;
    setState({ page: NO_PAGE, status: "loading" });
    documentsApi
      .accessLogs({ params: { id: doc.id }, query: { limit: LOG_PAGE } })
      .then((r) => live && setState({ page: r, status: "ready" }))
      .catch(() => live && setState((s) => ({ ...s, status: "failed" })));
    return () => {
      live = false;
    };
  }, [doc]);

  async function loadMore() {
    if (!doc) return;
    setMore(true);
    try {
      const r = await documentsApi.accessLogs({ params: { id: doc.id }, query: { limit: LOG_PAGE, offset: state.page.logs.length } });
      setState((s) => ({ ...s, page: { ...r, logs: [...s.page.logs, ...r.logs] } }));
    } catch {
      toast.error(t("admin.accessLog.moreFailed"));
    } finally {
      setMore(false);
    }
  }

  const { page } = state;
  const { refused, downloads, failed, pageTextReads } = page;
  const people = new Set(page.logs.filter((l) => !l.refused && !l.failed).map((l) => l.userId)).size;
  const stats = 3 + (failed > 0 ? 1 : 0) + (pageTextReads > 0 ? 1 : 0);
  const partial = page.logs.length < page.count;

  return (
    <Dialog open={Boolean(doc)} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t("admin.accessLog.title")}</DialogTitle>
          <DialogDescription>{doc?.title}</DialogDescription>
        </DialogHeader>
        {state.status === "loading" ? (
          <div role="status" className="space-y-2" aria-label={t("admin.accessLog.loading")}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        ) : state.status === "failed" ? (
          <p className="py-8 text-center text-sm text-slate-600">{t("admin.accessLog.loadFailed")}</p>
        ) : (
          <div className="space-y-4">
            <dl className={cn("grid gap-2 sm:gap-3", stats === 3 ? "grid-cols-3" : stats === 4 ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-2 sm:grid-cols-5")}>
              <Stat label={t("admin.accessLog.downloads")} value={f.count(downloads)} />
              <Stat label={t("admin.accessLog.refused")} value={f.count(refused)} tone={refused > 0 ? "red" : undefined} />
              {/* Downloads the server could not make are shown apart, never counted as downloads. */}
              {failed > 0 ? <Stat label={t("admin.accessLog.failed")} value={f.count(failed)} tone="red" /> : null}
              {pageTextReads > 0 ? <Stat label={t("admin.accessLog.pageText")} value={f.count(pageTextReads)} /> : null}
              <Stat label={t(partial ? "admin.accessLog.peopleShown" : "admin.accessLog.people")} value={f.count(people)} />
            </dl>
            {page.count === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 py-10 text-center text-sm text-slate-500">{t("admin.accessLog.empty")}</p>
            ) : (
              <div className="max-h-[50vh] overflow-auto rounded-lg border border-slate-200">
                <table className="w-full text-sm" aria-label={t("admin.accessLog.tableLabel", { title: doc?.title ?? "" })}>
                  <thead className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 text-start text-xs uppercase tracking-wider text-slate-500">
                    <tr>
                      <LogHeader>{t("admin.accessLog.who")}</LogHeader>
                      <LogHeader>{t("admin.accessLog.when")}</LogHeader>
                      <LogHeader className="hidden sm:table-cell">{t("admin.accessLog.ip")}</LogHeader>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {page.logs.map((l) => {
                      const who = entryWho(l, t);
                      return (
                        <tr
                          key={l.id}
                          className={cn(l.refused && "bg-red-50/50", l.failed && "bg-amber-50/50")}
                          data-refused={l.refused ? "true" : undefined}
                          data-failed={l.failed ? "true" : undefined}
                        >
                          <td className="px-3 py-2.5 align-top sm:px-4">
                            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                              <bdi className={cn("font-medium break-words", l.userId == null ? "text-slate-700" : "text-navy-950")}>{who.name}</bdi>
                              {l.refused ? (
                                <Badge variant="red" className="gap-1 whitespace-nowrap" title={t("admin.accessLog.refusedTitle")}>
                                  <ShieldX className="h-3 w-3" aria-hidden="true" />
                                  {t("admin.accessLog.refusedBadge")}
                                </Badge>
                              ) : l.failed ? (
                                <Badge variant="amber" className="gap-1 whitespace-nowrap" title={t("admin.accessLog.failedTitle")}>
                                  <CircleAlert className="h-3 w-3" aria-hidden="true" />
                                  {t("admin.accessLog.failedBadge")}
                                </Badge>
                              ) : l.kind === "page-text" ? (
                                <Badge variant="slate" className="whitespace-nowrap" title={t("admin.accessLog.pageTextTitle")}>
                                  {t("admin.accessLog.pageTextBadge")}
                                </Badge>
                              ) : null}
                            </div>
                            {who.detail ? (
                              <p className="break-all text-xs text-slate-500">
                                <bdi>{who.detail}</bdi>
                              </p>
                            ) : null}
                          </td>
                          <td className="px-3 py-2.5 align-top text-slate-600 sm:px-4">
                            <time dateTime={l.accessTime} className="whitespace-nowrap">
                              {f.when(l.accessTime)}
                            </time>
                            {l.version != null && l.viewId ? (
                              <p className="text-xs text-slate-500">{t("admin.accessLog.versionView", { version: l.version, viewId: l.viewId })}</p>
                            ) : null}
                            {/* On a phone the address sits under the time instead of in its own column. */}
                            <p className="break-all font-mono text-xs text-slate-500 sm:hidden" dir="ltr">
                              {l.ipAddress ?? "—"}
                            </p>
                          </td>
                          <td className="hidden px-4 py-2.5 align-top font-mono text-xs text-slate-600 sm:table-cell">
                            <bdi>{l.ipAddress ?? "—"}</bdi>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
            {partial ? (
              <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
                <span>{t("admin.accessLog.showing", { count: page.count, shown: f.count(page.logs.length), total: f.count(page.count) })}</span>
                <Button variant="outline" size="sm" onClick={() => void loadMore()} disabled={more}>
                  {more ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                  {t("admin.accessLog.more")}
                </Button>
              </div>
            ) : null}
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("common.dialog.close")}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function LogHeader({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <th scope="col" className={cn("px-3 py-2.5 text-start font-semibold sm:px-4", className)}>
      {children}
    </th>
  );
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: "red" }) {
  return (
    <div className={cn("min-w-0 rounded-lg border px-2.5 py-3 sm:px-4", tone === "red" ? "border-red-200 bg-red-50/60" : "border-slate-200 bg-slate-50/60")}>
      <dt
        className={cn(
          "truncate text-[10px] font-semibold uppercase tracking-normal sm:text-xs sm:tracking-wider",
          tone === "red" ? "text-red-700" : "text-slate-500",
        )}
      >
        {label}
      </dt>
      <dd className={cn("mt-1 font-display text-2xl font-semibold tabular-nums", tone === "red" ? "text-red-700" : "text-navy-950")}>{value}</dd>
    </div>
  );
}
