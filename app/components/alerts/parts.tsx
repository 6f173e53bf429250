import { CheckCircle2, RotateCw, TriangleAlert } from "lucide-react";
import type * as React from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { Skeleton } from "~/components/ui/skeleton";
import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { summarize } from "./list-labels";
import { PRESS_LIST_LABEL } from "./list-labels";
import type { AlertList } from "../../../shared/alerts";

/**
 * A polite live region that is always in the page, so what appears in it is read out: the answer to a request
 * (the same neutral sentence for any address).
 */
export function LiveNote({ text, testId }: { text: string | null; testId?: string }) {
  return (
    <div role="status" aria-live="polite" data-testid={testId}>
      {text ? (
        <p className="flex items-start gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm leading-relaxed text-emerald-800 ring-1 ring-emerald-200">
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>{text}</span>
        </p>
      ) : null}
    </div>
  );
}

/** Why the last request was refused (a rate limit, a broken link, no connection), until the next try. */
export function FailureNote({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 px-4 py-3 text-sm leading-relaxed text-red-700 ring-1 ring-red-200">
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}

/** An address's preferences while they load: said once to screen readers, grey bars (one a class) standing for them. */
export function PreferencesLoading({ bars }: { bars: string[] }) {
  const t = useT();
  return (
    <>
      <p role="status" className="sr-only">
        {t("alerts.preferences.loading")}
      </p>
      {bars.map((bar, i) => (
        <Skeleton key={i} className={bar} />
      ))}
    </>
  );
}

/** Preferences that could not be read: why, and a button to read them again. */
export function PreferencesFailed({ text, onRetry, small = false }: { text: string; onRetry: () => void; small?: boolean }) {
  const t = useT();
  return (
    <>
      <FailureNote text={text} />
      <Button type="button" variant="outline" size={small ? "sm" : undefined} onClick={onRetry}>
        <RotateCw className="h-4 w-4" aria-hidden="true" />
        {t("alerts.preferences.retry")}
      </Button>
    </>
  );
}

/**
 * A link from an alert e-mail that does not work: its title and why (announced); what the page offers instead
 * follows. Given `headingRef`, the title can take the focus (the page moves it there once the outcome shows).
 */
export function InvalidLinkNote({ title, text, headingRef }: { title: string; text: string; headingRef?: React.Ref<HTMLHeadingElement> }) {
  return (
    <div className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50/70 p-4">
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0">
        <h2 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={cn("font-semibold text-navy-950", headingRef && "focus:outline-none")}>
          {title}
        </h2>
        <p role="status" className="mt-1 text-sm leading-relaxed text-slate-800">
          {text}
        </p>
      </div>
    </div>
  );
}

/**
 * What a done step did (confirmed, unsubscribed): its heading, which takes the focus from the button pressed, and the
 * sentence under it, announced. With no sentence, the heading itself is what is announced.
 */
export function DoneOutcome({ headingRef, title, text }: { headingRef: React.Ref<HTMLHeadingElement>; title: React.ReactNode; text?: string }) {
  const heading = (
    <h2 ref={headingRef} tabIndex={-1} className="font-display text-2xl font-semibold text-navy-950 focus:outline-none">
      {title}
    </h2>
  );
  return (
    <div className="flex gap-3">
      <CheckCircle2 className="mt-1 h-6 w-6 shrink-0 text-emerald-600" aria-hidden="true" />
      <div className="min-w-0">
        {text === undefined ? (
          <div role="status">{heading}</div>
        ) : (
          <>
            {heading}
            <p role="status" className="mt-2 text-slate-700">
              {text}
            </p>
          </>
        )}
      </div>
    </div>
  );
}

/** The lists an address receives, as short labels: the press categories (or 'every category'), reports, the calendar. */
export function ListSummary({ lists }: { lists: readonly AlertList[] }) {
  const t = useT();
  const { press, allPress, documents, calendar } = summarize(lists);
  const chip = "inline-flex items-center rounded-full bg-white px-2.5 py-0.5 text-xs font-medium text-navy-900 ring-1 ring-slate-300";
  const row = (title: string, children: React.ReactNode) => (
    <li className="space-y-1.5">
      <p className="text-sm font-semibold text-navy-950">{title}</p>
      {children}
    </li>
  );
  if (!lists.length) return <p className="text-sm text-slate-600">{t("alerts.summary.none")}</p>;
  return (
    <ul className="space-y-3" data-testid="alert-summary">
      {press.length
        ? row(
            t("alerts.lists.press.legend"),
            <ul className="flex flex-wrap gap-1.5">
              {allPress ? (
                <li className={chip}>{t("alerts.lists.press.all")}</li>
              ) : (
                press.map((l) => (
                  <li key={l} className={chip}>
                    {t(PRESS_LIST_LABEL[l])}
                  </li>
                ))
              )}
            </ul>,
          )
        : null}
      {documents ? row(t("alerts.lists.documents.legend"), <p className="text-sm text-slate-600">{t("alerts.lists.documents.label")}</p>) : null}
      {calendar ? row(t("alerts.lists.calendar.legend"), <p className="text-sm text-slate-600">{t("alerts.lists.calendar.label")}</p>) : null}
    </ul>
  );
}

/** The address field of the alerts' forms (left to right in either language), registered with the form. */
export function EmailField({ id, error, registration }: { id: string; error?: string; registration: UseFormRegisterReturn<"email"> }) {
  const t = useT();
  return (
    <Field id={`${id}-email`} label={t("alerts.subscribe.email")} error={error}>
      <Input
        id={`${id}-email`}
        type="email"
        dir="ltr"
        autoComplete="email"
        placeholder={t("alerts.subscribe.emailPlaceholder")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-email-error` : undefined}
        {...registration}
      />
    </Field>
  );
}
