import * as React from "react";
import { useForm } from "react-hook-form";
import { toast } from "~/lib/toast";
import type { z } from "zod";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import { portfolioApi } from "~/lib/api/portfolio";
import type { PortfolioItemDto } from "../../../server/features/portfolio/portfolio";
import { portfolioArabicSchema } from "../../../shared/content-schemas";
import { sectorOf } from "../../../shared/sectors";
import { MIN_YEAR, PORTFOLIO_STATUS_VALUES, currentYear, portfolioSchema } from "../../../shared/schemas";
import { ImageField } from "./image-upload";
import { applyServerErrors, showSaveError } from "./form-errors";
import {
  DialogFormActions,
  SaveDraftButton,
  SelectField,
  TextAreaField,
  TextField,
  TwinFields,
  bindFields,
  twinResolver,
  useArabicLabel,
  submitterValue,
  withoutUnknownArabic,
} from "./form-fields";
import { STICKY_FOOTER } from "./form-layout";
import { SectorOptions } from "./sector-options";
import { useLabels } from "./labels";

/** An example address (the same in every language). */
const EXAMPLE_WEBSITE = "https://company.com";

type FormInput = z.input<typeof portfolioSchema> & z.input<typeof portfolioArabicSchema>;
type FormOutput = z.output<typeof portfolioSchema> & z.output<typeof portfolioArabicSchema>;
const resolver = twinResolver<FormInput>(portfolioSchema, portfolioArabicSchema);

function defaults(item?: PortfolioItemDto): FormInput {
  return {
    name: item?.name ?? "",
    description: item?.description ?? "",
    descriptionAr: item?.descriptionAr ?? "",
    sector: sectorOf(item?.sector)?.value ?? "",
    yearAcquired: item?.yearAcquired ?? currentYear(),
    image: item?.image ?? "",
    companyLogo: item?.companyLogo ?? "",
    website: item?.website ?? "",
    status: item?.status ?? "Active",
    exitYear: item?.exitYear ?? "",
  };
}

export type PortfolioFormDialogProps = {
  /** The item to edit; without it the dialog adds a new company. */
  item?: PortfolioItemDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (item: PortfolioItemDto) => void;
};

/**
 * 'Add New Portfolio Company' / 'Edit Portfolio Company'. Validation comes from the shared
 * portfolioSchema, so the form shows the same messages the server would answer with. An edit sends the
 * updatedAt it loaded; if another admin saved in between the server refuses and the user is told.
 */
export function PortfolioFormDialog({ item, open, onOpenChange, onSaved }: PortfolioFormDialogProps) {
  const t = useT();
  const labels = useLabels();
  const arabic = useArabicLabel();
  const editing = Boolean(item);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: resolver as never, defaultValues: defaults(item) });
  const { handleSubmit, control, watch, setValue, formState, reset, setError } = form;
  const { errors, isSubmitting } = formState;
  const field = bindFields(form, "pf");
  const status = watch("status");
  const exited = status !== "Active";

  React.useEffect(() => {
    if (open) reset(defaults(item));
  }, [open, item, reset]);

  // A new company is saved as a draft or published at once: the button pressed says which.
  const onSubmit = handleSubmit(async (all, event) => {
    const intent = submitterValue(event, ["draft", "publish"], "draft");
    const values = withoutUnknownArabic(all, item, ["descriptionAr"]);
    try {
      const saved = item
        ? await portfolioApi.update({ params: { id: item.id }, body: { ...values, updatedAt: item.updatedAt } })
        : await portfolioApi.create({ body: { ...values, publication: intent === "publish" ? "published" : "draft" } });
      toast.success(t(item ? "manage.portfolio.updated" : intent === "publish" ? "manage.portfolio.added" : "manage.portfolio.savedDraft"), {
        description: saved.name,
      });
      onSaved(saved);
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, setError, t)) return;
      showSaveError(err, t(item ? "manage.portfolio.updateFailed" : "manage.portfolio.addFailed"), t);
    }
  });

  const err = (name: keyof FormInput) => t.maybe(errors[name]?.message as string | undefined);
  /** The acquisition and exit years: whole years from MIN_YEAR to this year. */
  const yearInput = { type: "number", inputMode: "numeric", min: MIN_YEAR, max: currentYear() } as const;

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>{t(editing ? "manage.portfolio.editTitle" : "manage.portfolio.createTitle")}</DialogTitle>
          <DialogDescription>{t(editing ? "manage.portfolio.editDescription" : "manage.portfolio.createDescription")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField {...field("name")} label={t("manage.portfolio.field.name")} autoComplete="off" />
            <SelectField {...field("sector")} label={t("manage.field.sector")}>
              <SectorOptions />
            </SelectField>
          </div>
          <TwinFields>
            <TextAreaField
              {...field("description")}
              contentLang="en"
              label={t("manage.portfolio.field.description")}
              hint={t("manage.portfolio.field.descriptionHint")}
              rows={4}
            />
            <TextAreaField
              {...field("descriptionAr")}
              contentLang="ar"
              label={arabic(t("manage.portfolio.field.description"))}
              hint={t("manage.portfolio.field.descriptionHint")}
              rows={4}
            />
          </TwinFields>
          <div className="grid gap-5 sm:grid-cols-3">
            <TextField {...field("yearAcquired")} label={t("manage.portfolio.field.yearAcquired")} {...yearInput} />
            <SelectField
              {...field("status")}
              label={t("manage.portfolio.field.status")}
              registerOptions={{
                onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                  if (e.target.value === "Active") setValue("exitYear", "", { shouldValidate: false });
                },
              }}
            >
              {PORTFOLIO_STATUS_VALUES.map((s) => (
                <option key={s} value={s}>
                  {labels.status(s)}
                </option>
              ))}
            </SelectField>
            {exited ? (
              <TextField
                {...field("exitYear")}
                label={t("manage.portfolio.field.exitYear")}
                placeholder={t("manage.portfolio.field.exitYearPlaceholder", { year: "2024" })}
                {...yearInput}
              />
            ) : null}
          </div>
          <TextField
            {...field("website")}
            label={t("manage.portfolio.field.website")}
            hint={t("manage.portfolio.field.websiteHint")}
            type="url"
            inputMode="url"
            placeholder={EXAMPLE_WEBSITE}
          />
          <ImageField control={control} name="image" id="pf-image" label={t("manage.portfolio.field.image")} kind="banner" error={err("image")} />
          <ImageField
            control={control}
            name="companyLogo"
            id="pf-companyLogo"
            label={t("manage.field.companyLogo")}
            kind="logo"
            previewShape="square"
            error={err("companyLogo")}
          />
          <DialogFormActions
            className={STICKY_FOOTER}
            onCancel={() => onOpenChange(false)}
            busy={isSubmitting}
            cancelDisabled={isSubmitting}
            submitLabel={t(editing ? "manage.portfolio.update" : "manage.portfolio.add")}
            submitValue={editing ? undefined : "publish"}
          >
            {editing ? null : <SaveDraftButton busy={isSubmitting}>{t("manage.press.saveDraft")}</SaveDraftButton>}
          </DialogFormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
