import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Card } from "~/components/ui/card";

/** One section of the account page: a card with an icon, a heading (the section's name for screen readers) and a line of intro. */
export function AccountCard({
  id,
  icon: Icon,
  title,
  description,
  action,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description?: string;
  /** A button beside the heading (on its own line on phones). */
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card className="min-w-0 p-5 sm:p-7">
      <section aria-labelledby={`${id}-heading`}>
        <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 flex-1 items-start gap-3 sm:gap-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-navy-900 text-gold-400" aria-hidden="true">
              <Icon className="h-5 w-5" />
            </span>
            <div className="min-w-0">
              <h2 id={`${id}-heading`} className="font-display text-xl font-semibold text-navy-950 sm:text-2xl">
                {title}
              </h2>
              {description ? <p className="mt-1 text-sm leading-relaxed text-slate-600">{description}</p> : null}
            </div>
          </div>
          {action ? <div className="w-full sm:w-auto">{action}</div> : null}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** A line that says how a step went: done (green) or refused (red), read out when it appears. */
export function FormNote({ ok, text }: { ok: boolean; text: string }) {
  return (
    <p role={ok ? "status" : "alert"} className={`rounded-md px-3 py-2 text-sm ${ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-700"}`}>
      {text}
    </p>
  );
}
