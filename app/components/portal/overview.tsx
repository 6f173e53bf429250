import { ArrowRight, Briefcase, FileClock, FolderOpen, LayoutDashboard, ShieldCheck, UserRound } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Link } from "~/i18n/link";
import { useFormat, useT } from "~/i18n/provider";
import { greeting, useIsNewAccount } from "~/lib/new-account";
import { useRootData } from "~/hooks/use-root-data";
import { brand as defaultBrand } from "../../../shared/brand";
import type { MessageId } from "../../../shared/i18n/messages";
import { hasInvestorAccess, isAdmin } from "../../../shared/rules";
import { displayName, type PortalDocument, type PortalUser } from "./types";

const ROLE_LABEL: Record<PortalUser["role"], MessageId> = {
  regular: "portal.overview.roleRegular",
  investor: "portal.overview.roleInvestor",
  admin: "portal.overview.roleAdmin",
};

/** An e-mail address that wraps before its '@' and after a '.' when it must, rather than anywhere. */
function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <bdi dir="ltr">
      {parts.map((part, i) => (
        <React.Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </React.Fragment>
      ))}
    </bdi>
  );
}

/** A label and its value side by side; a value too long for the line moves below the label and wraps. */
function DetailRow({ term, children }: { term: MessageId; children: React.ReactNode }) {
  const t = useT();
  return (
    <div className="flex min-w-0 flex-wrap justify-between gap-x-4 gap-y-0.5">
      <dt className="shrink-0 text-slate-500">{t(term)}</dt>
      <dd className="min-w-0 max-w-full font-medium text-slate-800 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export function WelcomeCard({ user }: { user: PortalUser }) {
  const t = useT();
  const name = displayName(user);
  const isNew = useIsNewAccount(user.id);
  const role = t(ROLE_LABEL[user.role]);
  return (
    <Card className="flex min-w-0 flex-col p-6 sm:p-7" data-testid="overview-card">
      <div className="mb-6 flex items-start gap-4">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-navy-900 text-gold-400" aria-hidden="true">
          <UserRound className="h-6 w-6" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-slate-500">{t(greeting(isNew))}</p>
          <h2 className="font-display text-2xl font-semibold text-navy-950 [overflow-wrap:anywhere]">
            <bdi>{name}</bdi>
          </h2>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Badge variant={hasInvestorAccess(user) ? "default" : "slate"} aria-label={t("portal.overview.role", { role })}>
              {role}
            </Badge>
            {isAdmin(user) ? (
              <Badge variant="gold" className="gap-1">
                <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" /> {t("portal.overview.adminBadge")}
              </Badge>
            ) : null}
          </div>
        </div>
      </div>
      {/* Each value wraps inside the card (a long e-mail breaks onto its own lines) instead of widening it. */}
      <dl className="mt-auto grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 border-t border-slate-100 pt-4 text-sm">
        <DetailRow term="portal.overview.signedInAs">
          <BreakableEmail email={user.email} />
        </DetailRow>
        {user.company ? (
          <DetailRow term="portal.overview.organisation">
            <bdi>{[user.position, user.company].filter(Boolean).join(", ")}</bdi>
          </DetailRow>
        ) : null}
        <DetailRow term="portal.overview.access">{t(hasInvestorAccess(user) ? "portal.overview.accessAll" : "portal.overview.accessPublic")}</DetailRow>
      </dl>
      {isAdmin(user) ? (
        <Link to="/admin" className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-navy-800 hover:text-gold-700">
          <LayoutDashboard className="h-4 w-4" aria-hidden="true" /> {t("portal.overview.adminDashboard")}
        </Link>
      ) : null}
    </Card>
  );
}

export function StatsCard({ documents, categories }: { documents: Pick<PortalDocument, "isPublic" | "uploadedAt">[]; categories: number }) {
  const t = useT();
  const f = useFormat();
  const investorOnly = documents.filter((d) => !d.isPublic).length;
  const latest = documents.reduce<string | null>((max, d) => (!max || Date.parse(d.uploadedAt) > Date.parse(max) ? d.uploadedAt : max), null);
  const stats: { label: MessageId; value: number; testId: string; className: string }[] = [
    { label: "portal.stats.documents", value: documents.length, testId: "documents-count", className: "pe-4" },
    { label: "portal.stats.categories", value: categories, testId: "categories-count", className: "ps-6" },
  ];
  return (
    <Card className="flex min-w-0 flex-col p-6 sm:p-7" data-testid="overview-card">
      <div className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-slate-500">
        <FolderOpen className="h-4 w-4 text-gold-600" aria-hidden="true" /> {t("portal.tabs.documents")}
      </div>
      <dl className="mt-5 grid grid-cols-2 divide-x divide-slate-100">
        {stats.map((s) => (
          <div key={s.testId} className={s.className}>
            <dt className="text-sm text-slate-500">{t(s.label)}</dt>
            <dd className="mt-1 font-display text-4xl font-semibold text-navy-950" data-testid={s.testId}>
              {f.count(s.value)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-auto border-t border-slate-100 pt-4 text-sm text-slate-500">
        {t("portal.stats.split", { investorOnly: f.count(investorOnly), publicCount: f.count(documents.length - investorOnly) })}
        {latest ? (
          <>
            <br />
            {t.rich("portal.stats.lastAdded", { date: f.date(latest), time: (chunks) => <time dateTime={latest}>{chunks}</time> })}
          </>
        ) : null}
      </p>
    </Card>
  );
}

const QUICK_ACTIONS: { label: MessageId; icon: typeof FileClock; action: "latestReports" | "portfolioUpdate" }[] = [
  { label: "portal.quick.latestReports", icon: FileClock, action: "latestReports" },
  { label: "portal.quick.portfolioUpdate", icon: Briefcase, action: "portfolioUpdate" },
];

export function QuickActionsCard({ onLatestReports, onPortfolioUpdate }: { onLatestReports: () => void; onPortfolioUpdate: () => void }) {
  const t = useT();
  const brand = useRootData()?.brand ?? defaultBrand;
  const handlers = { latestReports: onLatestReports, portfolioUpdate: onPortfolioUpdate };
  return (
    <Card className="flex h-full min-w-0 flex-col p-6 sm:p-7" data-testid="overview-card">
      <h2 className="text-sm font-semibold uppercase tracking-wider text-slate-500">{t("portal.quick.title")}</h2>
      <div className="mt-5 grid gap-3">
        {QUICK_ACTIONS.map(({ label, icon: Icon, action }) => (
          <Button key={action} variant="outline" className="h-auto justify-between py-3" onClick={handlers[action]}>
            <span className="flex items-center gap-3">
              <Icon className="h-4 w-4 text-gold-600" aria-hidden="true" /> {t(label)}
            </span>
            <ArrowRight className="h-4 w-4 text-slate-400 rtl:-scale-x-100" aria-hidden="true" />
          </Button>
        ))}
      </div>
      <p className="mt-auto pt-5 text-sm text-slate-500">
        {t("portal.quick.question")}{" "}
        <a href={`mailto:${brand.email}`} dir="ltr" className="font-medium text-navy-800 underline-offset-2 [overflow-wrap:anywhere] hover:underline">
          {brand.email}
        </a>
      </p>
    </Card>
  );
}
