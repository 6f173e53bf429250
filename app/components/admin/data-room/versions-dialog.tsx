import { Download, Files, RotateCcw, Upload } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useFormat, useT } from "~/i18n/provider";
import { ApiError, href } from "~/lib/api/client";
import { dataRoomAdminApi, dataRoomAdminRoutes } from "~/lib/api/data-room-admin";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";
import type { DocumentVersionRow } from "../../../../shared/api/data-room";
import type { DocumentDto } from "../../../../shared/api/documents";
import { applyServerErrors, failureText } from "../../manage/form-errors";
import { SubmitButton } from "../../manage/form-fields";
import { FramedTable, Th } from "../framed-table";
import { IconDialog } from "../icon-dialog";
import { EMPTY_NOTE, NoteFields, noteResolver, VersionUpload, type NoteForm, type NoteOut } from "./version-upload";
import { useVersions } from "./use-versions";
import { LoadFailed, LoadingBars } from "./load-failed";

/**
 * A document's versions, newest first: number (the current one marked), file, who added it and when (Cairo time),
 * what changed in English and Arabic, and how often it was viewed or downloaded; each version's file to download,
 * an earlier one restored as a new version (after a confirmation), and a new file uploaded as the next version.
 */
export function VersionsDialog({
  doc,
  onOpenChange,
  onChanged,
}: {
  doc: Pick<DocumentDto, "id" | "title"> | null;
  onOpenChange: (open: boolean) => void;
  /** The document with its new current version (the table's row is updated). */
  onChanged: (doc: DocumentDto) => void;
}) {
  const t = useT();
  const list = useVersions(doc?.id ?? null);
  const [uploading, setUploading] = React.useState(false);
  const [restoring, setRestoring] = React.useState<DocumentVersionRow | null>(null);
  React.useEffect(() => {
    if (!doc) {
      setUploading(false);
      setRestoring(null);
    }
  }, [doc]);

  const newest = list.versions[0]?.number ?? 0;
  const changed = (saved: DocumentDto) => {
    onChanged(saved);
    list.reload();
  };

  return (
    <IconDialog
      open={Boolean(doc)}
      onOpenChange={onOpenChange}
      icon={Files}
      title={t("admin.dataRoom.versions.title")}
      description={<bdi>{doc?.title}</bdi>}
      className="max-w-5xl"
    >
      {list.status === "loading" && !list.versions.length ? (
        <LoadingBars label={t("admin.dataRoom.versions.loading")} bars={Array.from({ length: 3 }, () => "h-12 w-full")} />
      ) : list.status === "failed" ? (
        <LoadFailed message={t("admin.dataRoom.versions.loadFailed")} onRetry={list.reload} />
      ) : doc ? (
        <div className="space-y-5">
          <VersionsTable docId={doc.id} versions={list.versions} onRestore={setRestoring} />
          {uploading ? (
            <VersionUpload
              doc={doc}
              nextNumber={newest + 1}
              onCancel={() => setUploading(false)}
              onUploaded={(saved) => {
                setUploading(false);
                changed(saved);
              }}
            />
          ) : (
            <div className="flex justify-end">
              <Button variant="gold" onClick={() => setUploading(true)}>
                <Upload className="h-4 w-4" aria-hidden="true" />
                {t("admin.dataRoom.versions.upload")}
              </Button>
            </div>
          )}
        </div>
      ) : null}

      <RestoreDialog
        doc={doc}
        version={restoring}
        nextNumber={newest + 1}
        onOpenChange={(open) => !open && setRestoring(null)}
        onRestored={(saved) => {
          setRestoring(null);
          changed(saved);
        }}
      />
    </IconDialog>
  );
}

/** The versions as a table; on a phone the file, the author and the notes go under the number, so the buttons stay in view. */
export function VersionsTable({ docId, versions, onRestore }: { docId: number; versions: DocumentVersionRow[]; onRestore: (v: DocumentVersionRow) => void }) {
  const t = useT();
  const f = useFormat();
  return (
    <FramedTable
      caption={t("admin.dataRoom.versions.title")}
      head={
        <>
          <Th>{t("admin.dataRoom.versions.col.version")}</Th>
          <Th className="max-md:hidden">{t("admin.dataRoom.versions.col.file")}</Th>
          <Th className="max-md:hidden">{t("admin.dataRoom.versions.col.added")}</Th>
          <Th className="max-md:hidden">{t("admin.dataRoom.versions.col.note")}</Th>
          <Th end className="max-sm:hidden">
            {t("admin.dataRoom.versions.col.views")}
          </Th>
          <Th end hidden>
            {t("admin.dataRoom.versions.col.actions")}
          </Th>
        </>
      }
    >
      {versions.map((v) => (
        <tr key={v.number} className={cn("align-top", v.current && "bg-gold-50/50")}>
          <td className="px-3 py-2.5">
            <div className="flex flex-wrap items-center gap-1.5">
              <span className="whitespace-nowrap font-semibold tabular-nums text-navy-950">{t("admin.dataRoom.versions.number", { number: v.number })}</span>
              {v.current ? <Badge variant="green">{t("admin.dataRoom.versions.current")}</Badge> : null}
            </div>
            {v.restoredFrom ? <p className="mt-0.5 text-xs text-slate-500">{t("admin.dataRoom.versions.restoredFrom", { number: v.restoredFrom })}</p> : null}
            <div className="mt-1 space-y-1 md:hidden">
              <FileCell v={v} />
              <AddedCell v={v} />
              <NoteCell v={v} />
              <p className="text-xs text-slate-600 sm:hidden">{t("admin.dataRoom.versions.viewsCount", { count: v.views })}</p>
            </div>
          </td>
          <td className="px-3 py-2.5 max-md:hidden">
            <FileCell v={v} />
          </td>
          <td className="px-3 py-2.5 max-md:hidden">
            <AddedCell v={v} />
          </td>
          <td className="px-3 py-2.5 max-md:hidden">
            <NoteCell v={v} />
          </td>
          <td className="px-3 py-2.5 text-end font-semibold tabular-nums text-slate-700 max-sm:hidden">{f.count(v.views)}</td>
          <td className="px-3 py-2.5">
            {/* Stacked, so the file and the notes keep their room (on a phone the buttons are their icons). */}
            <div className="flex flex-col items-end gap-1.5 md:items-stretch">
              <Button asChild variant="outline" size="sm">
                <a
                  href={href(dataRoomAdminRoutes.versionDownload, { params: { id: docId, number: v.number } })}
                  download
                  aria-label={t("admin.dataRoom.versions.downloadNamed", { number: v.number })}
                >
                  <Download className="h-4 w-4" aria-hidden="true" />
                  <span className="max-sm:hidden">{t("admin.dataRoom.versions.download")}</span>
                </a>
              </Button>
              {v.current ? null : (
                <Button variant="outline" size="sm" onClick={() => onRestore(v)} aria-label={t("admin.dataRoom.versions.restoreNamed", { number: v.number })}>
                  <RotateCcw className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
                  <span className="max-sm:hidden">{t("admin.dataRoom.versions.restore")}</span>
                </Button>
              )}
            </div>
          </td>
        </tr>
      ))}
    </FramedTable>
  );
}

function FileCell({ v }: { v: DocumentVersionRow }) {
  const f = useFormat();
  return (
    <div className="min-w-0 md:min-w-[10rem]">
      <span className="block break-words text-slate-800 [overflow-wrap:anywhere]">
        <bdi>{v.fileName}</bdi>
      </span>
      <span className="text-xs text-slate-500">{f.fileSize(v.fileSize) ?? "—"}</span>
    </div>
  );
}

function AddedCell({ v }: { v: DocumentVersionRow }) {
  const t = useT();
  const f = useFormat();
  return (
    <div className="min-w-0 text-xs text-slate-600">
      <span className="block break-all text-sm text-slate-800">
        <bdi>{v.createdBy ?? t("admin.dataRoom.versions.unknownAuthor")}</bdi>
      </span>
      <time dateTime={v.createdAt} className="whitespace-nowrap">
        {f.cairoWhen(v.createdAt)}
      </time>
    </div>
  );
}

function NoteCell({ v }: { v: DocumentVersionRow }) {
  const t = useT();
  if (!v.note && !v.noteAr) return <span className="text-xs text-slate-400">{t("admin.dataRoom.versions.noNote")}</span>;
  return (
    <div className="max-w-xs space-y-1 text-sm md:min-w-[12rem]">
      {v.note ? (
        <p lang="en" dir="ltr" className="text-start text-slate-700">
          {v.note}
        </p>
      ) : null}
      {v.noteAr ? (
        <p lang="ar" dir="rtl" className="text-start text-slate-700">
          {v.noteAr}
        </p>
      ) : null}
    </div>
  );
}

/**
 * 'Restore as new version': says that the earlier file becomes the current one as the next version (the versions
 * in between stay), with an optional note, then restores it.
 */
function RestoreDialog({
  doc,
  version,
  nextNumber,
  onOpenChange,
  onRestored,
}: {
  doc: Pick<DocumentDto, "id" | "title"> | null;
  version: DocumentVersionRow | null;
  nextNumber: number;
  onOpenChange: (open: boolean) => void;
  onRestored: (doc: DocumentDto) => void;
}) {
  const t = useT();
  const form = useForm<NoteForm, unknown, NoteOut>({ resolver: noteResolver, defaultValues: EMPTY_NOTE });
  React.useEffect(() => {
    if (version) form.reset(EMPTY_NOTE);
  }, [version, form]);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    if (!doc || !version) return;
    try {
      const saved = await dataRoomAdminApi.restoreVersion({ params: { id: doc.id, number: version.number }, body: values });
      toast.success(t("admin.dataRoom.versions.restored", { number: version.number, next: saved.version }), { description: saved.title });
      onRestored(saved);
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, form.setError, t)) return;
      toast.error(t("admin.dataRoom.versions.restoreFailed"), { description: failureText(err, t) });
    }
  });

  return (
    <Dialog open={version !== null} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent role="alertdialog" className="max-w-2xl">
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>{t("admin.dataRoom.versions.restoreTitle", { number: version?.number ?? 0 })}</DialogTitle>
            <DialogDescription>{t("admin.dataRoom.versions.restoreText", { number: version?.number ?? 0, next: nextNumber })}</DialogDescription>
          </DialogHeader>
          <NoteFields form={form} idPrefix="version-restore" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              {t("manage.form.cancel")}
            </Button>
            <SubmitButton busy={busy} icon={RotateCcw}>
              {t("admin.dataRoom.versions.restoreConfirm", { next: nextNumber })}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
