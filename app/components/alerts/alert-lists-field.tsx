import * as React from "react";
import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { AlertList } from "../../../shared/alerts";
import { PRESS_LIST_LABEL, PRESS_LISTS, isPressList } from "./list-labels";
import { FieldError } from "~/components/ui/input";

const box = "mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-navy-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500";
const group = "min-w-0 rounded-xl border border-slate-200 bg-slate-50/70 p-4";
const groupLegend = "float-start mb-3 w-full text-sm font-semibold text-navy-950";

/** One checkbox and its label (and a line of hint under the label). */
function Check({
  id,
  label,
  hint,
  checked,
  onChange,
  indeterminate = false,
  disabled,
  strong = false,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  indeterminate?: boolean;
  disabled?: boolean;
  strong?: boolean;
}) {
  const ref = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <div className="flex items-start gap-2.5">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className={box}
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <div className="min-w-0">
        <label htmlFor={id} className={cn("text-sm text-slate-800", strong && "font-semibold text-navy-950")}>
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="mt-0.5 text-xs leading-relaxed text-slate-500">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The lists an address can receive, grouped: press releases by category (with a toggle for every category), new
 * reports and documents, and the financial calendar. `compact` keeps the categories behind a disclosure (the press
 * page's short form); the toggle for every category stays in view.
 */
export function AlertListsField({
  id,
  value,
  onChange,
  error,
  compact = false,
  disabled,
}: {
  id: string;
  value: readonly AlertList[];
  onChange: (lists: AlertList[]) => void;
  /** The translated message of the field, shown under the groups. */
  error?: string;
  compact?: boolean;
  disabled?: boolean;
}) {
  const t = useT();
  const chosen = new Set(value);
  const pressCount = PRESS_LISTS.filter((l) => chosen.has(l)).length;
  const allPress = pressCount === PRESS_LISTS.length;
  // Lists keep the contract's order whatever order they were ticked in.
  const set = (list: AlertList, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(list);
    else next.delete(list);
    onChange([...PRESS_LISTS, "documents" as const, "calendar" as const].filter((l) => next.has(l)));
  };
  const setAllPress = (on: boolean) => {
    const others = value.filter((l) => !isPressList(l));
    onChange(on ? [...PRESS_LISTS, ...others] : others);
  };
  const categories = (
    <div className={cn("grid gap-x-4 gap-y-2.5", compact ? "grid-cols-2" : "grid-cols-2 lg:grid-cols-3")}>
      {PRESS_LISTS.map((list) => (
        <Check
          key={list}
          id={`${id}-${list.replace(":", "-")}`}
          label={t(PRESS_LIST_LABEL[list as keyof typeof PRESS_LIST_LABEL])}
          checked={chosen.has(list)}
          onChange={(on) => set(list, on)}
          disabled={disabled}
        />
      ))}
    </div>
  );
  return (
    <fieldset
      className="min-w-0 space-y-3"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      data-testid="alert-lists"
    >
      <legend className="mb-3 text-sm font-medium text-slate-800">{t("alerts.lists.legend")}</legend>
      <fieldset className={group}>
        <legend className={groupLegend}>{t("alerts.lists.press.legend")}</legend>
        <div className="clear-both space-y-3">
          <Check
            id={`${id}-press-all`}
            label={t("alerts.lists.press.all")}
            checked={allPress}
            indeterminate={pressCount > 0 && !allPress}
            onChange={setAllPress}
            disabled={disabled}
            strong
          />
          {compact ? (
            <details className="group">
              <summary className="cursor-pointer select-none text-sm font-medium text-navy-800 underline-offset-4 hover:underline">
                {t("alerts.lists.press.choose")}{" "}
                <span className="text-slate-500">{t("alerts.lists.press.count", { count: pressCount, total: PRESS_LISTS.length })}</span>
              </summary>
              <div className="mt-3 border-t border-slate-200 pt-3">{categories}</div>
            </details>
          ) : (
            <div className="border-t border-slate-200 pt-3">{categories}</div>
          )}
        </div>
      </fieldset>
      <div className={cn("grid gap-3", !compact && "sm:grid-cols-2")}>
        <fieldset className={group}>
          <legend className={groupLegend}>{t("alerts.lists.documents.legend")}</legend>
          <div className="clear-both">
            <Check
              id={`${id}-documents`}
              label={t("alerts.lists.documents.label")}
              hint={compact ? undefined : t("alerts.lists.documents.hint")}
              checked={chosen.has("documents")}
              onChange={(on) => set("documents", on)}
              disabled={disabled}
            />
          </div>
        </fieldset>
        <fieldset className={group}>
          <legend className={groupLegend}>{t("alerts.lists.calendar.legend")}</legend>
          <div className="clear-both">
            <Check
              id={`${id}-calendar`}
              label={t("alerts.lists.calendar.label")}
              hint={compact ? undefined : t("alerts.lists.calendar.hint")}
              checked={chosen.has("calendar")}
              onChange={(on) => set("calendar", on)}
              disabled={disabled}
            />
          </div>
        </fieldset>
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
