import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Clock, Loader2, LockKeyhole, MailCheck, XCircle } from "lucide-react";
import * as React from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
import { toast } from "~/lib/toast";
import type { z } from "zod";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, Input, Textarea } from "~/components/ui/input";
import { useFormat, useT } from "~/i18n/provider";
import { authApi } from "~/lib/api/auth";
import { ApiError } from "~/lib/api/client";
import { applicationsApi } from "~/lib/api/applications";
import type { MessageId } from "../../../shared/i18n/messages";
import { investorApplicationSchema } from "../../../shared/schemas";
import type { PortalApplication, PortalUser } from "./types";

/** The message ids of the request card's title, text and button. */
export const ACCESS_TEXT = {
  title: "portal.access.title",
  text: "portal.access.text",
  button: "portal.access.button",
} as const satisfies Record<string, MessageId>;

/** The shortest motivation the application schema accepts (shown in the field's hint). */
const MOTIVATION_MIN = 20;

type FormInput = z.input<typeof investorApplicationSchema>;
type FormOutput = z.output<typeof investorApplicationSchema>;
type FieldName = keyof FormInput;
const FIELDS = ["company", "position", "motivation", "investmentInterests"] as const;

const STATUS_LOOK = {
  pending: {
    icon: Clock,
    iconClass: "text-amber-700",
    box: "border-amber-200 bg-amber-50/60",
    badge: "amber",
    title: "portal.access.pendingTitle",
    label: "portal.access.pendingBadge",
  },
  approved: {
    icon: CheckCircle2,
    iconClass: "text-emerald-700",
    box: "border-emerald-200 bg-emerald-50/60",
    badge: "green",
    title: "portal.access.approvedTitle",
    label: "portal.access.approvedBadge",
  },
  rejected: {
    icon: XCircle,
    iconClass: "text-red-600",
    box: "border-red-200 bg-red-50/50",
    badge: "red",
    title: "portal.access.rejectedTitle",
    label: "portal.access.rejectedBadge",
  },
} as const satisfies Record<PortalApplication["status"], { badge: "amber" | "green" | "red"; title: MessageId; label: MessageId } & Record<string, unknown>>;

/** The sentence under the status line: when it was filed (and as whom), reviewed or approved. */
function StatusText({ application }: { application: PortalApplication }) {
  const t = useT();
  const f = useFormat();
  const time = (iso: string) => (chunks: React.ReactNode[]) => <time dateTime={iso}>{chunks}</time>;
  const submitted = { date: f.date(application.submittedAt), time: time(application.submittedAt) };
  if (application.status === "pending") {
    const as = application.position && application.company;
    return as
      ? t.rich("portal.access.pendingTextAs", { ...submitted, position: <bdi>{application.position}</bdi>, company: <bdi>{application.company}</bdi> })
      : t.rich("portal.access.pendingText", submitted);
  }
  const reviewedAt = application.reviewedAt;
  if (application.status === "approved") {
    return reviewedAt ? t.rich("portal.access.approvedText", { date: f.date(reviewedAt), time: time(reviewedAt) }) : null;
  }
  return reviewedAt
    ? t.rich("portal.access.rejectedTextReviewed", { ...submitted, reviewedDate: f.date(reviewedAt), reviewed: time(reviewedAt) })
    : t.rich("portal.access.rejectedText", submitted);
}

function ApplicationStatus({ application }: { application: PortalApplication }) {
  const t = useT();
  const look = STATUS_LOOK[application.status];
  const Icon = look.icon;
  const text = <StatusText application={application} />;
  return (
    <div className={`rounded-lg border p-4 ${look.box}`} data-testid="application-status">
      <div className="flex flex-wrap items-center gap-2">
        <Icon className={`h-4 w-4 ${look.iconClass}`} aria-hidden="true" />
        <span className="font-semibold text-navy-950">{t(look.title)}</span>
        <Badge variant={look.badge}>{t(look.label)}</Badge>
      </div>
      {application.status !== "approved" || application.reviewedAt ? <p className="mt-2 text-sm text-slate-600">{text}</p> : null}
    </div>
  );
}

/** One field of the application form, labelled, with its hint and its (translated) message. */
function ApplyField({
  form,
  name,
  id,
  labelId,
  hint,
  rows,
  autoComplete,
}: {
  form: UseFormReturn<FormInput, unknown, FormOutput>;
  name: FieldName;
  id: string;
  labelId: MessageId;
  hint?: string;
  rows?: number;
  autoComplete?: string;
}) {
  const t = useT();
  const error = form.formState.errors[name];
  const props = {
    id,
    "aria-invalid": Boolean(error),
    "aria-describedby": error ? `${id}-error` : undefined,
    ...form.register(name),
  };
  return (
    <Field id={id} label={t(labelId)} error={t.maybe(error?.message)} hint={hint}>
      {rows ? <Textarea rows={rows} {...props} /> : <Input autoComplete={autoComplete} {...props} />}
    </Field>
  );
}

function ApplyDialog({
  user,
  open,
  onOpenChange,
  onSubmitted,
}: {
  user: PortalUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmitted: (app: PortalApplication) => void;
}) {
  const t = useT();
  const f = useFormat();
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(investorApplicationSchema),
    defaultValues: { company: user.company ?? "", position: user.position ?? "", motivation: "", investmentInterests: "" },
  });
  const { handleSubmit, formState, setError } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await applicationsApi.submit({ body: values });
      toast.success(t("portal.apply.success"), { description: t("portal.apply.successText") });
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
        setFormError(err instanceof Error ? err.message : t("portal.apply.submitError"));
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
          <DialogTitle>{t(ACCESS_TEXT.button)}</DialogTitle>
          <DialogDescription>{t("portal.apply.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <ApplyField form={form} name="company" id="apply-company" labelId="portal.apply.company" autoComplete="organization" />
            <ApplyField form={form} name="position" id="apply-position" labelId="portal.apply.position" autoComplete="organization-title" />
          </div>
          <ApplyField
            form={form}
            name="motivation"
            id="apply-motivation"
            labelId="portal.apply.motivation"
            rows={4}
            hint={t("portal.apply.motivationHint", { min: f.count(MOTIVATION_MIN) })}
          />
          <ApplyField
            form={form}
            name="investmentInterests"
            id="apply-interests"
            labelId="portal.apply.interests"
            rows={3}
            hint={t("portal.apply.interestsHint")}
          />
          {formError ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {t.maybe(formError)}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("portal.apply.cancel")}
            </Button>
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {t("portal.apply.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** An unconfirmed address cannot apply: the notice says where the link went and sends it again on request. */
function ConfirmAddressNotice({ email }: { email: string }) {
  const t = useT();
  const [busy, setBusy] = React.useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      const res = await authApi.resendVerification();
      toast.success(t("portal.verify.sent"), { description: res.message });
    } catch (err) {
      toast.error(t("portal.verify.failed"), { description: t.maybe(err instanceof Error ? err.message : String(err)) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rounded-lg border border-sky-200 bg-sky-50/70 p-4" data-testid="confirm-address">
      <div className="flex items-center gap-2">
        <MailCheck className="h-4 w-4 text-sky-700" aria-hidden="true" />
        <span className="font-semibold text-navy-950">{t("portal.verify.title")}</span>
      </div>
      <p className="mt-2 text-sm text-slate-600">{t.rich("portal.verify.text", { email: <bdi dir="ltr">{email}</bdi> })}</p>
      <Button className="mt-3" variant="outline" onClick={resend} disabled={busy}>
        {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        {t("portal.verify.resend")}
      </Button>
    </div>
  );
}

/** A pending application is the whole card: what happens next, and nothing asking to apply. */
function PendingReview({ application }: { application: PortalApplication }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-6 p-6 sm:flex-row sm:p-8" data-testid="application-status">
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700" aria-hidden="true">
        <Clock className="h-6 w-6" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="font-display text-2xl font-semibold text-navy-950">{t(STATUS_LOOK.pending.title)}</h2>
          <Badge variant={STATUS_LOOK.pending.badge}>{t(STATUS_LOOK.pending.label)}</Badge>
        </div>
        <p className="mt-2 max-w-2xl leading-relaxed text-slate-600">
          <StatusText application={application} />
        </p>
      </div>
    </div>
  );
}

/**
 * What a regular member sees instead of the investor portal, by where they are: no application (or a rejected one,
 * shown above the button) asks them to apply; a pending one says only that it is under review.
 */
export function InvestorAccessCard({ user, application, onSubmitted }: { user: PortalUser; application: PortalApplication | null; onSubmitted: () => void }) {
  const t = useT();
  const [open, setOpen] = React.useState(false);
  // The latest application, including one just filed (before the page data is refreshed).
  const [local, setLocal] = React.useState<PortalApplication | null>(null);
  const current = local && (!application || local.id >= application.id) ? local : application;
  const canApply = !current || current.status === "rejected";
  if (current?.status === "pending") {
    return (
      <Card className="overflow-hidden">
        <PendingReview application={current} />
      </Card>
    );
  }
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-6 p-6 sm:flex-row sm:p-8">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-gold-100 text-gold-700" aria-hidden="true">
          <LockKeyhole className="h-6 w-6" />
        </span>
        <div className="min-w-0 flex-1 space-y-4">
          <div>
            <h2 className="font-display text-2xl font-semibold text-navy-950">{t(ACCESS_TEXT.title)}</h2>
            <p className="mt-2 max-w-2xl leading-relaxed text-slate-600">{t(ACCESS_TEXT.text)}</p>
          </div>
          {current ? <ApplicationStatus application={current} /> : null}
          {canApply && !user.isVerified ? <ConfirmAddressNotice email={user.email} /> : null}
          {canApply && user.isVerified ? (
            <Button variant="gold" size="lg" onClick={() => setOpen(true)}>
              {t(ACCESS_TEXT.button)}
            </Button>
          ) : null}
        </div>
      </div>
      {canApply && user.isVerified ? (
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
