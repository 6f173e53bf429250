import { ChevronDown, ChevronUp, Download, Loader2, MoveHorizontal, RefreshCw, ZoomIn, ZoomOut } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { DownloadMode } from "../../../shared/data-room";
import { parsePageInput } from "./viewer-layout";
import { UpdatedOn } from "./updated-on";
import { BackToLibrary } from "./viewer-states";

/** The bar above the pages; a page without a document yet shows it with the back link and a heading only. */
export function ToolbarFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="relative z-10 shrink-0 border-b border-slate-200 bg-white shadow-sm">
      <div className="mx-auto flex max-w-[96rem] flex-wrap items-center gap-x-2 gap-y-1.5 px-2 py-2 sm:px-4 lg:flex-nowrap lg:gap-x-4">{children}</div>
    </div>
  );
}

/** A square icon button whose name is its label (and a tooltip for the mouse). */
function ToolButton({ label, icon: Icon, ...props }: { label: string; icon: typeof ZoomIn } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} {...props}>
      <Icon className="h-4 w-4" aria-hidden="true" />
    </Button>
  );
}

/** The page number box: what the reader types goes to that page on Enter or when they leave it. */
function PageInput({ page, pageCount, onGo }: { page: number; pageCount: number; onGo: (page: number) => void }) {
  const t = useT();
  const f = useFormat();
  const id = React.useId();
  const [draft, setDraft] = React.useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const target = parsePageInput(draft, pageCount);
    setDraft(null);
    if (target !== null && target !== page) onGo(target);
  };
  return (
    <div className="flex items-center gap-1.5 text-sm text-slate-600">
      <label htmlFor={id} className="sr-only">
        {t("portal.viewer.pageNumber")}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        enterKeyHint="go"
        autoComplete="off"
        value={draft ?? String(page)}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          } else if (e.key === "Escape") {
            setDraft(null);
          }
        }}
        className="h-8 w-12 rounded-md border border-slate-300 bg-white text-center text-sm tabular-nums text-navy-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
        data-testid="page-input"
      />
      <span className="whitespace-nowrap tabular-nums" data-testid="page-total">
        {t("portal.viewer.pageTotal", { count: f.count(pageCount) })}
      </span>
    </div>
  );
}

export type ToolbarProps = {
  title: string;
  contentLocale: "en" | "ar";
  version: number;
  versionUpdatedAt: string;
  versionNote: string | null;
  page: number;
  pageCount: number;
  onGo: (page: number) => void;
  zoomScale: number;
  canZoomIn: boolean;
  canZoomOut: boolean;
  fit: boolean;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
  /** Null when the document cannot be downloaded. */
  download: { mode: DownloadMode; busy: boolean; onDownload: () => void } | null;
};

/**
 * The viewer's bar: back to the library, the title (and 'Updated on …' with the note for a later version), the page
 * counter with previous and next, zoom, and the download when the document allows one. It follows the page's
 * direction (mirrored in Arabic); its controls wrap to a second row on narrow screens.
 */
export function ViewerToolbar(props: ToolbarProps) {
  const t = useT();
  const { title, contentLocale, version, versionUpdatedAt, versionNote, page, pageCount, onGo } = props;
  const stamped = props.download?.mode === "stamped";
  return (
    <ToolbarFrame>
      <BackToLibrary compact className="order-1" />
      <div className="order-2 min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold text-navy-950 sm:text-lg" lang={contentLocale} dir="auto" title={title}>
          {title}
        </h1>
        {version > 1 ? (
          <p className="flex min-w-0 items-center gap-1 text-xs text-slate-500" data-testid="viewer-updated">
            <RefreshCw className="h-3 w-3 shrink-0 text-gold-600" aria-hidden="true" />
            <span className="truncate">
              <UpdatedOn doc={{ version, versionUpdatedAt, versionNote }} />
            </span>
          </p>
        ) : null}
      </div>
      {props.download ? (
        <div className="order-3 lg:order-5">
          <Button
            variant="outline"
            size="sm"
            onClick={props.download.onDownload}
            disabled={props.download.busy}
            aria-busy={props.download.busy || undefined}
            aria-label={t(stamped ? "portal.viewer.downloadStamped" : "portal.viewer.download")}
            className="h-9 px-2.5 sm:px-3"
          >
            {props.download.busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
            <span className="hidden sm:inline xl:hidden">{t("portal.viewer.download")}</span>
            <span className="hidden xl:inline">{t(stamped ? "portal.viewer.downloadStamped" : "portal.viewer.download")}</span>
          </Button>
        </div>
      ) : null}
      <div className="order-4 flex w-full items-center justify-between gap-2 border-t border-slate-100 pt-1.5 lg:w-auto lg:justify-end lg:gap-4 lg:border-0 lg:pt-0">
        <div className="flex items-center gap-0.5" role="group" aria-label={t("portal.viewer.pageNumber")}>
          <ToolButton label={t("portal.viewer.previous")} icon={ChevronUp} onClick={() => onGo(page - 1)} disabled={page <= 1} />
          <PageInput page={page} pageCount={pageCount} onGo={onGo} />
          <ToolButton label={t("portal.viewer.next")} icon={ChevronDown} onClick={() => onGo(page + 1)} disabled={page >= pageCount} />
        </div>
        <div className="flex items-center gap-0.5">
          <ToolButton label={t("portal.viewer.zoomOut")} icon={ZoomOut} onClick={props.onZoomOut} disabled={!props.canZoomOut} />
          <span className="w-12 text-center text-xs font-medium tabular-nums text-slate-600" data-testid="zoom-value">
            {t("portal.viewer.zoomValue", { value: props.zoomScale })}
          </span>
          <ToolButton label={t("portal.viewer.zoomIn")} icon={ZoomIn} onClick={props.onZoomIn} disabled={!props.canZoomIn} />
          <ToolButton
            label={t("portal.viewer.fitWidth")}
            icon={MoveHorizontal}
            onClick={props.onFit}
            aria-pressed={props.fit}
            className={cn(props.fit && "bg-slate-100 text-gold-700")}
          />
        </div>
      </div>
    </ToolbarFrame>
  );
}
