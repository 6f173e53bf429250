import { ArrowRight, MailCheck, ShieldCheck, UserPlus, FileSignature } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Link } from "~/i18n/link";
import { useFormat, useT } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";
import type { InvestorAccessState } from "./types";

/** The portal; a visitor who registers or signs in on the way there ends on it. */
const PORTAL = "/investor-portal";
const REGISTER = `/auth?tab=register&redirect=${encodeURIComponent(PORTAL)}`;
const SIGN_IN = `/auth?redirect=${encodeURIComponent(PORTAL)}`;

/** Where the button leads and what it says, for each reader: register, apply in the portal, or open it. */
export const ACCESS_ACTION: Record<InvestorAccessState, { to: string; label: MessageId }> = {
  anonymous: { to: REGISTER, label: "site.investors.access.startRegister" },
  member: { to: PORTAL, label: "site.investors.access.startApply" },
  investor: { to: PORTAL, label: "site.investors.access.openPortal" },
};

const STEPS: { icon: typeof UserPlus; title: MessageId; text: MessageId }[] = [
  { icon: UserPlus, title: "site.investors.access.register.title", text: "site.investors.access.register.text" },
  { icon: MailCheck, title: "site.investors.access.confirm.title", text: "site.investors.access.confirm.text" },
  { icon: FileSignature, title: "site.investors.access.apply.title", text: "site.investors.access.apply.text" },
  { icon: ShieldCheck, title: "site.investors.access.review.title", text: "site.investors.access.review.text" },
];

/** The page's call to action for `access` (gold on the dark band, navy on white). */
export function AccessButton({ access, tone }: { access: InvestorAccessState; tone: "dark" | "light" }) {
  const t = useT();
  const action = ACCESS_ACTION[access];
  return (
    <Button asChild size="lg" variant={tone === "dark" ? "gold" : "default"}>
      <Link to={action.to} data-testid="investor-access-action">
        {t(action.label)}
        <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
      </Link>
    </Button>
  );
}

/** Register, confirm, apply, review: the four steps to the portal, and the button that starts the next one. */
export function AccessSteps({ access }: { access: InvestorAccessState }) {
  const t = useT();
  const f = useFormat();
  return (
    <section aria-labelledby="investors-access" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="investors-access" className="font-display text-2xl font-semibold text-navy-950 sm:text-3xl">
        {t("site.investors.access.title")}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-600">{t("site.investors.access.intro")}</p>
      <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="relative rounded-xl border border-slate-200 bg-slate-50/60 p-5">
            <div className="flex items-center gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-navy-950 text-gold-400" aria-hidden="true">
                <Icon className="h-5 w-5" />
              </span>
              <span className="text-sm font-semibold text-gold-700">{t("site.investors.access.step", { n: f.count(i + 1) })}</span>
            </div>
            <h3 className="mt-4 font-semibold text-navy-950">{t(title)}</h3>
            <p className="mt-1 text-sm leading-relaxed text-slate-600">{t(text)}</p>
          </li>
        ))}
      </ol>
      <div className="mt-8 flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <AccessButton access={access} tone="light" />
        {access === "anonymous" ? (
          <p className="text-sm text-slate-600">
            {t.rich("site.investors.access.signIn", {
              link: (chunks) => (
                <Link to={SIGN_IN} className="font-semibold text-navy-800 underline underline-offset-4 hover:text-gold-700">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
