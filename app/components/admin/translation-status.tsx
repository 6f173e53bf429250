import { Languages } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useFormat, useT } from "~/i18n/provider";

/** An item of an admin list with its translation status (admin reads have it; see server/features/content/content-locale.ts). */
type Translatable = { translation?: "complete" | "missing" | null };

export const missingArabic = (item: Translatable) => item.translation === "missing";

/** 'Arabic missing': a quiet badge on a list item whose Arabic is not complete (Arabic pages show it in English). */
export function MissingArabicBadge({ item, className }: { item: Translatable; className?: string }) {
  const t = useT();
  if (!missingArabic(item)) return null;
  return (
    <Badge variant="outline" className={className ?? "whitespace-nowrap font-medium text-slate-500"} title={t("manage.translation.missingTitle")}>
      {t("manage.translation.missing")}
    </Badge>
  );
}

/**
 * '3 without Arabic' in a tab's header: a toggle that shows only the items without Arabic. Hidden while every item
 * is translated (and the filter is off).
 */
export function MissingArabicFilter({ count, only, onChange }: { count: number; only: boolean; onChange: (only: boolean) => void }) {
  const t = useT();
  const f = useFormat();
  if (!count && !only) return null;
  return (
    <Button
      type="button"
      variant={only ? "default" : "outline"}
      aria-pressed={only}
      title={t("manage.translation.onlyMissing")}
      onClick={() => onChange(!only)}
      data-testid="missing-arabic-filter"
    >
      <Languages className="h-4 w-4" aria-hidden="true" />
      {t("manage.translation.count", { count, shown: f.count(count) })}
    </Button>
  );
}
