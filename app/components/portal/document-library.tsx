import { Download, FileSpreadsheet, FileText, FileType, FolderSearch, Loader2 } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { formatDate } from "~/lib/format";
import { cn } from "~/lib/utils";
import { downloadDocument } from "./download";
import { DOCUMENT_SORTS, FILE_KIND_LABEL, fileKind, formatFileSize, sortDocuments, type DocumentSort, type FileKind } from "./files";
import type { PortalCategory, PortalDocument } from "./types";

export const EMPTY_TEXT = {
  title: "No documents found",
  all: "There are no documents available in the repository.",
  category: "There are no documents in this category.",
} as const;

const KIND_STYLE: Record<FileKind, { icon: typeof FileText; tile: string }> = {
  pdf: { icon: FileText, tile: "bg-red-50 text-red-600 ring-red-100" },
  spreadsheet: { icon: FileSpreadsheet, tile: "bg-emerald-50 text-emerald-600 ring-emerald-100" },
  document: { icon: FileType, tile: "bg-sky-50 text-sky-700 ring-sky-100" },
};

export function FileTypeIcon({ fileType, fileName }: { fileType: string | null; fileName: string }) {
  const kind = fileKind(fileType, fileName);
  const { icon: Icon, tile } = KIND_STYLE[kind];
  return (
    <span className={cn("flex h-11 w-11 shrink-0 items-center justify-center rounded-lg ring-1", tile)} data-file-kind={kind}>
      <Icon className="h-5 w-5" aria-hidden="true" />
      <span className="sr-only">{FILE_KIND_LABEL[kind]}</span>
    </span>
  );
}

function DownloadButton({ doc }: { doc: PortalDocument }) {
  const [busy, setBusy] = React.useState(false);
  return (
    <Button asChild variant="outline" size="sm" className={cn("w-full sm:w-auto", busy && "pointer-events-none opacity-70")}>
      <a
        href={doc.fileUrl}
        download={doc.fileName}
        aria-label={`Download ${doc.title}`}
        aria-busy={busy || undefined}
        onClick={async (e) => {
          // Without JavaScript the link itself downloads; with it we can report a failure properly.
          e.preventDefault();
          if (busy) return;
          setBusy(true);
          await downloadDocument(doc);
          setBusy(false);
        }}
      >
        {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
        Download
      </a>
    </Button>
  );
}

function DocumentRow({ doc, showCategory }: { doc: PortalDocument; showCategory: boolean }) {
  const size = formatFileSize(doc.fileSize);
  return (
    <li className="flex flex-col gap-4 px-5 py-5 sm:flex-row sm:items-center sm:gap-5 sm:px-6" data-testid="document-row">
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <FileTypeIcon fileType={doc.fileType} fileName={doc.fileName} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h4 className="font-semibold text-navy-950">{doc.title}</h4>
            {doc.isPublic ? <Badge variant="green">Public</Badge> : <Badge variant="gold">Investor Only</Badge>}
          </div>
          {doc.description ? (
            <p className="mt-1 text-sm leading-relaxed text-slate-600">{doc.description}</p>
          ) : (
            <p className="mt-1 text-sm italic text-slate-500">No description provided</p>
          )}
          <p className="mt-2 flex flex-wrap gap-x-2 gap-y-0.5 text-xs text-slate-500 [&>span+span]:before:mr-2 [&>span+span]:before:content-['·']">
            {showCategory && doc.categoryName ? <span className="font-medium text-slate-600">{doc.categoryName}</span> : null}
            <span>
              Uploaded <time dateTime={doc.uploadedAt}>{formatDate(doc.uploadedAt)}</time>
            </span>
            {size ? <span>{size}</span> : null}
          </p>
        </div>
      </div>
      <div className="pl-15 sm:shrink-0 sm:pl-0">
        <DownloadButton doc={doc} />
      </div>
    </li>
  );
}

function EmptyState({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-400">
        <FolderSearch className="h-6 w-6" aria-hidden="true" />
      </span>
      <p className="mt-4 font-semibold text-navy-950">{EMPTY_TEXT.title}</p>
      <p className="mt-1 text-sm text-slate-500">{text}</p>
    </div>
  );
}

export function DocumentList({ documents, emptyText, showCategory }: { documents: PortalDocument[]; emptyText: string; showCategory: boolean }) {
  if (documents.length === 0) return <EmptyState text={emptyText} />;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Documents">
      {documents.map((doc) => (
        <DocumentRow key={doc.id} doc={doc} showCategory={showCategory} />
      ))}
    </ul>
  );
}

function SortControl({ sort, onSortChange }: { sort: DocumentSort; onSortChange: (sort: DocumentSort) => void }) {
  const id = React.useId();
  // The visible text is the select's whole accessible name (a wrapping label would add the chosen option to it).
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600">
      <label htmlFor={id} className="whitespace-nowrap">
        Sort by
      </label>
      <NativeSelect id={id} value={sort} onChange={(e) => onSortChange(e.target.value as DocumentSort)} className="h-9 w-40">
        {DOCUMENT_SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </NativeSelect>
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
  const sorted = React.useMemo(() => sortDocuments(documents, sort), [documents, sort]);
  const active = category === "all" || categories.some((c) => String(c.id) === category) ? category : "all";
  return (
    <section aria-labelledby="library-heading" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col gap-4 border-b border-slate-100 px-5 py-5 sm:flex-row sm:items-end sm:justify-between sm:px-6">
        <div>
          <h3 id="library-heading" ref={headingRef} tabIndex={-1} className="font-display text-xl font-semibold text-navy-950 focus:outline-none">
            Document Library
          </h3>
          <p className="mt-1 text-sm text-slate-500">Reports, statements and governance documents. Every download is recorded.</p>
        </div>
        <SortControl sort={sort} onSortChange={onSortChange} />
      </div>
      <Tabs value={active} onValueChange={onCategoryChange}>
        <div className="border-b border-slate-100 px-5 py-3 sm:px-6">
          <TabsList aria-label="Document categories" className="flex-nowrap overflow-x-auto max-w-full justify-start">
            <TabsTrigger value="all" className="shrink-0">
              All Documents
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
      <div className="border-b border-slate-100 px-5 py-5 sm:px-6">
        <h3 id="public-docs-heading" className="font-display text-xl font-semibold text-navy-950">
          Public Documents
        </h3>
        <p className="mt-1 text-sm text-slate-500">Available to every registered member. Investor-only reports appear here once your access is approved.</p>
      </div>
      <DocumentList documents={sorted} emptyText={EMPTY_TEXT.all} showCategory />
    </section>
  );
}
