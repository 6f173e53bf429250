import { Building2 } from "lucide-react";
import { Label } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useT } from "~/i18n/provider";
import type { PortfolioItemDto } from "../../../../server/features/portfolio/portfolio";
import { SelectField, TextField } from "../form-fields";
import { ImageField } from "../image-upload";
import { SectorOptions } from "../sector-options";
import { OTHER } from "./form";
import type { PressFormState } from "./use-press-form";

type Props = { press: PressFormState; companies: PortfolioItemDto[]; issuer: string };

/**
 * The Company dropdown (the holding company itself, its portfolio companies and 'Other (Custom Company)') with
 * the chosen logo, and the sector chosen from the one list.
 */
export function CompanyFields({ press, companies, issuer }: Props) {
  const t = useT();
  const { form, field, err, custom, selectValue, chooseCompany } = press;
  const { errors } = form.formState;
  const logo = form.watch("companyLogo");
  return (
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
            {issuer ? <option value={issuer}>{t("manage.press.field.issuer", { name: issuer })}</option> : null}
            {companies
              .filter((c) => c.name !== issuer)
              .map((c) => (
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
      <SelectField {...field("sector")} label={t("manage.field.sector")}>
        <SectorOptions />
      </SelectField>
    </div>
  );
}

/** 'Other (Custom Company)': a typed company name and an optional logo. */
export function CustomCompanyFields({ press }: { press: PressFormState }) {
  const t = useT();
  const { form, field, err } = press;
  return (
    <div className="grid gap-5 rounded-lg border border-dashed border-slate-300 bg-slate-50/60 p-4 sm:grid-cols-2">
      <TextField {...field("company")} label={t("manage.press.field.customCompany")} placeholder={t("manage.press.field.companyName")} />
      <ImageField
        control={form.control}
        name="companyLogo"
        id="pr-companyLogo"
        label={t("manage.field.companyLogo")}
        kind="logo"
        previewShape="square"
        error={err("companyLogo")}
      />
    </div>
  );
}
