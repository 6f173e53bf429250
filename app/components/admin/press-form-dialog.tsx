import { Building2, Link as LinkIcon, Wand2 } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { toast } from "~/lib/toast";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, Label } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useT } from "~/i18n/provider";
import { ApiError, hasErrorCode } from "~/lib/api/client";
import { pressApi } from "~/lib/api/press";
import type { PortfolioItemDto } from "../../../server/services/portfolio";
import type { PressReleaseDto } from "../../../server/services/press";
import { HOMEPAGE_LIMIT, HOMEPAGE_LIMIT_FORM_TOAST } from "../../../shared/rules";
import { pressArabicSchema } from "../../../shared/content-schemas";
import { PRESS_CATEGORIES, SECTORS, pressReleaseSchema } from "../../../shared/schemas";
import { PRESS_LIMITS } from "../../../shared/limits";
import { sectorLabel } from "../../../shared/sectors";
import { ExtractDialog, ExtractSummary, type ExtractedContent } from "./extract-dialog";
import { applyServerErrors, showSaveError } from "./form-errors";
import {
  DialogFormActions,
  SelectField,
  TextAreaField,
  TextField,
  TwinFields,
  URL_PLACEHOLDER,
  bindFields,
  twinResolver,
  useArabicLabel,
  withoutUnknownArabic,
} from "./form-fields";
import { STICKY_FOOTER } from "./form-layout";
import { IconInput } from "./icon-input";
import { ImageField } from "./image-upload";
import { useLabels } from "./labels";
import { SwitchField } from "./switch-field";

// The shared schema accepts the snake_case aliases through a preprocess step; the form only
// ever produces the camelCase fields, so it validates with the object inside it (same rules, same messages),
// and with the Arabic twins (titleAr, displayTitleAr, summaryAr, contentAr) as the API does.
const formSchema = pressReleaseSchema.out;
type FormInput = z.input<typeof formSchema> & z.input<typeof pressArabicSchema>;
type FormOutput = z.output<typeof formSchema> & z.output<typeof pressArabicSchema>;
const resolver = twinResolver<FormInput>(formSchema, pressArabicSchema);

const OTHER = "__other__";

/** Today in the admin's own time zone, as the date input wants it. */
export const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

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
    titleAr: release?.titleAr ?? "",
    displayTitleAr: release?.displayTitleAr ?? "",
    summaryAr: release?.summaryAr ?? "",
    contentAr: release?.contentAr ?? "",
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
  const t = useT();
  const labels = useLabels();
  const arabic = useArabicLabel();
  const editing = Boolean(release);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: resolver as never, defaultValues: defaults(release) });
  const { register, handleSubmit, control, watch, setValue, getValues, formState, reset, setError } = form;
  const { errors, isSubmitting } = formState;
  const field = bindFields(form, "pr");
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
  const titleAr = watch("titleAr") ?? "";
  const summaryAr = watch("summaryAr") ?? "";
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
    if (item) setValue("sector", sectorLabel(item.sector), { shouldValidate: formState.isSubmitted });
  }

  function fillFromPage(content: ExtractedContent, url: string) {
    const set = (name: keyof FormInput, value: string | null | undefined, max?: number) => {
      if (!value) return;
      setValue(name, max ? value.slice(0, max) : value, { shouldDirty: true });
    };
    // A page in Arabic fills the Arabic twins and leaves the English texts as they were.
    const ar = content.language === "ar";
    set(ar ? "titleAr" : "title", content.title, PRESS_LIMITS.title.max);
    set(ar ? "summaryAr" : "summary", content.summary, PRESS_LIMITS.summary.max);
    set(ar ? "contentAr" : "content", content.content);
    set("date", toIsoDate(content.date));
    set("image", content.image);
    // A matched portfolio company brings its own logo and sector, as choosing it by hand does.
    if (content.company && known.has(content.company)) chooseCompany(content.company);
    else if (content.logo && (custom || !getValues("company"))) set("companyLogo", content.logo);
    set("category", content.category, PRESS_LIMITS.category.max);
    set("originalUrl", url);
    setExtracted(content);
  }

  const onSubmit = handleSubmit(async (all) => {
    const values = withoutUnknownArabic(all, release, ["titleAr", "displayTitleAr", "summaryAr", "contentAr"]);
    try {
      const saved = release
        ? await pressApi.update({ params: { id: release.id }, body: { ...values, updatedAt: release.updatedAt } })
        : await pressApi.create({ body: values });
      toast.success(t(release ? "manage.press.updated" : "manage.press.published"), { description: saved.title });
      onSaved(saved);
      onOpenChange(false);
    } catch (err) {
      if (hasErrorCode(err, "HOMEPAGE_LIMIT")) {
        toast.error(t.maybe(HOMEPAGE_LIMIT_FORM_TOAST.title) ?? "", { description: t.maybe(HOMEPAGE_LIMIT_FORM_TOAST.description) });
        return;
      }
      if (err instanceof ApiError && applyServerErrors(err, setError, t)) return;
      showSaveError(err, t(release ? "manage.press.updateFailed" : "manage.press.addFailed"), t);
    }
  });

  const err = (name: keyof FormInput) => t.maybe(errors[name]?.message as string | undefined);
  const categories: string[] = [...PRESS_CATEGORIES];
  if (category && !categories.includes(category)) categories.push(category);

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="max-w-5xl">
        <DialogHeader className="sm:flex sm:items-start sm:justify-between sm:gap-4 sm:space-y-0">
          <div className="space-y-1.5">
            <DialogTitle>{t(editing ? "manage.press.editTitle" : "manage.press.createTitle")}</DialogTitle>
            <DialogDescription>{t(editing ? "manage.press.editDescription" : "manage.press.createDescription")}</DialogDescription>
          </div>
          <Button type="button" variant="outline" size="sm" className="mt-3 shrink-0 sm:mt-0" onClick={() => setExtractOpen(true)}>
            <Wand2 className="h-4 w-4" aria-hidden="true" />
            {t("manage.extract.open")}
          </Button>
        </DialogHeader>

        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {extracted ? <ExtractSummary content={extracted} onDismiss={() => setExtracted(null)} /> : null}
          <TwinFields>
            <TextField
              {...field("title")}
              contentLang="en"
              label={t("manage.press.field.title")}
              hint={t("manage.form.characters", { count: title.length, max: PRESS_LIMITS.title.max })}
              maxLength={PRESS_LIMITS.title.max}
            />
            <TextField
              {...field("titleAr")}
              contentLang="ar"
              label={arabic(t("manage.press.field.title"))}
              hint={t("manage.form.characters", { count: titleAr.length, max: PRESS_LIMITS.title.max })}
              maxLength={PRESS_LIMITS.title.max}
            />
          </TwinFields>
          <TwinFields>
            <TextAreaField
              {...field("summary")}
              contentLang="en"
              label={t("manage.press.field.summary")}
              hint={t("manage.press.field.summaryHint", { count: summary.length, max: PRESS_LIMITS.summary.max })}
              rows={2}
              maxLength={PRESS_LIMITS.summary.max}
            />
            <TextAreaField
              {...field("summaryAr")}
              contentLang="ar"
              label={arabic(t("manage.press.field.summary"))}
              hint={t("manage.press.field.summaryHint", { count: summaryAr.length, max: PRESS_LIMITS.summary.max })}
              rows={2}
              maxLength={PRESS_LIMITS.summary.max}
            />
          </TwinFields>

          <div className="grid gap-5 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="pr-company-select">{t("manage.press.field.company")}</Label>
              <div className="flex items-center gap-2">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-white">
                  {logo ? (
                    <img src={logo} alt="" className="h-full w-full object-contain p-1" />
                  ) : (
                    <Building2 className="h-4 w-4 text-slate-400" aria-hidden="true" />
                  )}
                </span>
                <NativeSelect
                  id="pr-company-select"
                  value={selectValue}
                  onChange={(e) => chooseCompany(e.target.value)}
                  aria-invalid={errors.company && !custom ? true : undefined}
                  aria-describedby={errors.company && !custom ? "pr-company-error" : undefined}
                >
                  <option value="">{t("manage.press.field.selectCompany")}</option>
                  {companies.map((c) => (
                    <option key={c.id} value={c.name}>
                      {c.name}
                    </option>
                  ))}
                  <option value={OTHER}>{t("manage.press.field.otherCompany")}</option>
                </NativeSelect>
              </div>
              {custom ? null : err("company") ? (
                <p id="pr-company-error" role="alert" className="text-sm text-red-600">
                  {err("company")}
                </p>
              ) : null}
            </div>
            <div>
              <TextField
                {...field("sector")}
                label={t("manage.field.sector")}
                list="pr-sector-options"
                placeholder={t("manage.press.field.sectorPlaceholder")}
              />
              {/* The stored sector is its English label, as the public pages expect; the list shows it translated. */}
              <datalist id="pr-sector-options">
                {SECTORS.map((s) => (
                  <option key={s.value} value={s.label} label={labels.sector(s.value)} />
                ))}
              </datalist>
            </div>
          </div>

          {custom ? (
            <div className="grid gap-5 rounded-lg border border-dashed border-slate-300 bg-slate-50/60 p-4 sm:grid-cols-2">
              <TextField {...field("company")} label={t("manage.press.field.customCompany")} placeholder={t("manage.press.field.companyName")} />
              <ImageField
                control={control}
                name="companyLogo"
                id="pr-companyLogo"
                label={t("manage.field.companyLogo")}
                kind="logo"
                previewShape="square"
                error={err("companyLogo")}
              />
            </div>
          ) : null}

          <div className="grid gap-5 sm:grid-cols-2">
            <TextField {...field("date")} label={t("manage.press.field.date")} type="date" />
            <SelectField {...field("category")} label={t("manage.press.field.category")}>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {labels.category(c)}
                </option>
              ))}
            </SelectField>
          </div>

          <TwinFields>
            <TextAreaField
              {...field("content")}
              contentLang="en"
              label={t("manage.press.field.content")}
              hint={t("manage.press.field.contentHint")}
              rows={9}
              className="font-[inherit] leading-relaxed"
            />
            <TextAreaField
              {...field("contentAr")}
              contentLang="ar"
              label={arabic(t("manage.press.field.content"))}
              hint={t("manage.press.field.contentHint")}
              rows={9}
              className="font-[inherit] leading-relaxed"
            />
          </TwinFields>

          <ImageField control={control} name="image" id="pr-image" label={t("manage.press.field.image")} kind="banner" error={err("image")} />

          <div className="grid gap-3 sm:grid-cols-2">
            <SwitchField
              control={control}
              name="featured"
              id="pr-featured"
              label={t("manage.press.field.featured")}
              text={t("manage.press.field.featuredHint")}
            />
            <SwitchField
              control={control}
              name="showOnHomepage"
              id="pr-homepage"
              label={t("manage.press.field.homepage")}
              text={t("manage.press.field.homepageHint", { count: HOMEPAGE_LIMIT })}
            />
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="pr-originalUrl" label={t("manage.press.field.originalUrl")} error={err("originalUrl")} hint={t("manage.press.field.originalUrlHint")}>
              <IconInput
                icon={LinkIcon}
                id="pr-originalUrl"
                type="url"
                inputMode="url"
                placeholder={URL_PLACEHOLDER}
                {...register("originalUrl")}
                aria-invalid={errors.originalUrl ? true : undefined}
                aria-describedby={errors.originalUrl ? "pr-originalUrl-error" : undefined}
              />
            </Field>
          </div>
          <TwinFields>
            <TextField
              {...field("displayTitle")}
              contentLang="en"
              label={t("manage.press.field.displayTitle")}
              hint={t("manage.press.field.displayTitleHint")}
            />
            <TextField
              {...field("displayTitleAr")}
              contentLang="ar"
              label={t("manage.press.field.displayTitleAr")}
              hint={t("manage.press.field.displayTitleHint")}
            />
          </TwinFields>

          <DialogFormActions
            className={STICKY_FOOTER}
            onCancel={() => onOpenChange(false)}
            busy={isSubmitting}
            cancelDisabled={isSubmitting}
            submitLabel={t(editing ? "manage.press.update" : "manage.press.publish")}
          />
        </form>
        <ExtractDialog open={extractOpen} onOpenChange={setExtractOpen} onExtracted={fillFromPage} />
      </DialogContent>
    </Dialog>
  );
}
