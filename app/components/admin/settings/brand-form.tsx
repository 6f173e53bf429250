import { Building } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { useT } from "~/i18n/provider";
import { ApiError, type CallOutput } from "~/lib/api/client";
import { settingsApi } from "~/lib/api/settings";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";
import type { API } from "../../../../shared/api";
import { SOCIAL_NETWORKS, type Brand } from "../../../../shared/brand";
import { brandArabicSchema } from "../../../../shared/content-schemas";
import { brandSchema } from "../../../../shared/schemas";
import { applyServerErrors, failureText } from "../../manage/form-errors";
import { TextAreaField, TextField, TwinFields, URL_PLACEHOLDER, bindFields, twinResolver, useArabicLabel } from "../../manage/form-fields";
import { SaveBar, SettingsCard } from "./settings-card";

/** The brand texts as the admin reads them: English and Arabic, with the translation status. */
export type BrandSettings = CallOutput<typeof API.settings.brand>;

type FormInput = z.input<typeof brandSchema> & z.input<typeof brandArabicSchema>;
type FormOutput = z.output<typeof brandSchema> & z.output<typeof brandArabicSchema>;
const brandResolver = twinResolver<FormInput>(brandSchema, brandArabicSchema);

function defaults(brand: Brand): FormInput {
  return {
    name: brand.name,
    shortName: brand.shortName,
    tagline: brand.tagline,
    description: brand.description,
    address: brand.address,
    phone: brand.phone,
    email: brand.email,
    social: { ...brand.social },
    taglineAr: brand.taglineAr ?? "",
    descriptionAr: brand.descriptionAr ?? "",
    addressAr: brand.addressAr ?? "",
  };
}

/**
 * The brand texts. `brand` is the page's (English) brand the form starts with; `admin` is the admin read with the
 * Arabic texts, which fills the Arabic twins when it arrives (without touching what was typed in the others).
 */
export function BrandForm({ brand, admin }: { brand: Brand; admin: BrandSettings | null }) {
  const t = useT();
  const arabic = useArabicLabel();
  const revalidator = useRevalidator();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: brandResolver as never, defaultValues: defaults(admin ?? brand) });
  const { handleSubmit, formState, reset, setError, resetField } = form;
  const [saved, setSaved] = React.useState<Brand>(admin ?? brand);
  React.useEffect(() => {
    if (!admin) return;
    setSaved(admin);
    // The page's brand is in the page's language (Arabic on /ar): the admin read puts the stored English back in the
    // English fields too. A field the admin has already changed keeps what was typed.
    const values = defaults(admin);
    for (const name of Object.keys(values) as (keyof FormInput)[]) {
      if (!form.getFieldState(name).isDirty) resetField(name, { defaultValue: values[name] as never });
    }
  }, [admin, form, resetField]);
  const { isSubmitting, isDirty } = formState;
  const field = bindFields(form, "brand");

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await settingsApi.saveBrand({ body: values });
      setSaved(saved);
      reset(defaults(saved));
      toast.success(t("admin.settings.brand.saved"), { description: t("admin.settings.brand.savedText") });
      void revalidator.revalidate();
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, setError, t)) return;
      toast.error(t("admin.settings.brand.notSaved"), { description: failureText(err, t) });
    }
  });

  const legend = "text-xs font-semibold uppercase tracking-wider text-slate-500";
  return (
    <SettingsCard icon={Building} title={t("admin.settings.brand.title")} description={t("admin.settings.brand.description")}>
      <form onSubmit={onSubmit} noValidate className="space-y-8">
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className={cn("mb-3", legend)}>{t("admin.settings.brand.brand")}</legend>
          <TextField {...field("name")} label={t("admin.settings.brand.name")} />
          <TextField {...field("shortName")} label={t("admin.settings.brand.shortName")} hint={t("admin.settings.brand.shortNameHint")} />
          <TwinFields className="sm:col-span-2">
            <TextField {...field("tagline")} contentLang="en" label={t("admin.settings.brand.tagline")} hint={t("admin.settings.brand.taglineHint")} />
            <TextField
              {...field("taglineAr")}
              contentLang="ar"
              label={arabic(t("admin.settings.brand.tagline"))}
              hint={t("admin.settings.brand.taglineHint")}
            />
          </TwinFields>
          <TwinFields className="sm:col-span-2">
            <TextAreaField
              {...field("description")}
              contentLang="en"
              label={t("admin.settings.brand.descriptionField")}
              hint={t("admin.settings.brand.descriptionHint")}
              rows={3}
            />
            <TextAreaField
              {...field("descriptionAr")}
              contentLang="ar"
              label={arabic(t("admin.settings.brand.descriptionField"))}
              hint={t("admin.settings.brand.descriptionHint")}
              rows={3}
            />
          </TwinFields>
        </fieldset>

        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className={cn("mb-3", legend)}>{t("admin.settings.brand.contact")}</legend>
          <TwinFields className="sm:col-span-2">
            <TextField {...field("address")} contentLang="en" label={t("admin.settings.brand.address")} autoComplete="street-address" />
            <TextField {...field("addressAr")} contentLang="ar" label={arabic(t("admin.settings.brand.address"))} />
          </TwinFields>
          <TextField {...field("phone")} label={t("admin.settings.brand.phone")} type="tel" autoComplete="tel" />
          <TextField {...field("email")} label={t("admin.settings.brand.email")} type="email" autoComplete="email" />
        </fieldset>

        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className={cn("mb-1", legend)}>{t("admin.settings.brand.social")}</legend>
          <p className="text-xs text-slate-500 sm:col-span-2">{t("admin.settings.brand.socialHint")}</p>
          {SOCIAL_NETWORKS.map(({ key, label }) => (
            <TextField
              key={key}
              form={form}
              name={`social.${key}`}
              id={`brand-${key}`}
              label={t.maybe(label) ?? label}
              type="url"
              inputMode="url"
              placeholder={URL_PLACEHOLDER}
            />
          ))}
        </fieldset>

        <SaveBar
          className="border-t border-slate-100 pt-6"
          onDiscard={() => reset(defaults(saved))}
          dirty={isDirty}
          busy={isSubmitting}
          saveLabel={t("admin.settings.brand.save")}
        />
      </form>
    </SettingsCard>
  );
}
