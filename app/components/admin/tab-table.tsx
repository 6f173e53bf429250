import type { RowData } from "@tanstack/react-table";
import type { LucideIcon } from "lucide-react";
import { cn } from "~/lib/utils";
import { DataTable, type DataTableProps } from "./data-table";
import { TabLoadFailed, TabLoading } from "./tab-header";

export type LoadStatus = "loading" | "ready" | "failed";

/**
 * A dashboard tab's list in its three states: grey bars while it loads (announced by `loadingLabel`), what failed and
 * 'Try again' when it could not be loaded, else the table; an empty table shows `emptyIcon`, `emptyText` and an
 * optional `emptyHint`. While `busy` (a reload) the table is dimmed; `footer` follows it.
 */
export function TabTable<T extends RowData>({
  status,
  loadingLabel,
  loadingRows,
  failedText,
  onRetry,
  emptyIcon: EmptyIcon,
  emptyText,
  emptyHint,
  busy = false,
  footer,
  ...table
}: Omit<DataTableProps<T>, "empty"> & {
  status: LoadStatus;
  loadingLabel: string;
  /** How many grey bars stand for the rows while loading. */
  loadingRows?: number;
  failedText: string;
  onRetry: () => void;
  emptyIcon: LucideIcon;
  emptyText: string;
  emptyHint?: React.ReactNode;
  /** A reload of a list already shown: the table stays, dimmed. */
  busy?: boolean;
  /** Below the table once loaded (a pager, 'Show more'). */
  footer?: React.ReactNode;
}) {
  if (status === "loading") return <TabLoading label={loadingLabel} rows={loadingRows} />;
  if (status === "failed") return <TabLoadFailed text={failedText} onRetry={onRetry} />;
  return (
    <>
      <div className={cn("transition-opacity", busy && "opacity-60")}>
        <DataTable
          {...table}
          empty={
            <div className="space-y-2">
              <EmptyIcon className="mx-auto h-8 w-8 text-slate-300" aria-hidden="true" />
              <p className="font-medium text-slate-700">{emptyText}</p>
              {emptyHint ? <p className="text-sm">{emptyHint}</p> : null}
            </div>
          }
        />
      </div>
      {footer}
    </>
  );
}
