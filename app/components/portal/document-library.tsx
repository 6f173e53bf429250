import { Download, FileSpreadsheet, FileText, FileType, FolderSearch, Loader2 } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useDir, useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { downloadDocument } from "~/lib/download";
import { DOCUMENT_SORTS, FILE_KIND_LABEL, fileKind, sortDocuments, type DocumentSort, type FileKind } from "~/lib/document-files";
import type { MessageId } from "../../../shared/i18n/messages";
import { ContentText, TranslationMissingNote } from "./panel-parts";
import type { PortalCategory, PortalDocument } from "./types";

/** The message ids of the empty library's title and texts. */
export const EMPTY_TEXT = {
  title: "portal.docs.emptyTitle",
  all: "portal.docs.emptyAll",
  category: "portal.docs.emptyCategory",
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

function DownloadButton({ doc }: { doc: PortalDocument }) {
  const t = useT();
  const [busy, setBusy] = React.useState(false);
  return (
    <Button asChild variant="outline" size="sm" className={cn("w-full sm:w-auto", busy && "pointer-events-none opacity-70")}>
      <a
        href={doc.fileUrl}
        download={doc.fileName}
        aria-label={t("portal.docs.downloadLabel", { title: doc.title })}
        aria-busy={busy || undefined}
        onClick={async (e) => {
          // Without JavaScript the link itself downloads; with it we can report a failure properly.
          e.preventDefault();
          if (busy) return;
          setBusy(true);
          await downloadDocument(doc, { title: t("portal.docs.downloadFailed"), description: t("portal.docs.downloadFailedText") });
          setBusy(false);
        }}
      >
        {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
        {t("portal.docs.download")}
      </a>
    </Button>
  );
}

function DocumentRow({ doc, showCategory }: { doc: PortalDocument; showCategory: boolean }) {
  const t = useT();
  // The library is the portal's document table: dates and sizes in Latin digits.
  const f = useFormat();
  const size = f.fileSize(doc.fileSize);
  return (
    <li className="flex flex-col gap-4 px-5 py-5 sm:flex-row sm:items-center sm:gap-5 sm:px-6" data-testid="document-row">
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <FileTypeIcon fileType={doc.fileType} fileName={doc.fileName} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h4 className="font-semibold text-navy-950 [overflow-wrap:anywhere]">
              <ContentText of={doc}>{doc.title}</ContentText>
            </h4>
            {doc.isPublic ? <Badge variant="green">{t("portal.docs.public")}</Badge> : <Badge variant="gold">{t("portal.docs.investorOnly")}</Badge>}
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
            <span>{t.rich("portal.docs.uploaded", { date: f.date(doc.uploadedAt), time: (chunks) => <time dateTime={doc.uploadedAt}>{chunks}</time> })}</span>
            {size ? <span dir="ltr">{size}</span> : null}
          </p>
        </div>
      </div>
      <div className="ps-15 sm:shrink-0 sm:ps-0">
        <DownloadButton doc={doc} />
      </div>
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

function SortControl({ sort, onSortChange }: { sort: DocumentSort; onSortChange: (sort: DocumentSort) => void }) {
  const t = useT();
  const id = React.useId();
  // The visible text is the select's whole accessible name (a wrapping label would add the chosen option to it).
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600">
      <label htmlFor={id} className="whitespace-nowrap">
        {t("portal.docs.sortBy")}
      </label>
      <NativeSelect id={id} value={sort} onChange={(e) => onSortChange(e.target.value as DocumentSort)} className="h-9 w-40">
        {DOCUMENT_SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {t(s.label)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
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

/** 'All Documents' plus one sub-tab per category (investors and admins). */
export function DocumentLibrary({ documents, categories, category, sort, onCategoryChange, onSortChange, headingRef }: LibraryProps) {
  const t = useT();
  const dir = useDir();
  const sorted = React.useMemo(() => sortDocuments(documents, sort), [documents, sort]);
  const active = category === "all" || categories.some((c) => String(c.id) === category) ? category : "all";
  return (
    <section aria-labelledby="library-heading" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <LibraryHeader id="library-heading" heading="portal.docs.title" text="portal.docs.text" documents={documents} headingRef={headingRef}>
        <SortControl sort={sort} onSortChange={onSortChange} />
      </LibraryHeader>
      <Tabs value={active} onValueChange={onCategoryChange} dir={dir}>
        <div className="border-b border-slate-100 px-5 py-3 sm:px-6">
          <TabsList aria-label={t("portal.docs.categoriesLabel")} className="max-w-full flex-nowrap justify-start overflow-x-auto">
            <TabsTrigger value="all" className="shrink-0">
              {t("portal.docs.all")}
            </TabsTrigger>
            {categories.map((c) => (
              <TabsTrigger key={c.id} value={String(c.id)} className="shrink-0">
                {c.name}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="all" className="mt-0">
          <DocumentList documents={sorted} emptyText={EMPTY_TEXT.all} showCategory />
        </TabsContent>
        {categories.map((c) => (
          <TabsContent key={c.id} value={String(c.id)} className="mt-0">
            <DocumentList documents={sorted.filter((d) => d.categoryId === c.id)} emptyText={EMPTY_TEXT.category} showCategory={false} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

/** Regular members: the Public documents only, without category tabs. */
export function PublicDocuments({ documents }: { documents: PortalDocument[] }) {
  const sorted = React.useMemo(() => sortDocuments(documents, "latest"), [documents]);
  return (
    <section aria-labelledby="public-docs-heading" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <LibraryHeader id="public-docs-heading" heading="portal.docs.publicTitle" text="portal.docs.publicText" documents={documents} />
      <DocumentList documents={sorted} emptyText={EMPTY_TEXT.all} showCategory />
    </section>
  );
}
