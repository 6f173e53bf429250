import { ChevronLeft, ChevronRight } from "lucide-react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";

/**
 * 'Showing 1–20 of 45' with Previous and Next: the pages of an admin table, paged here or on the server.
 * `page`/`pages`, when given, add 'Page 1 of 3'. Latin digits, as in every admin table.
 */
export function Pager({
  label,
  first,
  last,
  total,
  page,
  pages,
  onPrevious,
  onNext,
  canPrevious,
  canNext,
  className,
}: {
  label: string;
  first: number;
  last: number;
  total: number;
  page?: number;
  pages?: number;
  onPrevious: () => void;
  onNext: () => void;
  canPrevious: boolean;
  canNext: boolean;
  className?: string;
}) {
  const t = useT();
  const f = useFormat();
  const strong = (chunks: React.ReactNode[]) => <strong className="font-semibold text-slate-900">{chunks}</strong>;
  return (
    <nav className={cn("flex items-center justify-between gap-3 text-sm text-slate-600", className)} aria-label={label}>
      <span>{t.rich("admin.table.showing", { count: total, first: f.count(first), last: f.count(last), total: f.count(total), b: strong })}</span>
      <div className="flex items-center gap-2">
        {page !== undefined && pages !== undefined ? (
          <span className="me-1 text-slate-500">{t("admin.table.pageOf", { page: f.count(page), pages: f.count(pages) })}</span>
        ) : null}
        <Button type="button" variant="outline" size="sm" onClick={onPrevious} disabled={!canPrevious}>
          <ChevronLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
          {t("admin.table.previous")}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onNext} disabled={!canNext}>
          {t("admin.table.next")}
          <ChevronRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
