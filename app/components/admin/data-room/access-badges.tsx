import { Archive, CalendarClock, Eye, FileSignature, Ban, ShieldCheck, TextCursorInput, Users } from "lucide-react";
import type * as React from "react";
import { Badge } from "~/components/ui/badge";
import { useT } from "~/i18n/provider";
import type { DocumentDto } from "../../../../shared/api/documents";
import { useReadingFormat } from "./reading-format";

/** What the badges read of a document, and how many investors a restricted one is shared with (undefined: not known yet). */
export type AccessState = Pick<DocumentDto, "restricted" | "expiresAt" | "downloadMode" | "requiresConfidentiality" | "revokedAt" | "archivedAt"> &
  Partial<Pick<DocumentDto, "pageText">>;

/** True once the document's expiry has passed (the server's clock decides for readers; this is for the admin's eyes). */
export const isExpired = (d: Pick<DocumentDto, "expiresAt">, now = Date.now()) => Boolean(d.expiresAt && Date.parse(d.expiresAt) <= now);

function StateBadge({
  variant,
  icon: Icon,
  title,
  children,
}: {
  variant: React.ComponentProps<typeof Badge>["variant"];
  icon: typeof Eye;
  title?: string;
  children: React.ReactNode;
}) {
  return (
    <Badge variant={variant} className="gap-1 whitespace-nowrap font-medium" title={title}>
      <Icon className="h-3 w-3 shrink-0" aria-hidden="true" />
      {children}
    </Badge>
  );
}

/**
 * A document's access beyond Public / Investor Only, at a glance: restricted to named investors, expiry, revoked,
 * archived, how it may be downloaded, and whether the confidentiality notice is required. Nothing for a plain one.
 */
export function AccessBadges({ doc, grantCount }: { doc: AccessState; grantCount?: number }) {
  const t = useT();
  const rf = useReadingFormat();
  const badges: React.ReactNode[] = [];
  if (doc.revokedAt)
    badges.push(
      <StateBadge key="revoked" variant="red" icon={Ban} title={t("admin.dataRoom.badge.revokedTitle", { when: rf.when(doc.revokedAt) })}>
        {t("admin.dataRoom.badge.revoked")}
      </StateBadge>,
    );
  if (doc.archivedAt)
    badges.push(
      <StateBadge key="archived" variant="slate" icon={Archive} title={t("admin.dataRoom.badge.archivedTitle", { when: rf.when(doc.archivedAt) })}>
        {t("admin.dataRoom.badge.archived")}
      </StateBadge>,
    );
  if (doc.expiresAt)
    badges.push(
      isExpired(doc) ? (
        <StateBadge key="expiry" variant="red" icon={CalendarClock} title={t("admin.dataRoom.badge.expiredTitle", { when: rf.when(doc.expiresAt) })}>
          {t("admin.dataRoom.badge.expired")}
        </StateBadge>
      ) : (
        <StateBadge key="expiry" variant="amber" icon={CalendarClock} title={t("admin.dataRoom.badge.expiresTitle", { when: rf.when(doc.expiresAt) })}>
          {t("admin.dataRoom.badge.expires", { date: rf.cairoDay(doc.expiresAt) })}
        </StateBadge>
      ),
    );
  if (doc.restricted)
    badges.push(
      <StateBadge key="restricted" variant="gold" icon={Users}>
        {grantCount === undefined ? t("admin.dataRoom.badge.restricted") : t("admin.dataRoom.badge.restrictedCount", { count: grantCount })}
      </StateBadge>,
    );
  if (doc.downloadMode !== "original")
    badges.push(
      <StateBadge key="mode" variant="outline" icon={doc.downloadMode === "none" ? Eye : FileSignature}>
        {t(doc.downloadMode === "none" ? "admin.dataRoom.badge.viewOnly" : "admin.dataRoom.badge.stamped")}
      </StateBadge>,
    );
  if (doc.requiresConfidentiality)
    badges.push(
      <StateBadge key="notice" variant="outline" icon={ShieldCheck}>
        {t("admin.dataRoom.badge.confidentiality")}
      </StateBadge>,
    );
  if (doc.pageText === false)
    badges.push(
      <StateBadge key="page-text" variant="outline" icon={TextCursorInput}>
        {t("admin.dataRoom.badge.noPageText")}
      </StateBadge>,
    );
  if (!badges.length) return null;
  return <span className="flex flex-wrap gap-1">{badges}</span>;
}

/** 'v3' next to a document's title once its file has been replaced (nothing for the first file). */
export function VersionBadge({ version }: { version: number }) {
  const t = useT();
  if (version <= 1) return null;
  return (
    <Badge
      variant="outline"
      className="whitespace-nowrap px-1.5 font-medium tabular-nums text-slate-600"
      title={t("admin.dataRoom.badge.versionTitle", { version })}
    >
      <span aria-hidden="true">{t("admin.dataRoom.badge.version", { version })}</span>
      <span className="sr-only">{t("admin.dataRoom.badge.versionTitle", { version })}</span>
    </Badge>
  );
}
