import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { Switch } from "~/components/ui/switch";

/** A boolean form field shown as a bordered card: its label and explanation, and a switch. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  text,
}: {
  control: Control<T>;
  name: Path<T>;
  id: string;
  label: string;
  text: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <label htmlFor={id} className="flex cursor-pointer items-center justify-between gap-4 rounded-lg border border-slate-200 p-4">
          <span>
            <span className="block text-sm font-medium text-slate-900">{label}</span>
            <span className="block text-xs text-slate-500">{text}</span>
          </span>
          <Switch id={id} checked={Boolean(field.value)} onCheckedChange={field.onChange} aria-label={label} />
        </label>
      )}
    />
  );
}
