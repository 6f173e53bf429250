import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Clock, Loader2, LockKeyhole, XCircle } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { toast } from "~/lib/toast";
import type { z } from "zod";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, Input, Textarea } from "~/components/ui/input";
import { ApiError, apiRequest } from "~/lib/api";
import { formatDate } from "~/lib/format";
import { investorApplicationSchema } from "../../../shared/schemas";
import type { PortalApplication, PortalUser } from "./types";

export const ACCESS_TEXT = {
  title: "Investor Access Required",
  text: "You don't currently have investor access. Please apply for investor status to access this portal's full features and documents.",
  button: "Apply for Investor Access",
} as const;

type FormInput = z.input<typeof investorApplicationSchema>;
type FormOutput = z.output<typeof investorApplicationSchema>;
const FIELDS = ["company", "position", "motivation", "investmentInterests"] as const;

function ApplicationStatus({ application }: { application: PortalApplication }) {
  if (application.status === "pending") {
    return (
      <div className="rounded-lg border border-amber-200 bg-amber-50/60 p-4" data-testid="application-status">
        <div className="flex flex-wrap items-center gap-2">
          <Clock className="h-4 w-4 text-amber-700" aria-hidden="true" />
          <span className="font-semibold text-navy-950">Your application is under review</span>
          <Badge variant="amber">Pending</Badge>
        </div>
        <p className="mt-2 text-sm text-slate-600">
          Submitted on <time dateTime={application.submittedAt}>{formatDate(application.submittedAt)}</time>
          {application.position && application.company ? ` as ${application.position}, ${application.company}` : ""}. An administrator will
          review it; once it is approved, the full portal opens the next time you visit this page.
        </p>
      </div>
    );
  }
  if (application.status === "approved") {
    return (
      <div className="rounded-lg border border-emerald-200 bg-emerald-50/60 p-4" data-testid="application-status">
        <div className="flex flex-wrap items-center gap-2">
          <CheckCircle2 className="h-4 w-4 text-emerald-700" aria-hidden="true" />
          <span className="font-semibold text-navy-950">Your application was approved</span>
          <Badge variant="green">Approved</Badge>
        </div>
        {application.reviewedAt ? (
          <p className="mt-2 text-sm text-slate-600">
            Approved on <time dateTime={application.reviewedAt}>{formatDate(application.reviewedAt)}</time>.
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-red-200 bg-red-50/50 p-4" data-testid="application-status">
      <div className="flex flex-wrap items-center gap-2">
        <XCircle className="h-4 w-4 text-red-600" aria-hidden="true" />
        <span className="font-semibold text-navy-950">Your previous application was not approved</span>
        <Badge variant="red">Rejected</Badge>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        Submitted on <time dateTime={application.submittedAt}>{formatDate(application.submittedAt)}</time>
        {application.reviewedAt ? (
          <>
            , reviewed on <time dateTime={application.reviewedAt}>{formatDate(application.reviewedAt)}</time>
          </>
        ) : null}
        . You are welcome to apply again with more detail.
      </p>
    </div>
  );
}

function ApplyDialog({ user, open, onOpenChange, onSubmitted }: { user: PortalUser; open: boolean; onOpenChange: (open: boolean) => void; onSubmitted: (app: PortalApplication) => void }) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(investorApplicationSchema),
    defaultValues: { company: user.company ?? "", position: user.position ?? "", motivation: "", investmentInterests: "" },
  });
  const { register, handleSubmit, formState, setError } = form;
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await apiRequest<PortalApplication>("POST", "/api/investor-applications", values);
      toast.success("Application submitted", { description: "We will review your request for investor access." });
      onSubmitted(created);
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        let placed = false;
        for (const field of FIELDS) {
          const message = err.errors[field];
          if (message) {
            setError(field, { type: "server", message });
            placed = true;
          }
        }
        if (!placed) setFormError(err.message);
      } else {
        setFormError(err instanceof Error ? err.message : "Could not submit your application. Please try again.");
      }
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setFormError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{ACCESS_TEXT.button}</DialogTitle>
          <DialogDescription>Tell us about yourself and your interest. An administrator reviews every application.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="apply-company" label="Company" error={errors.company?.message}>
              <Input id="apply-company" autoComplete="organization" aria-invalid={Boolean(errors.company)} aria-describedby={errors.company ? "apply-company-error" : undefined} {...register("company")} />
            </Field>
            <Field id="apply-position" label="Position" error={errors.position?.message}>
              <Input id="apply-position" autoComplete="organization-title" aria-invalid={Boolean(errors.position)} aria-describedby={errors.position ? "apply-position-error" : undefined} {...register("position")} />
            </Field>
          </div>
          <Field id="apply-motivation" label="Motivation" error={errors.motivation?.message} hint="Why would you like investor access? (at least 20 characters)">
            <Textarea id="apply-motivation" rows={4} aria-invalid={Boolean(errors.motivation)} aria-describedby={errors.motivation ? "apply-motivation-error" : undefined} {...register("motivation")} />
          </Field>
          <Field id="apply-interests" label="Investment interests" error={errors.investmentInterests?.message} hint="Optional: sectors, regions or ticket sizes you focus on.">
            <Textarea id="apply-interests" rows={3} aria-invalid={Boolean(errors.investmentInterests)} aria-describedby={errors.investmentInterests ? "apply-interests-error" : undefined} {...register("investmentInterests")} />
          </Field>
          {formError ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {formError}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              Submit Application
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What a regular member sees instead of the investor portal: the request card and their application's status. */
export function InvestorAccessCard({ user, application, onSubmitted }: { user: PortalUser; application: PortalApplication | null; onSubmitted: () => void }) {
  const [open, setOpen] = React.useState(false);
  // The latest application, including one just filed (before the page data is refreshed).
  const [local, setLocal] = React.useState<PortalApplication | null>(null);
  const current = local && (!application || local.id >= application.id) ? local : application;
  const canApply = !current || current.status === "rejected";
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-6 p-6 sm:flex-row sm:p-8">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-gold-100 text-gold-700" aria-hidden="true">
          <LockKeyhole className="h-6 w-6" />
        </span>
        <div className="min-w-0 flex-1 space-y-4">
          <div>
            <h2 className="font-display text-2xl font-semibold text-navy-950">{ACCESS_TEXT.title}</h2>
            <p className="mt-2 max-w-2xl leading-relaxed text-slate-600">{ACCESS_TEXT.text}</p>
          </div>
          {current ? <ApplicationStatus application={current} /> : null}
          {canApply ? (
            <Button variant="gold" size="lg" onClick={() => setOpen(true)}>
              {ACCESS_TEXT.button}
            </Button>
          ) : null}
        </div>
      </div>
      {canApply ? (
        <ApplyDialog
          user={user}
          open={open}
          onOpenChange={setOpen}
          onSubmitted={(app) => {
            setLocal(app);
            setOpen(false);
            onSubmitted();
          }}
        />
      ) : null}
    </Card>
  );
}
