import * as React from "react";
import { useForm } from "react-hook-form";
import { toast } from "~/lib/toast";
import { useT } from "~/i18n/provider";
import { ApiError, hasErrorCode } from "~/lib/api/client";
import { pressApi } from "~/lib/api/press";
import type { PortfolioItemDto } from "../../../../server/features/portfolio/portfolio";
import type { PressReleaseDto } from "../../../../server/features/press/press";
import { HOMEPAGE_LIMIT_FORM_TOAST } from "../../../../shared/rules";
import { PRESS_LIMITS } from "../../../../shared/limits";
import { sectorOf } from "../../../../shared/sectors";
import type { ExtractedContent } from "../extract-dialog";
import { applyServerErrors, showSaveError } from "../form-errors";
import { bindFields, submitterValue, withoutUnknownArabic } from "../form-fields";
import { OTHER, defaults, resolver, toIsoDate, type FormInput, type FormOutput } from "./form";

type Options = {
  release?: PressReleaseDto;
  /** The holding company's own name: the first entry of the Company list and a new release's company. */
  issuer: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `schedule`: the editor asked to schedule the new release (it was saved as a draft). */
  onSaved: (release: PressReleaseDto, opts: { schedule: boolean }) => void;
  companies: PortfolioItemDto[];
};

/**
 * The press release form's state and actions: reset on every opening, the company choice (a portfolio company
 * brings its logo and sector), filling from an extracted page, and saving with the server's refusals shown.
 */
export function usePressForm({ release, issuer, open, onOpenChange, onSaved, companies }: Options) {
  const t = useT();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: resolver as never, defaultValues: defaults(release, issuer) });
  const { handleSubmit, setValue, getValues, formState, reset, setError } = form;
  const { errors } = formState;
  const field = bindFields(form, "pr");
  const [custom, setCustom] = React.useState(false);
  const [extracted, setExtracted] = React.useState<ExtractedContent | null>(null);
  // Bumped whenever the form is filled anew, so the rich-text editors start over from the form's values.
  const [resetKey, setResetKey] = React.useState(0);

  const known = React.useMemo(() => new Map(companies.map((c) => [c.name, c])), [companies]);

  React.useEffect(() => {
    if (!open) return;
    reset(defaults(release, issuer));
    setCustom(Boolean(release?.company) && !known.has(release!.company!) && release!.company !== issuer);
    setExtracted(null);
    setResetKey((k) => k + 1);
  }, [open, release, reset, known, issuer]);

  const company = form.watch("company");
  const selectValue = custom ? OTHER : company && (known.has(company) || company === issuer) ? company : "";

  function chooseCompany(value: string) {
    if (value === OTHER) {
      setCustom(true);
      const current = getValues("company") ?? "";
      if (known.has(current) || current === issuer) {
        setValue("company", "");
        setValue("companyLogo", "");
      }
      return;
    }
    setCustom(false);
    const item = known.get(value);
    setValue("company", value, { shouldValidate: formState.isSubmitted });
    setValue("companyLogo", item?.companyLogo ?? "");
    const sector = sectorOf(item?.sector)?.value;
    if (sector) setValue("sector", sector, { shouldValidate: formState.isSubmitted });
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
    if (content.content) {
      // The page's HTML replaces the text: the editor reads it anew, and its document follows on the next change.
      set(ar ? "contentAr" : "content", content.content);
      setValue(ar ? "contentArDoc" : "contentDoc", null);
      setResetKey((k) => k + 1);
    }
    set("date", toIsoDate(content.date));
    set("image", content.image);
    // A matched portfolio company brings its own logo and sector, as choosing it by hand does.
    if (content.company && known.has(content.company)) chooseCompany(content.company);
    else if (content.logo && (custom || !getValues("company"))) set("companyLogo", content.logo);
    set("category", content.category, PRESS_LIMITS.category.max);
    set("originalUrl", url);
    setExtracted(content);
  }

  // A new release is saved as a draft, published at once or saved and then scheduled: the button pressed says which.
  const onSubmit = handleSubmit(async (all, event) => {
    const intent = submitterValue(event, ["draft", "publish", "schedule"], "draft");
    const values = withoutUnknownArabic(all, release, ["titleAr", "displayTitleAr", "summaryAr", "contentAr", "contentArDoc"]);
    try {
      const saved = release
        ? await pressApi.update({ params: { id: release.id }, body: { ...values, updatedAt: release.updatedAt } })
        : await pressApi.create({ body: { ...values, publication: intent === "publish" ? "published" : "draft" } });
      toast.success(t(release ? "manage.press.updated" : intent === "publish" ? "manage.press.published" : "manage.press.savedDraft"), {
        description: saved.title,
      });
      onSaved(saved, { schedule: !release && intent === "schedule" });
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

  /** The field's error message, translated when it is a message id. */
  const err = (name: keyof FormInput) => t.maybe(errors[name]?.message as string | undefined);

  return { form, field, err, custom, selectValue, chooseCompany, extracted, setExtracted, fillFromPage, onSubmit, resetKey };
}

export type PressFormState = ReturnType<typeof usePressForm>;
