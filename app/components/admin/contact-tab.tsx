import { ChevronLeft, ChevronRight, Inbox, Loader2, Mail, RefreshCw } from "lucide-react";
import { Tooltip } from "radix-ui";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { DataTable, adminColumnHelper } from "./data-table";
import { showDataLoadingError } from "./load-error";
import { TabHeader } from "./tab-header";

export type ContactRow = { id: number; fullName: string; email: string; subject: string; message: string; createdAt: string };

export const CONTACT_PAGE_SIZE = 25;
const col = adminColumnHelper<ContactRow>();
const numberFormat = new Intl.NumberFormat("en-US");

function formatWhen(iso: string) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
}

/** The whole message on hover or keyboard focus; the cell shows one truncated line. */
function MessageCell({ message }: { message: string }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <p tabIndex={0} className="max-w-[22rem] cursor-help truncate rounded text-slate-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500">
          {message}
        </p>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          className="z-[70] max-h-80 max-w-md overflow-y-auto whitespace-pre-line rounded-lg bg-navy-950 px-4 py-3 text-sm leading-relaxed text-white shadow-xl"
        >
          {message}
          <Tooltip.Arrow className="fill-navy-950" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

const columns = [
  col.accessor("fullName", { header: "Name", enableSorting: false, cell: ({ getValue }) => <span className="font-medium text-navy-950">{getValue()}</span> }),
  col.accessor("email", {
    header: "Email",
    enableSorting: false,
    cell: ({ getValue }) => (
      <a href={`mailto:${getValue()}`} className="inline-flex items-center gap-1.5 text-navy-700 hover:underline">
        <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        {getValue()}
      </a>
    ),
  }),
  col.accessor("subject", { header: "Subject", enableSorting: false, cell: ({ getValue }) => <span className="text-slate-800">{getValue()}</span> }),
  col.accessor("message", { header: "Message", enableSorting: false, cell: ({ getValue }) => <MessageCell message={getValue()} /> }),
  col.accessor("createdAt", {
    header: "Date",
    enableSorting: false,
    cell: ({ getValue }) => (
      <time dateTime={getValue()} className="whitespace-nowrap text-slate-600">
        {formatWhen(getValue())}
      </time>
    ),
  }),
];

/**
 * 'Contact Form Submissions'. Mounted only while its tab is active, so the list is fetched only then.
 * The server pages newest first (limit/offset with the total in X-Total-Count), so a table of
 * 100,000 submissions costs one small page per view.
 */
export function ContactTab() {
  const [page, setPage] = React.useState(0);
  const [reload, setReload] = React.useState(0);
  const [state, setState] = React.useState<{ rows: ContactRow[]; total: number; loaded: boolean; loading: boolean; failed: boolean }>({
    rows: [],
    total: 0,
    loaded: false,
    loading: true,
    failed: false,
  });

  React.useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    fetch(`/api/contact?limit=${CONTACT_PAGE_SIZE}&offset=${page * CONTACT_PAGE_SIZE}`, {
      credentials: "include",
      headers: { Accept: "application/json" },
      signal: controller.signal,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const rows = (await res.json()) as ContactRow[];
        const total = Number(res.headers.get("X-Total-Count") ?? rows.length);
        // A page emptied by deletions elsewhere: step back to the last page that has rows.
        if (rows.length === 0 && page > 0 && total > 0) {
          setPage(Math.max(0, Math.ceil(total / CONTACT_PAGE_SIZE) - 1));
          return;
        }
        setState({ rows, total, loaded: true, loading: false, failed: false });
      })
      .catch((err: Error) => {
        if (err.name === "AbortError") return;
        setState((s) => ({ ...s, loading: false, failed: true }));
        showDataLoadingError();
      });
    return () => controller.abort();
  }, [page, reload]);

  const { rows, total, loaded, loading, failed } = state;
  const pages = Math.max(1, Math.ceil(total / CONTACT_PAGE_SIZE));
  const first = total === 0 ? 0 : page * CONTACT_PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * CONTACT_PAGE_SIZE);

  return (
    <section aria-labelledby="contact-heading" aria-busy={loading}>
      <TabHeader
        id="contact-heading"
        title="Contact Form Submissions"
        description={loaded ? `${numberFormat.format(total)} ${total === 1 ? "message" : "messages"} from the website's contact form, newest first.` : "Messages from the website's contact form, newest first."}
      >
        <Button variant="outline" onClick={() => setReload((n) => n + 1)} disabled={loading}>
          {loading ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
          Refresh
        </Button>
      </TabHeader>

      {!loaded && loading ? (
        <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label="Loading submissions">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-9 w-full" />
          ))}
        </div>
      ) : failed && !loaded ? (
        <div className="rounded-xl border border-slate-200 bg-white px-6 py-14 text-center shadow-sm">
          <p className="font-medium text-slate-700">The submissions could not be loaded.</p>
          <Button variant="outline" className="mt-4" onClick={() => setReload((n) => n + 1)}>
            Try again
          </Button>
        </div>
      ) : (
        <Tooltip.Provider delayDuration={700}>
          <div className={loading ? "opacity-60 transition-opacity" : "transition-opacity"}>
            <DataTable
              label="Contact form submissions"
              data={rows}
              columns={columns}
              getRowId={(r) => String(r.id)}
              pageSize={0}
              empty={
                <div className="space-y-2">
                  <Inbox className="mx-auto h-8 w-8 text-slate-300" aria-hidden="true" />
                  <p className="font-medium text-slate-700">No contact submissions yet</p>
                </div>
              }
              columnClasses={{ fullName: "min-w-[9rem]", subject: "min-w-[10rem]" }}
            />
          </div>
          {total > CONTACT_PAGE_SIZE ? (
            <nav className="mt-3 flex flex-col gap-3 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between" aria-label="Contact submissions pages">
              <span>
                Showing <strong className="font-semibold text-slate-900">{numberFormat.format(first)}</strong>–
                <strong className="font-semibold text-slate-900">{numberFormat.format(last)}</strong> of{" "}
                <strong className="font-semibold text-slate-900">{numberFormat.format(total)}</strong>
              </span>
              <div className="flex items-center gap-2">
                <span className="mr-1 text-slate-500">
                  Page {numberFormat.format(page + 1)} of {numberFormat.format(pages)}
                </span>
                <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0 || loading}>
                  <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                  Previous
                </Button>
                <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.min(pages - 1, p + 1))} disabled={page >= pages - 1 || loading}>
                  Next
                  <ChevronRight className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>
            </nav>
          ) : null}
        </Tooltip.Provider>
      )}
    </section>
  );
}
