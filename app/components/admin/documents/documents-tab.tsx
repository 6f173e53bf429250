import { FileText, FolderCog, Loader2, RefreshCw, Upload } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { NativeSelect } from "~/components/ui/select";
import { useAdminDocuments, type Library } from "~/hooks/use-admin-documents";
import { useFormat, useLocale, useT } from "~/i18n/provider";
import { compareDocuments } from "../../../../shared/document-period";
import { AccessLogDialog } from "../access-log-dialog";
import { TabHeader } from "../tab-header";
import { TabTable } from "../tab-table";
import { MissingArabicFilter, missingArabic } from "../translation-status";
import { AccessDialog } from "../data-room/access-dialog";
import { ReadingDialog } from "../data-room/reading-dialog";
import { StateChangeDialog, type StateChange } from "../data-room/state-change-dialog";
import { useGrantCounts } from "../data-room/use-grant-counts";
import { VersionsDialog } from "../data-room/versions-dialog";
import { CategoriesDialog } from "./categories-dialog";
import { DeleteDialog } from "./delete-dialog";
import { documentColumns } from "./document-columns";
import { EditDialog } from "./edit-dialog";
import { categoryLabel, type DocRow } from "./types";
import { UploadDialog } from "./upload-dialog";

/**
 * Admin 'Documents' tab: the investor library. Upload (content-checked on the server, with a
 * progress bar), edit title, description, category and visibility, delete, manage categories, and
 * see each document's access log. The data room: each document's access rules and the investors it is shared with,
 * its versions, its reading analytics, revoking access and archiving (archived documents are hidden until shown).
 */
export function DocumentsTab({ loaded }: { loaded?: Library | null }) {
  const t = useT();
  const locale = useLocale();
  const f = useFormat();
  const { docs, categories, counts, status, refreshing, load, upsert, removeLocal } = useAdminDocuments(loaded);
  const [categoryFilter, setCategoryFilter] = React.useState("all");
  const [onlyMissing, setOnlyMissing] = React.useState(false);

  const [uploadOpen, setUploadOpen] = React.useState(false);
  const [editing, setEditing] = React.useState<DocRow | null>(null);
  const [deleting, setDeleting] = React.useState<DocRow | null>(null);
  const [logsFor, setLogsFor] = React.useState<DocRow | null>(null);
  const [categoriesOpen, setCategoriesOpen] = React.useState(false);
  const [accessFor, setAccessFor] = React.useState<DocRow | null>(null);
  const [versionsFor, setVersionsFor] = React.useState<DocRow | null>(null);
  const [readingFor, setReadingFor] = React.useState<DocRow | null>(null);
  const [stateChange, setStateChange] = React.useState<StateChange | null>(null);
  const [showArchived, setShowArchived] = React.useState(false);
  const grants = useGrantCounts(docs);
  const archivedCount = docs.filter((d) => d.archivedAt).length;

  const rows: DocRow[] = React.useMemo(
    () =>
      docs
        .filter((d) => (categoryFilter === "all" ? true : categoryFilter === "none" ? d.categoryId == null : String(d.categoryId) === categoryFilter))
        .filter((d) => !onlyMissing || missingArabic(d))
        .filter((d) => showArchived || !d.archivedAt)
        .map((d) => ({ ...d, downloads: counts[String(d.id)] ?? 0, grantCount: grants.counts[d.id] }))
        .sort(compareDocuments),
    [docs, counts, categoryFilter, onlyMissing, showArchived, grants.counts],
  );

  const columns = React.useMemo(
    () =>
      documentColumns(
        {
          onShowLog: setLogsFor,
          onEdit: setEditing,
          onDelete: setDeleting,
          onAccess: setAccessFor,
          onVersions: setVersionsFor,
          onReading: setReadingFor,
          onState: (doc, action) => setStateChange({ doc, action }),
        },
        t,
        f,
        locale,
      ),
    [t, f, locale],
  );

  // The library's counts leave out archived documents (they are not in the library).
  const library = docs.filter((d) => !d.archivedAt);
  const publicCount = library.filter((d) => d.isPublic).length;

  return (
    <section aria-labelledby="documents-heading" aria-busy={status === "loading"}>
      <TabHeader
        id="documents-heading"
        title={t("admin.documents.title")}
        description={
          status === "ready"
            ? t("admin.documents.count", {
                count: library.length,
                shown: f.count(library.length),
                public: f.count(publicCount),
                investor: f.count(library.length - publicCount),
              })
            : t("admin.documents.description")
        }
      >
        <MissingArabicFilter count={docs.filter(missingArabic).length} only={onlyMissing} onChange={setOnlyMissing} />
        <Button variant="outline" onClick={() => void load()} disabled={refreshing} aria-label={t("admin.documents.refresh")}>
          {refreshing ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
          <span className="hidden sm:inline">{t("admin.action.refresh")}</span>
        </Button>
        <Button variant="outline" onClick={() => setCategoriesOpen(true)} disabled={status !== "ready"}>
          <FolderCog className="h-4 w-4" aria-hidden="true" />
          {t("admin.documents.manageCategories")}
        </Button>
        <Button variant="gold" onClick={() => setUploadOpen(true)} disabled={status !== "ready"}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          {t("admin.documents.upload")}
        </Button>
      </TabHeader>

      <TabTable
        label={t("admin.documents.title")}
        data={rows}
        columns={columns}
        getRowId={(d) => String(d.id)}
        searchPlaceholder={t("admin.documents.search")}
        columnClasses={{ actions: "w-px text-end", downloads: "text-end", size: "w-px" }}
        pinnedColumn="actions"
        phoneCards
        cardCellClasses={{ actions: "max-md:col-span-2 max-md:justify-end max-md:border-t max-md:border-slate-100 max-md:pt-2" }}
        rowClassName={(d) => (d.revokedAt ? "bg-red-50/40" : d.archivedAt ? "bg-slate-50 text-slate-500" : undefined)}
        toolbar={
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {archivedCount || showArchived ? (
              <div className="flex items-center gap-2">
                <Switch id="documents-show-archived" checked={showArchived} onCheckedChange={setShowArchived} />
                <Label htmlFor="documents-show-archived" className="whitespace-nowrap text-slate-600">
                  {t("admin.dataRoom.showArchived", { count: archivedCount })}
                </Label>
              </div>
            ) : null}
            <div className="flex items-center gap-2">
              <Label htmlFor="documents-category-filter" className="whitespace-nowrap text-slate-600">
                {t("admin.documents.col.category")}
              </Label>
              <NativeSelect id="documents-category-filter" value={categoryFilter} onChange={(e) => setCategoryFilter(e.target.value)} className="w-56">
                <option value="all">{t("admin.documents.allCategories")}</option>
                {categories.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {categoryLabel(c, locale)}
                  </option>
                ))}
                <option value="none">{t("admin.documents.uncategorised")}</option>
              </NativeSelect>
            </div>
          </div>
        }
        status={status}
        loadingLabel={t("admin.documents.loading")}
        loadingRows={5}
        failedText={t("admin.documents.loadFailed")}
        onRetry={() => void load()}
        emptyIcon={FileText}
        emptyText={t("admin.documents.empty")}
        emptyHint={t(categoryFilter === "all" ? "admin.documents.emptyHint" : "admin.documents.emptyCategory")}
      />

      <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} categories={categories} onUploaded={upsert} />
      <EditDialog doc={editing} onOpenChange={(open) => !open && setEditing(null)} categories={categories} onSaved={upsert} onStale={() => void load()} />
      <DeleteDialog doc={deleting} onOpenChange={(open) => !open && setDeleting(null)} onDeleted={removeLocal} />
      <AccessLogDialog doc={logsFor} onOpenChange={(open) => !open && setLogsFor(null)} />
      <AccessDialog
        doc={accessFor}
        onOpenChange={(open) => !open && setAccessFor(null)}
        onSaved={(doc, grantCount) => {
          upsert(doc);
          if (grantCount !== undefined) {
            grants.set(doc.id, grantCount);
            // Sharing touched the document after the rules were saved: read it again, so the next edit sends the right time.
            void load();
          }
        }}
        onStale={() => void load()}
      />
      <VersionsDialog doc={versionsFor} onOpenChange={(open) => !open && setVersionsFor(null)} onChanged={upsert} />
      <ReadingDialog doc={readingFor} onOpenChange={(open) => !open && setReadingFor(null)} />
      <StateChangeDialog change={stateChange} onOpenChange={(open) => !open && setStateChange(null)} onChanged={upsert} onGone={() => void load()} />
      <CategoriesDialog open={categoriesOpen} onOpenChange={setCategoriesOpen} categories={categories} documents={docs} onChanged={() => void load()} />
    </section>
  );
}
