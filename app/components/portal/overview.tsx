import { ArrowRight, Briefcase, FileClock, FolderOpen, LayoutDashboard, ShieldCheck, UserRound } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { greeting, useIsNewAccount } from "~/lib/new-account";
import { formatDate } from "~/lib/format";
import { DEFAULT_BRAND, useRootData } from "~/root";
import { displayName, type PortalDocument, type PortalUser } from "./types";

/** A label and its value side by side; a value too long for the line moves below the label and wraps. */
const DETAIL_ROW = "flex min-w-0 flex-wrap justify-between gap-x-4 gap-y-0.5";
const DETAIL_VALUE = "min-w-0 max-w-full font-medium text-slate-800 [overflow-wrap:anywhere]";

const ROLE_LABEL: Record<PortalUser["role"], string> = { regular: "Registered Member", investor: "Investor", admin: "Administrator" };

/** An e-mail address that wraps before its '@' and after a '.' when it must, rather than anywhere. */
function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <>
      {parts.map((part, i) => (
        <React.Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </React.Fragment>
      ))}
    </>
  );
}

export function WelcomeCard({ user }: { user: PortalUser }) {
  const name = displayName(user);
  const isNew = useIsNewAccount(user.id);
  return (
    <Card className="flex min-w-0 flex-col p-6 sm:p-7" data-testid="overview-card">
      <div className="mb-6 flex items-start gap-4">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-navy-900 text-gold-400" aria-hidden="true">
          <UserRound className="h-6 w-6" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-slate-500">{greeting(isNew)}</p>
          <h2 className="font-display text-2xl font-semibold text-navy-950 [overflow-wrap:anywhere]">{name}</h2>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Badge variant={user.role === "regular" ? "slate" : "default"} aria-label={`Role: ${ROLE_LABEL[user.role]}`}>
              {ROLE_LABEL[user.role]}
            </Badge>
            {user.role === "admin" ? (
              <Badge variant="gold" className="gap-1">
                <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" /> Admin
              </Badge>
            ) : null}
          </div>
        </div>
      </div>
      {/* Each value wraps inside the card (a long e-mail breaks onto its own lines) instead of widening it. */}
      <dl className="mt-auto grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 border-t border-slate-100 pt-4 text-sm">
        <div className={DETAIL_ROW}>
          <dt className="shrink-0 text-slate-500">Signed in as</dt>
          <dd className={DETAIL_VALUE}>
            <BreakableEmail email={user.email} />
          </dd>
        </div>
        {user.company ? (
          <div className={DETAIL_ROW}>
            <dt className="shrink-0 text-slate-500">Organisation</dt>
            <dd className={DETAIL_VALUE}>{[user.position, user.company].filter(Boolean).join(", ")}</dd>
          </div>
        ) : null}
        <div className={DETAIL_ROW}>
          <dt className="shrink-0 text-slate-500">Access</dt>
          <dd className={DETAIL_VALUE}>{user.role === "regular" ? "Public documents" : "All documents"}</dd>
        </div>
      </dl>
      {user.role === "admin" ? (
        <Link to="/admin" className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-navy-800 hover:text-gold-700">
          <LayoutDashboard className="h-4 w-4" aria-hidden="true" /> Admin Dashboard
        </Link>
      ) : null}
    </Card>
  );
}

export function StatsCard({ documents, categories }: { documents: Pick<PortalDocument, "isPublic" | "uploadedAt">[]; categories: number }) {
  const investorOnly = documents.filter((d) => !d.isPublic).length;
  const latest = documents.reduce<string | null>((max, d) => (!max || Date.parse(d.uploadedAt) > Date.parse(max) ? d.uploadedAt : max), null);
  return (
    <Card className="flex min-w-0 flex-col p-6 sm:p-7" data-testid="overview-card">
      <div className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-slate-500">
        <FolderOpen className="h-4 w-4 text-gold-600" aria-hidden="true" /> Document Library
      </div>
      <dl className="mt-5 grid grid-cols-2 divide-x divide-slate-100">
        <div className="pr-4">
          <dt className="text-sm text-slate-500">Documents</dt>
          <dd className="mt-1 font-display text-4xl font-semibold text-navy-950" data-testid="documents-count">
            {documents.length}
          </dd>
        </div>
        <div className="pl-6">
          <dt className="text-sm text-slate-500">Categories</dt>
          <dd className="mt-1 font-display text-4xl font-semibold text-navy-950" data-testid="categories-count">
            {categories}
          </dd>
        </div>
      </dl>
      <p className="mt-auto border-t border-slate-100 pt-4 text-sm text-slate-500">
        {investorOnly} investor-only · {documents.length - investorOnly} public
        {latest ? (
          <>
            <br />
            Last added <time dateTime={latest}>{formatDate(latest)}</time>
          </>
        ) : null}
      </p>
    </Card>
  );
}

export function QuickActionsCard({ onLatestReports, onPortfolioUpdate }: { onLatestReports: () => void; onPortfolioUpdate: () => void }) {
  const brand = useRootData()?.brand ?? DEFAULT_BRAND;
  return (
    <Card className="flex h-full min-w-0 flex-col p-6 sm:p-7" data-testid="overview-card">
      <h2 className="text-sm font-semibold uppercase tracking-wider text-slate-500">Quick Actions</h2>
      <div className="mt-5 grid gap-3">
        <Button variant="outline" className="h-auto justify-between py-3" onClick={onLatestReports}>
          <span className="flex items-center gap-3">
            <FileClock className="h-4 w-4 text-gold-600" aria-hidden="true" /> Latest Reports
          </span>
          <ArrowRight className="h-4 w-4 text-slate-400" aria-hidden="true" />
        </Button>
        <Button variant="outline" className="h-auto justify-between py-3" onClick={onPortfolioUpdate}>
          <span className="flex items-center gap-3">
            <Briefcase className="h-4 w-4 text-gold-600" aria-hidden="true" /> Portfolio Update
          </span>
          <ArrowRight className="h-4 w-4 text-slate-400" aria-hidden="true" />
        </Button>
      </div>
      <p className="mt-auto pt-5 text-sm text-slate-500">
        Questions about a report?{" "}
        <a href={`mailto:${brand.email}`} className="font-medium text-navy-800 underline-offset-2 [overflow-wrap:anywhere] hover:underline">
          {brand.email}
        </a>
      </p>
    </Card>
  );
}
