import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import * as React from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "~/lib/toast";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, Input, Textarea } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { ApiError, apiRequest } from "~/lib/api";
import type { PortfolioItemDto } from "../../../server/services/portfolio";
import { MIN_YEAR, PORTFOLIO_STATUS_VALUES, SECTORS, currentYear, portfolioSchema } from "../../../shared/schemas";
import { ImageUpload } from "./image-upload";
import { applyServerErrors, showSaveError } from "./form-errors";
import { STICKY_FOOTER } from "./form-layout";

type FormInput = z.input<typeof portfolioSchema>;
type FormOutput = z.output<typeof portfolioSchema>;

function defaults(item?: PortfolioItemDto): FormInput {
  return {
    name: item?.name ?? "",
    description: item?.description ?? "",
    sector: item?.sector ?? "",
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
  const editing = Boolean(item);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(portfolioSchema), defaultValues: defaults(item) });
  const { register, handleSubmit, control, watch, setValue, formState, reset, setError } = form;
  const { errors, isSubmitting } = formState;
  const status = watch("status");
  const exited = status !== "Active";

  React.useEffect(() => {
    if (open) reset(defaults(item));
  }, [open, item, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = item
        ? await apiRequest<PortfolioItemDto>("PUT", `/api/portfolio/${item.id}`, { ...values, updatedAt: item.updatedAt })
        : await apiRequest<PortfolioItemDto>("POST", "/api/portfolio", values);
      toast.success(item ? "Portfolio item updated" : "Portfolio item added", { description: saved.name });
      onSaved(saved);
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, setError)) return;
      showSaveError(err, item ? "Failed to update portfolio item" : "Failed to add portfolio item");
    }
  });

  const err = (name: keyof FormInput) => errors[name]?.message as string | undefined;
  const aria = (name: keyof FormInput) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `pf-${name}-error` : undefined,
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Portfolio Company" : "Add New Portfolio Company"}</DialogTitle>
          <DialogDescription>
            {editing ? "Update the details shown in the portfolio section of the website." : "Add a company to the portfolio shown on the website."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="pf-name" label="Company Name" error={err("name")}>
              <Input id="pf-name" autoComplete="off" {...register("name")} {...aria("name")} />
            </Field>
            <Field id="pf-sector" label="Sector" error={err("sector")}>
              <NativeSelect id="pf-sector" {...register("sector")} {...aria("sector")}>
                <option value="">Select a sector</option>
                {SECTORS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <Field id="pf-description" label="Description" error={err("description")} hint="At least 10 characters; shown on the portfolio card.">
            <Textarea id="pf-description" rows={4} {...register("description")} {...aria("description")} />
          </Field>
          <div className="grid gap-5 sm:grid-cols-3">
            <Field id="pf-yearAcquired" label="Year Acquired" error={err("yearAcquired")}>
              <Input id="pf-yearAcquired" type="number" inputMode="numeric" min={MIN_YEAR} max={currentYear()} {...register("yearAcquired")} {...aria("yearAcquired")} />
            </Field>
            <Field id="pf-status" label="Status" error={err("status")}>
              <NativeSelect
                id="pf-status"
                {...register("status", {
                  onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                    if (e.target.value === "Active") setValue("exitYear", "", { shouldValidate: false });
                  },
                })}
                {...aria("status")}
              >
                {PORTFOLIO_STATUS_VALUES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            {exited ? (
              <Field id="pf-exitYear" label="Exit Year" error={err("exitYear")}>
                <Input id="pf-exitYear" type="number" inputMode="numeric" min={MIN_YEAR} max={currentYear()} placeholder="e.g. 2024" {...register("exitYear")} {...aria("exitYear")} />
              </Field>
            ) : null}
          </div>
          <Field id="pf-website" label="Website" error={err("website")} hint="Optional; opens in a new tab from the portfolio card.">
            <Input id="pf-website" type="url" inputMode="url" placeholder="https://company.com" {...register("website")} {...aria("website")} />
          </Field>
          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <ImageUpload id="pf-image" label="Company Image" kind="banner" value={field.value as string | null} onChange={field.onChange} error={err("image")} />
            )}
          />
          <Controller
            control={control}
            name="companyLogo"
            render={({ field }) => (
              <ImageUpload
                id="pf-companyLogo"
                label="Company Logo"
                kind="logo"
                previewShape="square"
                value={field.value as string | null}
                onChange={field.onChange}
                error={err("companyLogo")}
              />
            )}
          />
          <DialogFooter className={STICKY_FOOTER}>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {editing ? "Update Company" : "Add Company"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
