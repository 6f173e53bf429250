import type * as React from "react";
import { cn } from "~/lib/utils";
import { FieldError } from "~/components/ui/input";

/** One option of a radio group in a dialog: its label, what it means, and why it is not available when disabled. */
export function RadioChoice({
  name,
  value,
  checked,
  onChange,
  disabled,
  label,
  hint,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  disabled?: boolean;
  label: string;
  hint?: React.ReactNode;
  /** Under the option while it is chosen (the investor list, the expiry fields). */
  children?: React.ReactNode;
}) {
  const id = `${name}-${value}`;
  return (
    <div className={cn("rounded-lg border p-3", checked ? "border-navy-300 bg-navy-50/40" : "border-slate-200", disabled && "opacity-70")}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="radio"
          name={name}
          value={value}
          checked={checked}
          disabled={disabled}
          onChange={() => onChange(value)}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="mt-0.5 h-4 w-4 shrink-0 accent-navy-800"
        />
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className={cn("text-sm font-medium text-navy-950", disabled ? "cursor-not-allowed" : "cursor-pointer")}>
            {label}
          </label>
          {hint ? (
            <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
      {checked && children ? <div className="mt-3 ps-7">{children}</div> : null}
    </div>
  );
}

/** A group of choices with its legend and its error. */
export function ChoiceGroup({
  legend,
  hint,
  error,
  id,
  children,
}: {
  legend: string;
  hint?: React.ReactNode;
  error?: string;
  id: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-semibold text-navy-950">{legend}</legend>
      {hint ? <p className="-mt-1 mb-2 text-xs text-slate-600">{hint}</p> : null}
      {children}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
