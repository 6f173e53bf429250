import {
  BookOpen,
  CalendarClock,
  Download,
  Eye,
  FileSpreadsheet,
  FileText,
  FileType,
  FolderSearch,
  Loader2,
  Lock,
  RefreshCw,
  Search,
  Stamp,
  UserCheck,
} from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Link } from "~/i18n/link";
import { useDir, useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { documentsApi } from "~/lib/api/documents";
import { DOCUMENT_SORTS, FILE_KIND_LABEL, fileKind, periodLabel, sortDocuments, type DocumentSort, type FileKind } from "~/lib/document-files";
import { periodYears } from "../../../shared/document-period";
import type { MessageId } from "../../../shared/i18n/messages";
import { SEARCH_LIMITS } from "../../../shared/limits";
import { viewerPath } from "~/components/viewer/paths";
import { UpdatedOn } from "~/components/viewer/updated-on";
import { useDocumentDownload } from "~/components/viewer/use-document-download";
import { ContentText, TranslationMissingNote } from "./panel-parts";
import type { PortalCategory, PortalDocument } from "./types";

/** The message ids of the empty library's title and texts. */
export const EMPTY_TEXT = {
  title: "portal.docs.emptyTitle",
  all: "portal.docs.emptyAll",
  category: "portal.docs.emptyCategory",
  filtered: "portal.docs.emptyFiltered",
} as const satisfies Record<string, MessageId>;

const KIND_STYLE: Record<FileKind, { icon: typeof FileText; tile: string }> = {
  pdf: { icon: FileText, tile: "bg-red-50 text-red-600 ring-red-100" },
  spreadsheet: { icon: FileSpreadsheet, tile: "bg-emerald-50 text-emerald-600 ring-emerald-100" },
  document: { icon: FileType, tile: "bg-sky-50 text-sky-700 ring-sky-100" },
};

export function FileTypeIcon({ fileType, fileName }: { fileType: string | null; fileName: string }) {
  const t = useT();
  const kind = fileKind(fileType, fileName);
  const { icon: Icon, tile } = KIND_STYLE[kind];
  return (
    <span className={cn("flex h-11 w-11 shrink-0 items-center justify-center rounded-lg ring-1", tile)} data-file-kind={kind}>
      <Icon className="h-5 w-5" aria-hidden="true" />
      <span className="sr-only">{t(FILE_KIND_LABEL[kind])}</span>
    </span>
  );
}

/**
 * The download: the file as uploaded, or a copy stamped with the reader's name (said in the button's name). Without
 * JavaScript the link itself downloads; with it, the confidentiality notice is asked for first when the document
 * requires it, and a refusal says why.
 */
function DownloadButton({ doc, fileUrl }: { doc: PortalDocument; fileUrl: string }) {
  const t = useT();
  const { busy, download, dialog } = useDocumentDownload();
  const stamped = doc.downloadMode === "stamped";
  return (
    <>
      <Button asChild variant="outline" size="sm" className={cn("w-full sm:w-auto", busy && "pointer-events-none opacity-70")}>
        <a
          href={fileUrl}
          download={doc.fileName}
          aria-label={t(stamped ? "portal.docs.downloadStampedLabel" : "portal.docs.downloadLabel", { title: doc.title })}
          aria-busy={busy || undefined}
          onClick={(e) => {
            e.preventDefault();
            if (!busy) void download(doc);
          }}
        >
          {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
          {t("portal.docs.download")}
        </a>
      </Button>
      {dialog}
    </>
  );
}

/** Opens a PDF in the viewer (its page, in the portal's language). */
function ReadButton({ doc }: { doc: PortalDocument }) {
  const t = useT();
  return (
    <Button asChild size="sm" className="w-full sm:w-auto">
      <Link to={viewerPath(doc.id)} aria-label={t("portal.docs.readLabel", { title: doc.title })}>
        <BookOpen className="h-4 w-4" aria-hidden="true" />
        {t("portal.docs.read")}
      </Link>
    </Button>
  );
}

/** What a reader should know of a document's access: a later version, an end date, how it may leave the portal. */
function AccessNotes({ doc }: { doc: PortalDocument }) {
  const t = useT();
  const f = useFormat();
  const notes: React.ReactNode[] = [];
  if (doc.version > 1)
    notes.push(
      <span key="updated" className="inline-flex items-start gap-1 text-navy-800" data-testid="document-updated">
        <RefreshCw className="mt-0.5 h-3 w-3 shrink-0 text-gold-600" aria-hidden="true" />
        <span>
          <UpdatedOn doc={doc} />
        </span>
      </span>,
    );
  if (doc.expiresAt) {
    const until = doc.expiresAt;
    notes.push(
      <span key="until" className="inline-flex items-center gap-1" data-testid="document-until">
        <CalendarClock className="h-3 w-3 shrink-0" aria-hidden="true" />
        <span>{t.rich("portal.docs.availableUntil", { date: f.date(until), time: (chunks) => <time dateTime={until}>{chunks}</time> })}</span>
      </span>,
    );
  }
  if (!doc.fileUrl && doc.viewable)
    notes.push(
      <span key="online" className="inline-flex items-center gap-1">
        <Eye className="h-3 w-3 shrink-0" aria-hidden="true" />
        <span>{t("portal.docs.viewOnly")}</span>
      </span>,
    );
  else if (doc.fileUrl && doc.downloadMode === "stamped")
    notes.push(
      <span key="stamped" className="inline-flex items-center gap-1">
        <Stamp className="h-3 w-3 shrink-0" aria-hidden="true" />
        <span>{t("portal.docs.stamped")}</span>
      </span>,
    );
  if (!notes.length) return null;
  return <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">{notes}</p>;
}

function DocumentRow({ doc, showCategory }: { doc: PortalDocument; showCategory: boolean }) {
  const t = useT();
  // The library is the portal's document table: dates, years and sizes in Latin digits.
  const f = useFormat();
  const size = f.fileSize(doc.fileSize);
  const period = periodLabel(doc, t, f);
  return (
    <li className="flex flex-col gap-4 px-5 py-5 sm:flex-row sm:items-center sm:gap-5 sm:px-6" data-testid="document-row">
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <FileTypeIcon fileType={doc.fileType} fileName={doc.fileName} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h4 className="font-semibold text-navy-950 [overflow-wrap:anywhere]">
              <ContentText of={doc}>{doc.title}</ContentText>
            </h4>
            {period ? (
              <Badge variant="slate" data-testid="document-period">
                {period}
              </Badge>
            ) : null}
            {doc.isPublic ? <Badge variant="green">{t("portal.docs.public")}</Badge> : <Badge variant="gold">{t("portal.docs.investorOnly")}</Badge>}
            {doc.restricted ? (
              <Badge variant="outline" className="gap-1" data-testid="document-shared">
                <UserCheck className="h-3 w-3" aria-hidden="true" />
                {t("portal.docs.shared")}
              </Badge>
            ) : null}
            {doc.requiresConfidentiality ? (
              <Badge variant="slate" className="gap-1">
                <Lock className="h-3 w-3" aria-hidden="true" />
                {t("portal.docs.confidential")}
              </Badge>
            ) : null}
          </div>
          {doc.description ? (
            <p className="mt-1 text-sm leading-relaxed text-slate-600">
              <ContentText of={doc}>{doc.description}</ContentText>
            </p>
          ) : (
            <p className="mt-1 text-sm italic text-slate-500">{t("portal.docs.noDescription")}</p>
          )}
          <p className="mt-2 flex flex-wrap gap-x-2 gap-y-0.5 text-xs text-slate-500 [&>span+span]:before:me-2 [&>span+span]:before:content-['·']">
            {showCategory && doc.categoryName ? (
              <span className="font-medium text-slate-600">
                <bdi>{doc.categoryName}</bdi>
              </span>
            ) : null}
            <span>
              {t.rich("portal.docs.published", { date: f.date(doc.publishedAt), time: (chunks) => <time dateTime={doc.publishedAt}>{chunks}</time> })}
            </span>
            {size ? (
              <span>
                <bdi>{size}</bdi>
              </span>
            ) : null}
          </p>
          <AccessNotes doc={doc} />
        </div>
      </div>
      {doc.viewable || doc.fileUrl ? (
        <div className="flex flex-col gap-2 ps-15 sm:shrink-0 sm:flex-row sm:ps-0">
          {doc.viewable ? <ReadButton doc={doc} /> : null}
          {doc.fileUrl ? <DownloadButton doc={doc} fileUrl={doc.fileUrl} /> : null}
        </div>
      ) : null}
    </li>
  );
}

function EmptyState({ text }: { text: MessageId }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-400">
        <FolderSearch className="h-6 w-6" aria-hidden="true" />
      </span>
      <p className="mt-4 font-semibold text-navy-950">{t(EMPTY_TEXT.title)}</p>
      <p className="mt-1 text-sm text-slate-500">{t(text)}</p>
    </div>
  );
}

export function DocumentList({ documents, emptyText, showCategory }: { documents: PortalDocument[]; emptyText: MessageId; showCategory: boolean }) {
  const t = useT();
  if (documents.length === 0) return <EmptyState text={emptyText} />;
  return (
    <ul className="divide-y divide-slate-100" aria-label={t("portal.docs.listLabel")}>
      {documents.map((doc) => (
        <DocumentRow key={doc.id} doc={doc} showCategory={showCategory} />
      ))}
    </ul>
  );
}

/** A label above its control; the visible text is the control's whole accessible name. */
function Control({ id, label, className, children }: { id: string; label: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-600">
        {label}
      </label>
      {children}
    </div>
  );
}

type SearchState = { status: "idle" | "searching" | "failed"; ids: ReadonlySet<number> | null };

/**
 * The documents whose title or description (in English or Arabic) or category holds every word of `q`, asked of the
 * server, which reads both languages and folds Arabic spellings; null ids while nothing is searched. The answer can
 * only hold documents the reader may open, and the library shows the ones it already has among them.
 */
function useDocumentSearch(q: string): SearchState {
  const [state, setState] = React.useState<SearchState>({ status: "idle", ids: null });
  const words = q.trim();
  React.useEffect(() => {
    if (!words) {
      setState({ status: "idle", ids: null });
      return;
    }
    setState((s) => ({ ...s, status: "searching" }));
    const controller = new AbortController();
    // Typing a word sends one request when the reader pauses, not one per letter.
    const timer = window.setTimeout(() => {
      documentsApi
        .list({ query: { q: words }, init: { signal: controller.signal } })
        .then((docs) => setState({ status: "idle", ids: new Set(docs.map((d) => d.id)) }))
        .catch(() => {
          if (!controller.signal.aborted) setState({ status: "failed", ids: new Set() });
        });
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [words]);
  return state;
}

type Filters = { q: string; year: string };
const NO_FILTERS: Filters = { q: "", year: "all" };

/** Search, fiscal year and order: the library's controls, in one row from the sm breakpoint up. */
function LibraryControls({
  years,
  filters,
  onFiltersChange,
  sort,
  onSortChange,
}: {
  years: number[];
  filters: Filters;
  onFiltersChange: (filters: Filters) => void;
  sort: DocumentSort;
  onSortChange: (sort: DocumentSort) => void;
}) {
  const t = useT();
  const f = useFormat();
  const id = React.useId();
  return (
    <div
      role="search"
      aria-label={t("portal.docs.filtersLabel")}
      className="flex flex-col gap-3 border-b border-slate-100 px-5 py-4 sm:flex-row sm:items-end sm:px-6"
    >
      <Control id={`${id}-q`} label={t("portal.docs.search")} className="min-w-0 flex-1">
        <div className="relative">
          <Search className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <Input
            id={`${id}-q`}
            type="search"
            value={filters.q}
            maxLength={SEARCH_LIMITS.site.max}
            onChange={(e) => onFiltersChange({ ...filters, q: e.target.value })}
            placeholder={t("portal.docs.searchPlaceholder")}
            className="h-9 ps-9"
            dir="auto"
          />
        </div>
      </Control>
      <div className="flex gap-3">
        <Control id={`${id}-year`} label={t("portal.docs.year")} className="flex-1 sm:flex-none">
          <NativeSelect id={`${id}-year`} value={filters.year} onChange={(e) => onFiltersChange({ ...filters, year: e.target.value })} className="h-9 sm:w-36">
            <option value="all">{t("portal.docs.allYears")}</option>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {f.fixed(y, 0, false)}
              </option>
            ))}
          </NativeSelect>
        </Control>
        <Control id={`${id}-sort`} label={t("portal.docs.sortBy")} className="flex-1 sm:flex-none">
          <NativeSelect id={`${id}-sort`} value={sort} onChange={(e) => onSortChange(e.target.value as DocumentSort)} className="h-9 sm:w-44">
            {DOCUMENT_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {t(s.label)}
              </option>
            ))}
          </NativeSelect>
        </Control>
      </div>
    </div>
  );
}

/** The library's search and fiscal year: what they leave of `documents`, in `sort`'s order. */
function useLibraryFilters(documents: PortalDocument[], sort: DocumentSort) {
  const [filters, setFilters] = React.useState<Filters>(NO_FILTERS);
  const search = useDocumentSearch(filters.q);
  const years = React.useMemo(() => periodYears(documents), [documents]);
  const shown = React.useMemo(
    () =>
      sortDocuments(
        documents.filter((d) => (filters.year === "all" || String(d.periodYear) === filters.year) && (!search.ids || search.ids.has(d.id))),
        sort,
      ),
    [documents, filters.year, search, sort],
  );
  const filtered = filters.q.trim() !== "" || filters.year !== "all";
  return { filters, setFilters, search, years, shown, filtered, clear: () => setFilters(NO_FILTERS) };
}

/** The heading block of a document list: title, one line about it, the untranslated-text note and a control. */
function LibraryHeader({
  id,
  heading,
  text,
  documents,
  headingRef,
  children,
}: {
  id: string;
  heading: MessageId;
  text: MessageId;
  documents: PortalDocument[];
  headingRef?: React.Ref<HTMLHeadingElement>;
  children?: React.ReactNode;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4 border-b border-slate-100 px-5 py-5 sm:flex-row sm:items-end sm:justify-between sm:px-6">
      <div>
        <h3 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="font-display text-xl font-semibold text-navy-950 focus:outline-none">
          {t(heading)}
        </h3>
        <p className="mt-1 text-sm text-slate-500">{t(text)}</p>
        <TranslationMissingNote items={documents} className="mt-2" />
      </div>
      {children}
    </div>
  );
}

type LibraryProps = {
  documents: PortalDocument[];
  categories: PortalCategory[];
  category: string;
  sort: DocumentSort;
  onCategoryChange: (category: string) => void;
  onSortChange: (sort: DocumentSort) => void;
  headingRef?: React.Ref<HTMLHeadingElement>;
};

/** The line under the controls: the search's failure, or how many documents the filters leave. */
function FilterSummary({ count, search, onClear }: { count: number; search: SearchState; onClear: () => void }) {
  const t = useT();
  const f = useFormat();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 bg-slate-50/60 px-5 py-2 text-sm text-slate-600 sm:px-6">
      <span aria-live="polite">
        {search.status === "failed" ? (
          <span className="text-red-700">{t("portal.docs.searchFailed")}</span>
        ) : search.status === "searching" ? (
          <span className="inline-flex items-center gap-1.5">
            <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
            {t("portal.docs.searching")}
          </span>
        ) : (
          t("portal.docs.results", { count, shown: f.count(count) })
        )}
      </span>
      <Button variant="ghost" size="sm" onClick={onClear}>
        {t("portal.docs.clearFilters")}
      </Button>
    </div>
  );
}

/** 'All Documents' plus one sub-tab per category (investors and admins), with search, a fiscal year and an order. */
export function DocumentLibrary({ documents, categories, category, sort, onCategoryChange, onSortChange, headingRef }: LibraryProps) {
  const t = useT();
  const dir = useDir();
  const { filters, setFilters, search, years, shown, filtered, clear } = useLibraryFilters(documents, sort);
  const active = category === "all" || categories.some((c) => String(c.id) === category) ? category : "all";
  const inTab = active === "all" ? shown : shown.filter((d) => String(d.categoryId) === active);
  const empty = filtered ? EMPTY_TEXT.filtered : active === "all" ? EMPTY_TEXT.all : EMPTY_TEXT.category;
  return (
    <section aria-labelledby="library-heading" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <LibraryHeader id="library-heading" heading="portal.docs.title" text="portal.docs.text" documents={documents} headingRef={headingRef} />
      <LibraryControls years={years} filters={filters} onFiltersChange={setFilters} sort={sort} onSortChange={onSortChange} />
      <Tabs value={active} onValueChange={onCategoryChange} dir={dir}>
        <div className="border-b border-slate-100 px-5 py-3 sm:px-6">
          <TabsList aria-label={t("portal.docs.categoriesLabel")} className="max-w-full flex-nowrap justify-start overflow-x-auto">
            <TabsTrigger value="all" className="shrink-0">
              {t("portal.docs.all")}
            </TabsTrigger>
            {categories.map((c) => (
              <TabsTrigger key={c.id} value={String(c.id)} className="shrink-0">
                <bdi>{c.name}</bdi>
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {filtered ? <FilterSummary count={inTab.length} search={search} onClear={clear} /> : null}
        {["all", ...categories.map((c) => String(c.id))].map((value) => (
          <TabsContent key={value} value={value} className="mt-0">
            {value === active ? <DocumentList documents={inTab} emptyText={empty} showCategory={value === "all"} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

/** Regular members: the Public documents only, without category tabs, with the same search, year and order. */
export function PublicDocuments({ documents }: { documents: PortalDocument[] }) {
  const [sort, setSort] = React.useState<DocumentSort>("latest");
  const { filters, setFilters, search, years, shown, filtered, clear } = useLibraryFilters(documents, sort);
  return (
    <section aria-labelledby="public-docs-heading" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <LibraryHeader id="public-docs-heading" heading="portal.docs.publicTitle" text="portal.docs.publicText" documents={documents} />
      <LibraryControls years={years} filters={filters} onFiltersChange={setFilters} sort={sort} onSortChange={setSort} />
      {filtered ? <FilterSummary count={shown.length} search={search} onClear={clear} /> : null}
      <DocumentList documents={shown} emptyText={filtered ? EMPTY_TEXT.filtered : EMPTY_TEXT.all} showCategory />
    </section>
  );
}
