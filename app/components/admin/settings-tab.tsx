import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRight, Database, Loader2, Save } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { Link, useRevalidator } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, Input, Textarea } from "~/components/ui/input";
import { ApiError, apiRequest } from "~/lib/api";
import { useRootData } from "~/root";
import type { Brand } from "../../../shared/brand";
import { brandSchema } from "../../../shared/schemas";
import { applyServerErrors } from "./form-errors";
import { TabHeader } from "./tab-header";

type FormInput = z.input<typeof brandSchema>;
type FormOutput = z.output<typeof brandSchema>;

const SOCIAL = [
  { key: "linkedin", label: "LinkedIn" },
  { key: "twitter", label: "X (Twitter)" },
  { key: "facebook", label: "Facebook" },
  { key: "instagram", label: "Instagram" },
] as const;

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
  };
}

/** 'Website Settings': the Data Management block (environment) and the brand texts editor. */
export function SettingsTab() {
  const root = useRootData();
  const mode = root?.mode ?? "development";
  return (
    <section aria-labelledby="settings-heading" className="space-y-6">
      <TabHeader id="settings-heading" title="Website Settings" description="How the website presents the company, and how it runs." />

      <Card>
        <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between sm:space-y-0">
          <div className="flex items-start gap-4">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-800">
              <Database className="h-5 w-5" aria-hidden="true" />
            </span>
            <div className="space-y-1">
              <CardTitle>Data Management</CardTitle>
              <CardDescription>
                The environment mode separates production data from development and testing. The site currently runs in{" "}
                <Badge variant={mode === "production" ? "green" : "amber"} className="align-middle capitalize">
                  {mode}
                </Badge>{" "}
                mode.
              </CardDescription>
            </div>
          </div>
          <Button asChild variant="outline" className="shrink-0">
            <Link to="/environment-setup">
              Configure Environment
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </Button>
        </CardHeader>
      </Card>

      {root ? <BrandForm brand={root.brand} /> : null}
    </section>
  );
}

function BrandForm({ brand }: { brand: Brand }) {
  const revalidator = useRevalidator();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(brandSchema), defaultValues: defaults(brand) });
  const { register, handleSubmit, formState, reset, setError } = form;
  const { errors, isSubmitting, isDirty } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await apiRequest<Brand>("PUT", "/api/settings/brand", values);
      reset(defaults(saved));
      toast.success("Settings saved", { description: "The website now shows the updated company details." });
      void revalidator.revalidate();
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, setError)) return;
      toast.error("Settings not saved", { description: err instanceof ApiError ? err.message : "Please try again." });
    }
  });

  const err = (path: string) => {
    const parts = path.split(".");
    let node: unknown = errors;
    for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
    return (node as { message?: string } | undefined)?.message;
  };
  const aria = (path: string, id: string) => ({ "aria-invalid": err(path) ? true : undefined, "aria-describedby": err(path) ? `${id}-error` : undefined });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Company details</CardTitle>
        <CardDescription>Shown in the header, the footer, the contact section and in search results.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-8">
          <fieldset className="grid gap-5 sm:grid-cols-2">
            <legend className="mb-3 text-xs font-semibold uppercase tracking-wider text-slate-500">Brand</legend>
            <Field id="brand-name" label="Company name" error={err("name")}>
              <Input id="brand-name" {...register("name")} {...aria("name", "brand-name")} />
            </Field>
            <Field id="brand-shortName" label="Short name" error={err("shortName")} hint="Used where space is tight, such as the mobile header.">
              <Input id="brand-shortName" {...register("shortName")} {...aria("shortName", "brand-shortName")} />
            </Field>
            <Field id="brand-tagline" label="Tagline" error={err("tagline")} hint="Follows the name in the home page title.">
              <Input id="brand-tagline" {...register("tagline")} {...aria("tagline", "brand-tagline")} />
            </Field>
            <div className="sm:col-span-2">
              <Field id="brand-description" label="Description" error={err("description")} hint="The company description in the footer.">
                <Textarea id="brand-description" rows={3} {...register("description")} {...aria("description", "brand-description")} />
              </Field>
            </div>
          </fieldset>

          <fieldset className="grid gap-5 sm:grid-cols-2">
            <legend className="mb-3 text-xs font-semibold uppercase tracking-wider text-slate-500">Contact</legend>
            <div className="sm:col-span-2">
              <Field id="brand-address" label="Headquarters address" error={err("address")}>
                <Input id="brand-address" autoComplete="street-address" {...register("address")} {...aria("address", "brand-address")} />
              </Field>
            </div>
            <Field id="brand-phone" label="Phone" error={err("phone")}>
              <Input id="brand-phone" type="tel" autoComplete="tel" {...register("phone")} {...aria("phone", "brand-phone")} />
            </Field>
            <Field id="brand-email" label="Contact e-mail" error={err("email")}>
              <Input id="brand-email" type="email" autoComplete="email" {...register("email")} {...aria("email", "brand-email")} />
            </Field>
          </fieldset>

          <fieldset className="grid gap-5 sm:grid-cols-2">
            <legend className="mb-1 text-xs font-semibold uppercase tracking-wider text-slate-500">Social links</legend>
            <p className="text-xs text-slate-500 sm:col-span-2">Full profile addresses; leave a field as # (or empty) while a profile does not exist.</p>
            {SOCIAL.map(({ key, label }) => (
              <Field key={key} id={`brand-${key}`} label={label} error={err(`social.${key}`)}>
                <Input id={`brand-${key}`} type="url" inputMode="url" placeholder="https://" {...register(`social.${key}`)} {...aria(`social.${key}`, `brand-${key}`)} />
              </Field>
            ))}
          </fieldset>

          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-6 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={!isDirty || isSubmitting} onClick={() => reset(defaults(brand))}>
              Discard changes
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Save className="h-4 w-4" aria-hidden="true" />}
              Save Settings
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
