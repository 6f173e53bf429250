import { zodResolver } from "@hookform/resolvers/zod";
import {
  Download,
  FileSpreadsheet,
  FileText,
  FolderCog,
  History,
  Loader2,
  Pencil,
  Plus,
  Presentation,
  RefreshCw,
  Trash2,
  Upload,
  X,
} from "lucide-react";
import * as React from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "~/lib/toast";
import { z } from "zod";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, Input, Label, Textarea } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Skeleton } from "~/components/ui/skeleton";
import { Switch } from "~/components/ui/switch";
import { ApiError, apiRequest } from "~/lib/api";
import { cn } from "~/lib/utils";
import type { DocumentDto } from "../../../server/services/documents";
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_MB, DOCUMENT_TYPES, documentCategorySchema, documentMetaSchema, fileTooLargeMessage } from "../../../shared/schemas";
import { AccessLogDialog } from "./access-log-dialog";
import { DataTable, adminColumnHelper } from "./data-table";
import { applyServerErrors, showSaveError } from "./form-errors";
import { showDataLoadingError } from "./load-error";
import { TabHeader } from "./tab-header";
import { formatCount, formatDay } from "~/lib/format";

type Category = { id: number; name: string; description: string | null; createdAt: string };
type DocRow = DocumentDto & { downloads: number };

// Title and description rules come from the shared schema; the form holds the category as the
// select's string and the visibility as the switch's boolean.
const metaFormSchema = documentMetaSchema.extend({ categoryId: z.string(), isPublic: z.boolean() });
type MetaFormInput = z.input<typeof metaFormSchema>;
type MetaFormOutput = z.output<typeof metaFormSchema>;
const toPayload = (v: MetaFormOutput) => ({ ...v, categoryId: v.categoryId ? Number(v.categoryId) : null });

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null) return "—";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const extensionOf = (name: string) => name.split(".").pop()?.toLowerCase() ?? "";

/** The file-type icon of the investor library: PDF, spreadsheet, document or presentation. */
export function FileIcon({ fileName, className }: { fileName: string; className?: string }) {
  const ext = extensionOf(fileName);
  const [Icon, colour] =
    ext === "xlsx"
      ? [FileSpreadsheet, "bg-emerald-50 text-emerald-700"]
      : ext === "pptx"
        ? [Presentation, "bg-orange-50 text-orange-700"]
        : ext === "docx"
          ? [FileText, "bg-sky-50 text-sky-700"]
          : [FileText, "bg-red-50 text-red-700"];
  return (
    <span className={cn("flex h-10 w-10 shrink-0 items-center justify-center rounded-lg", colour, className)}>
      <Icon className="h-5 w-5" aria-hidden="true" />
    </span>
  );
}

/** POST multipart with XMLHttpRequest, which (unlike fetch) reports upload progress. */
function uploadWithProgress<T>(url: string, form: FormData, onProgress: (percent: number) => void, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: (T & { message?: string; errors?: Record<string, string> }) | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body);
      else reject(new ApiError(xhr.status, body?.message ?? "Error uploading file", body?.errors));
    };
    xhr.onerror = () => reject(new ApiError(0, "Error uploading file"));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Admin 'Documents' tab: the investor library. Upload (content-checked on the server, with a
 * progress bar), edit title, description, category and visibility, delete, manage categories, and
 * see each document's access log.
 */
export function DocumentsTab() {
  const [docs, setDocs] = React.useState<DocumentDto[]>([]);
  const [categories, setCategories] = React.useState<Category[]>([]);
  const [counts, setCounts] = React.useState<Record<string, number>>({});
  const [status, setStatus] = React.useState<"loading" | "ready" | "failed">("loading");
  const [refreshing, setRefreshing] = React.useState(false);
  const [categoryFilter, setCategoryFilter] = React.useState("all");

  const [uploadOpen, setUploadOpen] = React.useState(false);
  const [editing, setEditing] = React.useState<DocRow | null>(null);
  const [deleting, setDeleting] = React.useState<DocRow | null>(null);
  const [logsFor, setLogsFor] = React.useState<DocRow | null>(null);
  const [categoriesOpen, setCategoriesOpen] = React.useState(false);

  const load = React.useCallback(async () => {
    setRefreshing(true);
    try {
      const [d, c, n] = await Promise.all([
        apiRequest<DocumentDto[]>("GET", "/api/documents"),
        apiRequest<Category[]>("GET", "/api/document-categories"),
        apiRequest<Record<string, number>>("GET", "/api/documents/access-counts"),
      ]);
      setDocs(d);
      setCategories(c);
      setCounts(n);
      setStatus("ready");
    } catch {
      setStatus((s) => (s === "ready" ? s : "failed"));
      showDataLoadingError();
    } finally {
      setRefreshing(false);
    }
  }, []);

  React.useEffect(() => {
    void load();
  }, [load]);

  const rows: DocRow[] = React.useMemo(
    () =>
      docs
        .filter((d) => (categoryFilter === "all" ? true : categoryFilter === "none" ? d.categoryId == null : String(d.categoryId) === categoryFilter))
        .map((d) => ({ ...d, downloads: counts[String(d.id)] ?? 0 })),
    [docs, counts, categoryFilter],
  );

  const upsert = (doc: DocumentDto) => setDocs((list) => (list.some((d) => d.id === doc.id) ? list.map((d) => (d.id === doc.id ? doc : d)) : [doc, ...list]));

  const columns = React.useMemo(() => {
    const col = adminColumnHelper<DocRow>();
    return [
      col.accessor("title", {
        header: "Title",
        cell: ({ row }) => {
          const d = row.original;
          return (
            <div className="flex min-w-[16rem] items-center gap-3">
              <FileIcon fileName={d.fileName} />
              <div className="min-w-0">
                <p className="font-medium text-navy-950">{d.title}</p>
                <p className="max-w-[26rem] truncate text-xs text-slate-500" title={d.description ?? undefined}>
                  {d.description || d.fileName}
                </p>
              </div>
            </div>
          );
        },
      }),
      col.accessor((d) => d.categoryName ?? "", {
        id: "category",
        header: "Category",
        cell: ({ getValue }) => (getValue() ? <span className="text-slate-700">{getValue()}</span> : <span className="text-slate-400">Uncategorised</span>),
      }),
      col.accessor((d) => (d.isPublic ? "Public" : "Investor Only"), {
        id: "visibility",
        header: "Visibility",
        cell: ({ row }) => (row.original.isPublic ? <Badge variant="green" className="whitespace-nowrap">Public</Badge> : <Badge variant="gold" className="whitespace-nowrap">Investor Only</Badge>),
      }),
      col.accessor((d) => d.fileSize ?? 0, {
        id: "size",
        header: "Size",
        cell: ({ row }) => (
          <span className="whitespace-nowrap text-slate-600">
            <span className="mr-1.5 text-[11px] font-semibold uppercase text-slate-400">{extensionOf(row.original.fileName).toUpperCase()}</span>
            {formatBytes(row.original.fileSize)}
          </span>
        ),
      }),
      col.accessor("uploadedAt", {
        header: "Uploaded",
        sortFn: "datetime",
        cell: ({ getValue }) => (
          <time dateTime={getValue()} className="whitespace-nowrap text-slate-600">
            {formatDay(getValue())}
          </time>
        ),
      }),
      col.accessor("downloads", {
        header: "Downloads",
        cell: ({ row }) => (
          <button
            type="button"
            onClick={() => setLogsFor(row.original)}
            className="inline-flex items-center gap-1.5 rounded px-1 font-semibold tabular-nums text-navy-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
            aria-label={`${row.original.downloads} downloads of ${row.original.title}: show access log`}
          >
            <Download className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />
            {formatCount(row.original.downloads)}
          </button>
        ),
      }),
      col.display({
        id: "actions",
        // relative: keeps the visually hidden text inside the table's scroll box on narrow screens.
        header: () => (
          <span className="relative">
            <span className="sr-only">Actions</span>
          </span>
        ),
        cell: ({ row }) => {
          const d = row.original;
          return (
            <div className="flex items-center justify-end gap-1">
              <Button variant="ghost" size="icon" onClick={() => setLogsFor(d)} aria-label={`Access log of ${d.title}`} title="Access log">
                <History className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="icon" onClick={() => setEditing(d)} aria-label={`Edit ${d.title}`} title="Edit">
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="text-red-600 hover:bg-red-50 hover:text-red-700"
                onClick={() => setDeleting(d)}
                aria-label={`Delete ${d.title}`}
                title="Delete"
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          );
        },
      }),
    ];
  }, []);

  const publicCount = docs.filter((d) => d.isPublic).length;

  return (
    <section aria-labelledby="documents-heading" aria-busy={status === "loading"}>
      <TabHeader
        id="documents-heading"
        title="Documents"
        description={
          status === "ready"
            ? `${formatCount(docs.length)} ${docs.length === 1 ? "document" : "documents"} in the investor library · ${publicCount} public · ${docs.length - publicCount} investor only`
            : "The investor library: reports, statements and policies."
        }
      >
        <Button variant="outline" onClick={() => void load()} disabled={refreshing} aria-label="Refresh documents">
          {refreshing ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
          <span className="hidden sm:inline">Refresh</span>
        </Button>
        <Button variant="outline" onClick={() => setCategoriesOpen(true)} disabled={status !== "ready"}>
          <FolderCog className="h-4 w-4" aria-hidden="true" />
          Manage Categories
        </Button>
        <Button variant="gold" onClick={() => setUploadOpen(true)} disabled={status !== "ready"}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Upload Document
        </Button>
      </TabHeader>

      {status === "loading" ? (
        <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label="Loading documents">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : status === "failed" ? (
        <div className="rounded-xl border border-slate-200 bg-white px-6 py-14 text-center shadow-sm">
          <p className="font-medium text-slate-700">Failed to fetch documents</p>
          <Button variant="outline" className="mt-4" onClick={() => void load()}>
            Try again
          </Button>
        </div>
      ) : (
        <DataTable
          label="Documents"
          data={rows}
          columns={columns}
          getRowId={(d) => String(d.id)}
          searchPlaceholder="Search documents..."
          initialSorting={[{ id: "uploadedAt", desc: true }]}
          columnClasses={{ actions: "w-px text-right", downloads: "text-right", size: "w-px" }}
          toolbar={
            <div className="flex items-center gap-2">
              <Label htmlFor="documents-category-filter" className="whitespace-nowrap text-slate-600">
                Category
              </Label>
              <NativeSelect id="documents-category-filter" value={categoryFilter} onChange={(e) => setCategoryFilter(e.target.value)} className="w-56">
                <option value="all">All categories</option>
                {categories.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))}
                <option value="none">Uncategorised</option>
              </NativeSelect>
            </div>
          }
          empty={
            <div className="space-y-2">
              <FileText className="mx-auto h-8 w-8 text-slate-300" aria-hidden="true" />
              <p className="font-medium text-slate-700">No documents found</p>
              <p className="text-sm">{categoryFilter === "all" ? "Upload the first report with 'Upload Document'." : "There are no documents in this category."}</p>
            </div>
          }
        />
      )}

      <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} categories={categories} onUploaded={upsert} />
      <EditDialog
        doc={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        categories={categories}
        onSaved={upsert}
        onStale={() => void load()}
      />
      <DeleteDialog
        doc={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeleted={(id) => setDocs((list) => list.filter((d) => d.id !== id))}
      />
      <AccessLogDialog doc={logsFor} onOpenChange={(open) => !open && setLogsFor(null)} />
      <CategoriesDialog
        open={categoriesOpen}
        onOpenChange={setCategoriesOpen}
        categories={categories}
        documents={docs}
        onChanged={() => void load()}
      />
    </section>
  );
}

// ---------------------------------------------------------------- metadata fields

function MetaFields({
  form,
  categories,
  idPrefix,
}: {
  form: ReturnType<typeof useForm<MetaFormInput, unknown, MetaFormOutput>>;
  categories: Category[];
  idPrefix: string;
}) {
  const { register, control, formState } = form;
  const { errors } = formState;
  return (
    <>
      <Field id={`${idPrefix}-title`} label="Title" error={errors.title?.message}>
        <Input id={`${idPrefix}-title`} aria-invalid={Boolean(errors.title)} {...register("title")} />
      </Field>
      <Field id={`${idPrefix}-description`} label="Description" error={errors.description?.message} hint="Optional. Shown under the title in the investor portal.">
        <Textarea id={`${idPrefix}-description`} rows={3} aria-invalid={Boolean(errors.description)} {...register("description")} />
      </Field>
      <Field id={`${idPrefix}-category`} label="Category" error={errors.categoryId?.message}>
        <NativeSelect id={`${idPrefix}-category`} aria-invalid={Boolean(errors.categoryId)} {...register("categoryId")}>
          <option value="">No category</option>
          {categories.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Controller
        control={control}
        name="isPublic"
        render={({ field }) => (
          <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 bg-slate-50/60 p-4">
            <div>
              <Label htmlFor={`${idPrefix}-public`}>Public document</Label>
              <p className="mt-0.5 text-xs text-slate-500">
                {field.value ? "Every signed-in user can download it." : "Investor Only: only investors and administrators can download it."}
              </p>
            </div>
            <Switch id={`${idPrefix}-public`} checked={Boolean(field.value)} onCheckedChange={field.onChange} />
          </div>
        )}
      />
    </>
  );
}

// ---------------------------------------------------------------- upload

const titleFromFile = (name: string) =>
  name
    .replace(/\.[^.]+$/, "")
    .replace(/[-_]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^./, (c) => c.toUpperCase());

function UploadDialog({
  open,
  onOpenChange,
  categories,
  onUploaded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: Category[];
  onUploaded: (doc: DocumentDto) => void;
}) {
  const form = useForm<MetaFormInput, unknown, MetaFormOutput>({
    resolver: zodResolver(metaFormSchema),
    defaultValues: { title: "", description: "", categoryId: "", isPublic: false },
  });
  const [file, setFile] = React.useState<File | null>(null);
  const [fileError, setFileError] = React.useState<string | null>(null);
  const [progress, setProgress] = React.useState<number | null>(null);
  const abort = React.useRef<AbortController | null>(null);
  const fileInput = React.useRef<HTMLInputElement>(null);

  React.useEffect(() => {
    if (open) {
      form.reset({ title: "", description: "", categoryId: "", isPublic: false });
      setFile(null);
      setFileError(null);
      setProgress(null);
    } else {
      abort.current?.abort();
    }
  }, [open, form]);

  function choose(f: File | null) {
    setFileError(null);
    setFile(null);
    if (!f) return;
    if (!(DOCUMENT_TYPES as readonly string[]).includes(extensionOf(f.name))) {
      setFileError("Only PDF, Word (DOCX), Excel (XLSX) and PowerPoint (PPTX) files can be uploaded.");
      return;
    }
    if (f.size > DOCUMENT_MAX_MB * 1024 * 1024) {
      setFileError(fileTooLargeMessage(DOCUMENT_MAX_MB));
      return;
    }
    setFile(f);
    if (!form.getValues("title")) form.setValue("title", titleFromFile(f.name), { shouldValidate: true });
  }

  const submit = form.handleSubmit(async (values) => {
    if (!file) {
      setFileError("Please choose a file to upload.");
      return;
    }
    const payload = toPayload(values);
    const data = new FormData();
    data.append("title", payload.title);
    data.append("description", payload.description ?? "");
    data.append("categoryId", payload.categoryId == null ? "" : String(payload.categoryId));
    data.append("isPublic", String(payload.isPublic));
    data.append("file", file);
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const doc = await uploadWithProgress<DocumentDto>("/api/documents", data, setProgress, controller.signal);
      onUploaded(doc);
      toast.success("Document uploaded", { description: doc.title });
      onOpenChange(false);
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") return;
      if (err instanceof ApiError && applyServerErrors(err, form.setError)) return;
      if (err instanceof ApiError && (err.status === 413 || err.status === 415 || err.status === 400)) setFileError(err.message);
      toast.error("Upload failed", { description: err instanceof Error ? err.message : "Error uploading file" });
    } finally {
      setProgress(null);
      abort.current = null;
    }
  });

  const uploading = progress !== null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Upload Document</DialogTitle>
          <DialogDescription>PDF, Word (DOCX), Excel (XLSX) or PowerPoint (PPTX), up to {DOCUMENT_MAX_MB} MB. The file is checked by its content.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div className="space-y-1.5">
            <Label htmlFor="document-file">File</Label>
            <div
              className={cn(
                "flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors",
                fileError ? "border-red-300 bg-red-50/40" : file ? "border-emerald-300 bg-emerald-50/40" : "border-slate-300 bg-slate-50/60",
              )}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (!uploading) choose(e.dataTransfer.files?.[0] ?? null);
              }}
            >
              {file ? (
                <div className="flex w-full items-center gap-3 text-left">
                  <FileIcon fileName={file.name} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-navy-950">{file.name}</p>
                    <p className="text-xs text-slate-500">{formatBytes(file.size)}</p>
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => {
                      setFile(null);
                      if (fileInput.current) fileInput.current.value = "";
                    }}
                    disabled={uploading}
                    aria-label="Remove file"
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </div>
              ) : (
                <>
                  <Upload className="h-6 w-6 text-slate-400" aria-hidden="true" />
                  <p className="text-sm text-slate-600">Drop a file here, or</p>
                  <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                    Choose file
                  </Button>
                </>
              )}
              <input
                ref={fileInput}
                id="document-file"
                type="file"
                accept={DOCUMENT_ACCEPT}
                className="sr-only"
                aria-invalid={Boolean(fileError)}
                aria-describedby={fileError ? "document-file-error" : undefined}
                onChange={(e) => choose(e.target.files?.[0] ?? null)}
                disabled={uploading}
              />
            </div>
            {fileError ? (
              <p id="document-file-error" role="alert" className="text-sm text-red-600">
                {fileError}
              </p>
            ) : null}
          </div>

          <MetaFields form={form} categories={categories} idPrefix="upload" />

          {uploading ? (
            <div className="space-y-1.5">
              <div className="flex justify-between text-xs font-medium text-slate-600">
                <span>{progress! < 100 ? "Uploading…" : "Checking the file…"}</span>
                <span className="tabular-nums">{progress}%</span>
              </div>
              <div
                role="progressbar"
                aria-label="Upload progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress!}
                className="h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-gold-500 transition-[width] duration-200" style={{ width: `${progress}%` }} />
              </div>
            </div>
          ) : null}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={uploading}>
              {uploading ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Upload className="h-4 w-4" aria-hidden="true" />}
              {uploading ? "Uploading..." : "Upload Document"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// ---------------------------------------------------------------- edit

function EditDialog({
  doc,
  onOpenChange,
  categories,
  onSaved,
  onStale,
}: {
  doc: DocRow | null;
  onOpenChange: (open: boolean) => void;
  categories: Category[];
  onSaved: (doc: DocumentDto) => void;
  onStale: () => void;
}) {
  const form = useForm<MetaFormInput, unknown, MetaFormOutput>({ resolver: zodResolver(metaFormSchema) });
  React.useEffect(() => {
    if (doc) {
      form.reset({
        title: doc.title,
        description: doc.description ?? "",
        categoryId: doc.categoryId == null ? "" : String(doc.categoryId),
        isPublic: doc.isPublic,
      });
    }
  }, [doc, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!doc) return;
    try {
      const saved = await apiRequest<DocumentDto>("PUT", `/api/documents/${doc.id}`, { ...toPayload(values), updatedAt: doc.updatedAt });
      onSaved(saved);
      toast.success("Document updated", { description: saved.title });
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, form.setError)) return;
      showSaveError(err, "Failed to update document");
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
        onStale();
        onOpenChange(false);
      }
    }
  });

  return (
    <Dialog open={Boolean(doc)} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Document</DialogTitle>
          <DialogDescription>{doc ? `${doc.fileName} · ${formatBytes(doc.fileSize)}` : null}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <MetaFields form={form} categories={categories} idPrefix="edit" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              Save Changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// ---------------------------------------------------------------- delete

function DeleteDialog({ doc, onOpenChange, onDeleted }: { doc: DocRow | null; onOpenChange: (open: boolean) => void; onDeleted: (id: number) => void }) {
  const [pending, setPending] = React.useState(false);
  async function remove() {
    if (!doc) return;
    setPending(true);
    try {
      await apiRequest("DELETE", `/api/documents/${doc.id}`);
      onDeleted(doc.id);
      toast.success("Document deleted", { description: doc.title });
      onOpenChange(false);
    } catch (err) {
      toast.error("Failed to delete document", { description: err instanceof ApiError ? err.message : "Please try again." });
      if (err instanceof ApiError && err.status === 404) {
        onDeleted(doc.id);
        onOpenChange(false);
      }
    } finally {
      setPending(false);
    }
  }
  return (
    <Dialog open={Boolean(doc)} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this document?</DialogTitle>
          <DialogDescription>
            <strong className="font-semibold text-slate-800">{doc?.title}</strong> and its file will be removed from the investor library, together with its
            access log. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void remove()} disabled={pending}>
            {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Trash2 className="h-4 w-4" aria-hidden="true" />}
            Delete Document
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

// ---------------------------------------------------------------- categories

type CategoryForm = z.input<typeof documentCategorySchema>;
type CategoryOut = z.output<typeof documentCategorySchema>;

function CategoriesDialog({
  open,
  onOpenChange,
  categories,
  documents,
  onChanged,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: Category[];
  documents: DocumentDto[];
  onChanged: () => void;
}) {
  const [editingId, setEditingId] = React.useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = React.useState<number | null>(null);
  const [busy, setBusy] = React.useState<number | null>(null);
  const addForm = useForm<CategoryForm, unknown, CategoryOut>({ resolver: zodResolver(documentCategorySchema), defaultValues: { name: "", description: "" } });

  React.useEffect(() => {
    if (!open) {
      setEditingId(null);
      setConfirmDelete(null);
      addForm.reset({ name: "", description: "" });
    }
  }, [open, addForm]);

  const countIn = (id: number) => documents.filter((d) => d.categoryId === id).length;

  const add = addForm.handleSubmit(async (values) => {
    try {
      const created = await apiRequest<Category>("POST", "/api/document-categories", values);
      toast.success("Category added", { description: created.name });
      addForm.reset({ name: "", description: "" });
      onChanged();
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 409) && err.errors?.name) {
        addForm.setError("name", { type: "server", message: err.errors.name }, { shouldFocus: true });
        return;
      }
      showSaveError(err, "Failed to add category");
    }
  });

  async function remove(c: Category) {
    setBusy(c.id);
    try {
      await apiRequest("DELETE", `/api/document-categories/${c.id}`);
      toast.success("Category deleted", { description: countIn(c.id) ? `${c.name}: its documents are now uncategorised.` : c.name });
      setConfirmDelete(null);
      onChanged();
    } catch (err) {
      showSaveError(err, "Failed to delete category");
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Document Categories</DialogTitle>
          <DialogDescription>Categories become the sub-tabs of the investor portal's Document Library.</DialogDescription>
        </DialogHeader>

        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Categories">
          {categories.length === 0 ? <li className="px-4 py-8 text-center text-sm text-slate-500">No categories yet.</li> : null}
          {categories.map((c) =>
            editingId === c.id ? (
              <li key={c.id} className="bg-slate-50/60 px-4 py-3">
                <CategoryEditor
                  category={c}
                  onCancel={() => setEditingId(null)}
                  onSaved={() => {
                    setEditingId(null);
                    onChanged();
                  }}
                />
              </li>
            ) : (
              <li key={c.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-navy-950">
                    {c.name}{" "}
                    <span className="ml-1 text-xs font-normal text-slate-500">
                      {countIn(c.id)} {countIn(c.id) === 1 ? "document" : "documents"}
                    </span>
                  </p>
                  {c.description ? <p className="truncate text-xs text-slate-500">{c.description}</p> : null}
                </div>
                {confirmDelete === c.id ? (
                  <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Confirm deleting ${c.name}`}>
                    <span className="text-xs text-slate-600">{countIn(c.id) ? "Its documents stay, uncategorised." : "Delete it?"}</span>
                    <Button size="sm" variant="outline" onClick={() => setConfirmDelete(null)}>
                      Keep
                    </Button>
                    <Button size="sm" variant="destructive" onClick={() => void remove(c)} disabled={busy === c.id}>
                      {busy === c.id ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                      Delete
                    </Button>
                  </div>
                ) : (
                  <div className="flex shrink-0 items-center gap-1">
                    <Button variant="ghost" size="icon" onClick={() => setEditingId(c.id)} aria-label={`Rename ${c.name}`} title="Rename">
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-red-600 hover:bg-red-50 hover:text-red-700"
                      onClick={() => setConfirmDelete(c.id)}
                      aria-label={`Delete ${c.name}`}
                      title="Delete"
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </div>
                )}
              </li>
            ),
          )}
        </ul>

        <form onSubmit={add} className="mt-5 space-y-3 rounded-lg border border-slate-200 p-4" noValidate aria-label="Add a category">
          <p className="text-sm font-semibold text-navy-950">Add a category</p>
          <div className="grid gap-3 sm:grid-cols-[1fr_1.4fr]">
            <Field id="category-name" label="Name" error={addForm.formState.errors.name?.message}>
              <Input id="category-name" aria-invalid={Boolean(addForm.formState.errors.name)} {...addForm.register("name")} />
            </Field>
            <Field id="category-description" label="Description" error={addForm.formState.errors.description?.message}>
              <Input id="category-description" placeholder="Optional" {...addForm.register("description")} />
            </Field>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={addForm.formState.isSubmitting}>
              {addForm.formState.isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Plus className="h-4 w-4" aria-hidden="true" />}
              Add Category
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function CategoryEditor({ category, onCancel, onSaved }: { category: Category; onCancel: () => void; onSaved: () => void }) {
  const form = useForm<CategoryForm, unknown, CategoryOut>({
    resolver: zodResolver(documentCategorySchema),
    defaultValues: { name: category.name, description: category.description ?? "" },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await apiRequest<Category>("PUT", `/api/document-categories/${category.id}`, values);
      toast.success("Category updated", { description: saved.name });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.errors?.name) {
        form.setError("name", { type: "server", message: err.errors.name }, { shouldFocus: true });
        return;
      }
      showSaveError(err, "Failed to update category");
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label={`Rename ${category.name}`}>
      <div className="grid gap-3 sm:grid-cols-[1fr_1.4fr]">
        <Field id={`category-${category.id}-name`} label="Name" error={errors.name?.message}>
          <Input id={`category-${category.id}-name`} autoFocus aria-invalid={Boolean(errors.name)} {...form.register("name")} />
        </Field>
        <Field id={`category-${category.id}-description`} label="Description" error={errors.description?.message}>
          <Input id={`category-${category.id}-description`} {...form.register("description")} />
        </Field>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          Save
        </Button>
      </div>
    </form>
  );
}
