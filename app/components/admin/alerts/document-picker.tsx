import { Loader2, Search } from "lucide-react";
import * as React from "react";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { DocumentDto } from "../../../../shared/api/documents";
import { IconInput } from "../../manage/icon-input";
import { FieldError } from "~/components/ui/input";

/** How many documents an event may name (the schema's bound). */
export const EVENT_DOCUMENTS_MAX = 10;

/**
 * The public documents an event links to: a filter over their titles and a list of checkboxes; once ten are chosen
 * the others wait until one is unchosen.
 */
export function DocumentPicker({
  id,
  label,
  docs,
  status,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  docs: DocumentDto[];
  status: "loading" | "ready" | "failed";
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const t = useT();
  const f = useFormat();
  const [filter, setFilter] = React.useState("");
  const words = filter.trim().toLowerCase();
  const shown = words ? docs.filter((d) => `${d.title} ${d.titleAr ?? ""}`.toLowerCase().includes(words)) : docs;
  const full = value.length >= EVENT_DOCUMENTS_MAX;
  const toggle = (docId: number) => onChange(value.includes(docId) ? value.filter((v) => v !== docId) : [...value, docId]);
  const describedBy = [`${id}-count`, error ? `${id}-error` : null].filter(Boolean).join(" ");

  return (
    <fieldset className="space-y-2" aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <p id={`${id}-count`} className="text-xs text-slate-500">
        {t("admin.alerts.calendar.form.documentsChosen", { count: value.length, shown: f.count(value.length), max: f.count(EVENT_DOCUMENTS_MAX) })}
      </p>
      {status === "loading" ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          {t("admin.alerts.calendar.form.documentsLoading")}
        </p>
      ) : status === "failed" ? (
        <p className="text-sm text-red-700">{t("admin.alerts.calendar.form.documentsFailed")}</p>
      ) : docs.length === 0 ? (
        <p className="text-sm text-slate-500">{t("admin.alerts.calendar.form.noDocuments")}</p>
      ) : (
        <>
          {docs.length > 6 ? (
            <IconInput
              icon={Search}
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder={t("admin.alerts.calendar.form.documentsFilter")}
              aria-label={t("admin.alerts.calendar.form.documentsFilter")}
            />
          ) : null}
          <ul className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
            {shown.map((d) => {
              const checked = value.includes(d.id);
              const disabled = !checked && full;
              return (
                <li key={d.id}>
                  <label
                    className={cn("flex items-start gap-3 px-3 py-2 text-sm", disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:bg-slate-50")}
                  >
                    <input
                      type="checkbox"
                      className="mt-0.5 h-4 w-4 shrink-0 accent-navy-800"
                      checked={checked}
                      disabled={disabled}
                      onChange={() => toggle(d.id)}
                    />
                    <span className="min-w-0">
                      <bdi className="block break-words text-slate-900">{d.title}</bdi>
                      <span className="block text-xs text-slate-500">{f.date(d.publishedAt, { short: true })}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
