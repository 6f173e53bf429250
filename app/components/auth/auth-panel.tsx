import { CheckCircle2, TriangleAlert } from "lucide-react";
import type * as React from "react";
import { Link } from "~/i18n/link";
import { useT } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";

/** The one-card layout of the account pages reached from an e-mail (forgot, reset, confirm). */
export function AuthPanel({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50 pt-28 md:pt-36">
      <div className="mx-auto max-w-lg px-6 pb-20">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <h1 className="font-display text-3xl font-semibold text-navy-950">{title}</h1>
          {intro ? <p className="mt-2 text-slate-600">{intro}</p> : null}
          <div className="mt-8">{children}</div>
        </div>
      </div>
    </div>
  );
}

/** The outcome of a step: done (green) or refused (amber), with where to go next. */
export function Outcome({ ok, text, next }: { ok: boolean; text: string; next?: { to: string; label: MessageId } }) {
  const t = useT();
  const Icon = ok ? CheckCircle2 : TriangleAlert;
  return (
    <div className="space-y-5">
      <div role="status" className={`flex gap-3 rounded-lg border p-4 ${ok ? "border-emerald-200 bg-emerald-50/70" : "border-amber-200 bg-amber-50/70"}`}>
        <Icon className={`mt-0.5 h-5 w-5 shrink-0 ${ok ? "text-emerald-700" : "text-amber-700"}`} aria-hidden="true" />
        <p className="text-sm leading-relaxed text-slate-800">{text}</p>
      </div>
      {next ? (
        <Link to={next.to} className="inline-flex font-semibold text-navy-800 underline-offset-4 hover:underline">
          {t(next.label)}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * Why the form's last attempt was refused, above its submit button: it stays until the next attempt (a toast would
 * vanish, and on a phone it covers the page's title).
 */
export function FormAlert({ title, text }: { title: string; text: string }) {
  return (
    <div role="alert" data-testid="auth-error" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm">
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-red-600" aria-hidden="true" />
      <p className="leading-relaxed text-red-800">
        <span className="block font-semibold">{title}</span>
        {text}
      </p>
    </div>
  );
}
