import type { UseFormRegisterReturn } from "react-hook-form";
import { useT } from "~/i18n/provider";
import { LOCALES } from "../../../shared/i18n/locales";
import { FieldError } from "~/components/ui/input";

/** The language the e-mails are written in: English or Arabic, as radio buttons bound to the form. */
export function LocaleField({ id, field, error }: { id: string; field: UseFormRegisterReturn; error?: string }) {
  const t = useT();
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{t("alerts.locale.legend")}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {LOCALES.map((locale) => (
          <div key={locale} className="flex items-center gap-2">
            <input
              id={`${id}-${locale}`}
              type="radio"
              value={locale}
              className="h-4 w-4 border-slate-300 accent-navy-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
              {...field}
            />
            <label htmlFor={`${id}-${locale}`} className="text-sm text-slate-800">
              {t(locale === "ar" ? "alerts.locale.ar" : "alerts.locale.en")}
            </label>
          </div>
        ))}
      </div>
      <FieldError id={id} error={error} className="mt-1.5" />
    </fieldset>
  );
}
