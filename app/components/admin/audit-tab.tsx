import { Download, ScrollText } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { useFormat, useLocale, useT } from "~/i18n/provider";
import { auditRoutes } from "~/lib/api/audit";
import { href } from "~/lib/api/client";
import { AuditFilters } from "./audit/audit-filters";
import { auditColumns } from "./audit/audit-columns";
import { PagedFooter } from "./paged-footer";
import { auditQuery, useAuditList, type AuditPage } from "./audit/use-audit-list";
import { useVerification } from "./audit/use-verification";
import { VerificationBanner } from "./audit/verification-banner";
import { RefreshButton, TabHeader } from "./tab-header";
import { TabTable } from "./tab-table";

export type { AuditRow } from "./audit/types";

/**
 * Admin 'Audit trail': every recorded change (content, documents, settings, accounts), newest first, 50 at a time,
 * with who made it, when in Cairo time, from where and the fields that changed. Opening the tab checks the hash chain
 * and says whether it is intact; the filters narrow the list and the exports (CSV in the page's language, or JSON).
 */
export function AuditTab({ loaded: firstPage }: { loaded?: AuditPage | null }) {
  const t = useT();
  const f = useFormat();
  const locale = useLocale();
  const columns = React.useMemo(() => auditColumns(t, f), [t, f]);
  const { filters, setFilters, state, refused, refresh, more, loadMore } = useAuditList(firstPage);
  const verification = useVerification();
  const { rows, nextBefore, keepDays, loaded, loading, failed } = state;
  const filtered = Object.values(filters).some(Boolean);
  const exportHref = (format: "csv" | "json") => href(auditRoutes.export, { query: { ...auditQuery(filters), format, lang: locale } });

  return (
    <section aria-labelledby="audit-heading" aria-busy={loading}>
      <TabHeader
        id="audit-heading"
        title={t("admin.audit.title")}
        description={keepDays ? `${t("admin.audit.description")} ${t("admin.audit.kept", { count: keepDays })}` : t("admin.audit.description")}
      >
        {(["csv", "json"] as const).map((format) => (
          <Button key={format} asChild variant="outline">
            <a href={exportHref(format)} download>
              <Download className="h-4 w-4" aria-hidden="true" />
              {t(format === "csv" ? "admin.audit.exportCsv" : "admin.audit.exportJson")}
            </a>
          </Button>
        ))}
        <RefreshButton
          busy={loading}
          onClick={() => {
            refresh();
            verification.check();
          }}
        />
      </TabHeader>

      <VerificationBanner state={verification.state} onCheck={verification.check} />
      <AuditFilters applied={filters} onApply={setFilters} refused={refused} />

      <TabTable
        label={t("admin.audit.tableLabel")}
        data={rows}
        columns={columns}
        getRowId={(e) => String(e.id)}
        pageSize={0}
        initialSorting={[{ id: "occurredAt", desc: true }]}
        columnClasses={{ changes: "min-w-64" }}
        cardCellClasses={{ changes: "max-md:col-span-2", from: "max-md:col-span-2" }}
        phoneCards
        status={!loaded && loading ? "loading" : failed && !loaded ? "failed" : "ready"}
        busy={loading}
        loadingLabel={t("admin.audit.loading")}
        loadingRows={6}
        failedText={t("admin.audit.loadFailed")}
        onRetry={refresh}
        emptyIcon={ScrollText}
        emptyText={t(filtered ? "admin.audit.noMatch" : "admin.audit.empty")}
        footer={
          rows.length > 0 ? (
            <PagedFooter
              shownText="admin.audit.shown"
              moreText="admin.audit.more"
              shown={rows.length}
              hasMore={Boolean(nextBefore)}
              more={more}
              onMore={() => void loadMore()}
            />
          ) : null
        }
      />
    </section>
  );
}
