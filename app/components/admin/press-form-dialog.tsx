import { zodResolver } from "@hookform/resolvers/zod";
import { Building2, Link as LinkIcon, Loader2, Wand2 } from "lucide-react";
import * as React from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "~/lib/toast";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, Input, Label, Textarea } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { ApiError, apiRequest } from "~/lib/api";
import type { PortfolioItemDto } from "../../../server/services/portfolio";
import type { PressReleaseDto } from "../../../server/services/press";
import { PRESS_CATEGORIES, SECTORS, pressReleaseSchema } from "../../../shared/schemas";
import { ExtractDialog, ExtractSummary, type ExtractedContent } from "./extract-dialog";
import { applyServerErrors, showSaveError } from "./form-errors";
import { STICKY_FOOTER } from "./form-layout";
import { ImageUpload } from "./image-upload";

// The shared schema accepts the spec's snake_case aliases through a preprocess step; the form only
// ever produces the camelCase fields, so it validates with the object inside it (same rules, same messages).
const formSchema = pressReleaseSchema.out;
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const OTHER = "__other__";
export const HOMEPAGE_LIMIT_MESSAGE = "Only 3 press releases can be shown on the homepage. Please remove one first.";

/** Today in the admin's own time zone, as the date input wants it. */
export const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

const sectorLabelOf = (value: string) => SECTORS.find((s) => s.value === value)?.label ?? value;

function defaults(release?: PressReleaseDto): FormInput {
  return {
    title: release?.title ?? "",
    displayTitle: release?.displayTitle ?? "",
    summary: release?.summary ?? "",
    content: release?.content ?? "",
    date: release?.date ?? todayIso(),
    company: release?.company ?? "",
    sector: release?.sector ?? "",
    category: release?.category ?? "News",
    featured: release?.featured ?? false,
    showOnHomepage: release?.showOnHomepage ?? false,
    image: release?.image ?? "",
    companyLogo: release?.companyLogo ?? "",
    originalUrl: release?.originalUrl ?? "",
  };
}

/** Extracted dates come in many shapes; the date input takes only YYYY-MM-DD. */
function toIsoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10);
}

export type PressFormDialogProps = {
  /** The release to edit; without it the dialog creates one. */
  release?: PressReleaseDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (release: PressReleaseDto) => void;
  /** Portfolio companies offered in the Company dropdown. */
  companies: PortfolioItemDto[];
};

/**
 * 'Create New Press Release' / 'Edit Press Release'. Choosing a portfolio company fills the company
 * logo and sector; 'Other (Custom Company)' takes a typed name and an optional logo. 'Extract from URL'
 * fills the fields from a web page. The homepage limit and concurrent edits are enforced by the server.
 */
export function PressFormDialog({ release, open, onOpenChange, onSaved, companies }: PressFormDialogProps) {
  const editing = Boolean(release);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: defaults(release) });
  const { register, handleSubmit, control, watch, setValue, getValues, formState, reset, setError } = form;
  const { errors, isSubmitting } = formState;
  const [extractOpen, setExtractOpen] = React.useState(false);
  const [custom, setCustom] = React.useState(false);
  const [extracted, setExtracted] = React.useState<ExtractedContent | null>(null);

  const known = React.useMemo(() => new Map(companies.map((c) => [c.name, c])), [companies]);

  React.useEffect(() => {
    if (!open) return;
    reset(defaults(release));
    setCustom(Boolean(release?.company) && !known.has(release!.company!));
    setExtracted(null);
  }, [open, release, reset, known]);

  const company = watch("company");
  const category = watch("category");
  const logo = watch("companyLogo");
  const title = watch("title") ?? "";
  const summary = watch("summary") ?? "";
  const selectValue = custom ? OTHER : known.has(company ?? "") ? (company as string) : "";

  function chooseCompany(value: string) {
    if (value === OTHER) {
      setCustom(true);
      if (known.has(getValues("company") ?? "")) {
        setValue("company", "");
        setValue("companyLogo", "");
      }
      return;
    }
    setCustom(false);
    const item = known.get(value);
    setValue("company", value, { shouldValidate: formState.isSubmitted });
    setValue("companyLogo", item?.companyLogo ?? "");
    if (item) setValue("sector", sectorLabelOf(item.sector), { shouldValidate: formState.isSubmitted });
  }

  function fillFromPage(content: ExtractedContent, url: string) {
    const set = (name: keyof FormInput, value: string | null | undefined, max?: number) => {
      if (!value) return;
      setValue(name, max ? value.slice(0, max) : value, { shouldDirty: true });
    };
    set("title", content.title, 100);
    set("summary", content.summary, 200);
    set("content", content.content);
    set("date", toIsoDate(content.date));
    set("image", content.image);
    // A matched portfolio company brings its own logo and sector, as choosing it by hand does.
    if (content.company && known.has(content.company)) chooseCompany(content.company);
    else if (content.logo && (custom || !getValues("company"))) set("companyLogo", content.logo);
    set("category", content.category, 60);
    set("originalUrl", url);
    setExtracted(content);
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = release
        ? await apiRequest<PressReleaseDto>("PUT", `/api/press-releases/${release.id}`, { ...values, updatedAt: release.updatedAt })
        : await apiRequest<PressReleaseDto>("POST", "/api/press-releases", values);
      toast.success(release ? "Press release updated" : "Press release published", { description: saved.title });
      onSaved(saved);
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.message === HOMEPAGE_LIMIT_MESSAGE) {
        toast.error("Maximum limit reached", { description: HOMEPAGE_LIMIT_MESSAGE });
        return;
      }
      if (err instanceof ApiError && applyServerErrors(err, setError)) return;
      showSaveError(err, release ? "Failed to update press release" : "Failed to add press release");
    }
  });

  const err = (name: keyof FormInput) => errors[name]?.message as string | undefined;
  const aria = (name: keyof FormInput) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `pr-${name}-error` : undefined,
  });
  const categories: string[] = [...PRESS_CATEGORIES];
  if (category && !categories.includes(category)) categories.push(category);

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="max-w-3xl">
        <DialogHeader className="sm:flex sm:items-start sm:justify-between sm:gap-4 sm:space-y-0">
          <div className="space-y-1.5">
            <DialogTitle>{editing ? "Edit Press Release" : "Create New Press Release"}</DialogTitle>
            <DialogDescription>{editing ? "Update an existing press release" : "Publish an announcement to the press releases page."}</DialogDescription>
          </div>
          <Button type="button" variant="outline" size="sm" className="mt-3 shrink-0 sm:mt-0" onClick={() => setExtractOpen(true)}>
            <Wand2 className="h-4 w-4" aria-hidden="true" />
            Extract from URL
          </Button>
        </DialogHeader>

        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {extracted ? <ExtractSummary content={extracted} onDismiss={() => setExtracted(null)} /> : null}
          <Field id="pr-title" label="Title" error={err("title")} hint={`${title.length}/100 characters`}>
            <Input id="pr-title" maxLength={100} {...register("title")} {...aria("title")} />
          </Field>
          <Field id="pr-summary" label="Summary" error={err("summary")} hint={`${summary.length}/200 characters; shown on cards and in link previews.`}>
            <Textarea id="pr-summary" rows={2} maxLength={200} {...register("summary")} {...aria("summary")} />
          </Field>

          <div className="grid gap-5 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="pr-company-select">Company</Label>
              <div className="flex items-center gap-2">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-white">
                  {logo ? <img src={logo} alt="" className="h-full w-full object-contain p-1" /> : <Building2 className="h-4 w-4 text-slate-400" aria-hidden="true" />}
                </span>
                <NativeSelect
                  id="pr-company-select"
                  value={selectValue}
                  onChange={(e) => chooseCompany(e.target.value)}
                  aria-invalid={errors.company && !custom ? true : undefined}
                  aria-describedby={errors.company && !custom ? "pr-company-error" : undefined}
                >
                  <option value="">Select a company</option>
                  {companies.map((c) => (
                    <option key={c.id} value={c.name}>
                      {c.name}
                    </option>
                  ))}
                  <option value={OTHER}>Other (Custom Company)</option>
                </NativeSelect>
              </div>
              {custom ? null : err("company") ? (
                <p id="pr-company-error" role="alert" className="text-sm text-red-600">
                  {err("company")}
                </p>
              ) : null}
            </div>
            <Field id="pr-sector" label="Sector" error={err("sector")}>
              <Input id="pr-sector" list="pr-sector-options" placeholder="e.g. Financial" {...register("sector")} {...aria("sector")} />
              <datalist id="pr-sector-options">
                {SECTORS.map((s) => (
                  <option key={s.value} value={s.label} />
                ))}
              </datalist>
            </Field>
          </div>

          {custom ? (
            <div className="grid gap-5 rounded-lg border border-dashed border-slate-300 bg-slate-50/60 p-4 sm:grid-cols-2">
              <Field id="pr-company" label="Custom company name" error={err("company")}>
                <Input id="pr-company" placeholder="Company name" {...register("company")} {...aria("company")} />
              </Field>
              <Controller
                control={control}
                name="companyLogo"
                render={({ field }) => (
                  <ImageUpload id="pr-companyLogo" label="Company Logo" kind="logo" previewShape="square" value={field.value as string | null} onChange={field.onChange} error={err("companyLogo")} />
                )}
              />
            </div>
          ) : null}

          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="pr-date" label="Release Date" error={err("date")}>
              <Input id="pr-date" type="date" {...register("date")} {...aria("date")} />
            </Field>
            <Field id="pr-category" label="Category" error={err("category")}>
              <NativeSelect id="pr-category" {...register("category")} {...aria("category")}>
                {categories.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>

          <Field id="pr-content" label="Content" error={err("content")} hint="At least 50 characters. Separate paragraphs with a blank line, or use simple HTML; unsafe markup is removed on save.">
            <Textarea id="pr-content" rows={9} className="font-[inherit] leading-relaxed" {...register("content")} {...aria("content")} />
          </Field>

          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <ImageUpload id="pr-image" label="Featured Image" kind="banner" value={field.value as string | null} onChange={field.onChange} error={err("image")} />
            )}
          />

          <div className="grid gap-3 sm:grid-cols-2">
            <Controller
              control={control}
              name="featured"
              render={({ field }) => (
                <label htmlFor="pr-featured" className="flex cursor-pointer items-center justify-between gap-4 rounded-lg border border-slate-200 p-4">
                  <span>
                    <span className="block text-sm font-medium text-slate-900">Featured Release</span>
                    <span className="block text-xs text-slate-500">Only one release is featured; this replaces the current one.</span>
                  </span>
                  <Switch id="pr-featured" checked={Boolean(field.value)} onCheckedChange={field.onChange} aria-label="Featured Release" />
                </label>
              )}
            />
            <Controller
              control={control}
              name="showOnHomepage"
              render={({ field }) => (
                <label htmlFor="pr-homepage" className="flex cursor-pointer items-center justify-between gap-4 rounded-lg border border-slate-200 p-4">
                  <span>
                    <span className="block text-sm font-medium text-slate-900">Show on Homepage</span>
                    <span className="block text-xs text-slate-500">At most 3 releases appear on the home page.</span>
                  </span>
                  <Switch id="pr-homepage" checked={Boolean(field.value)} onCheckedChange={field.onChange} aria-label="Show on Homepage" />
                </label>
              )}
            />
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="pr-originalUrl" label="Original URL" error={err("originalUrl")} hint="Optional link to the original source.">
              <div className="relative">
                <LinkIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
                <Input id="pr-originalUrl" type="url" inputMode="url" placeholder="https://" className="pl-9" {...register("originalUrl")} {...aria("originalUrl")} />
              </div>
            </Field>
            <Field id="pr-displayTitle" label="Display title (optional)" error={err("displayTitle")} hint="A longer headline for the detail page.">
              <Input id="pr-displayTitle" {...register("displayTitle")} {...aria("displayTitle")} />
            </Field>
          </div>

          <DialogFooter className={STICKY_FOOTER}>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {editing ? "Update Press Release" : "Publish Press Release"}
            </Button>
          </DialogFooter>
        </form>
        <ExtractDialog open={extractOpen} onOpenChange={setExtractOpen} onExtracted={fillFromPage} />
      </DialogContent>
    </Dialog>
  );
}
