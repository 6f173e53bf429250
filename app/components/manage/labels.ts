import * as React from "react";
import { useT } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";
import { categoryName } from "../../../shared/press-categories";
import { sectorName } from "../../../shared/sectors";

/**
 * The stored values the forms and tables show (sectors, press categories, portfolio statuses) are slugs or English
 * words kept as data; these give their label in the page's language (shared/sectors.ts, shared/press-categories.ts).
 * A value without a label shows as it is stored.
 */
const STATUS_IDS: Record<string, MessageId> = {
  Active: "manage.status.active",
  "Partial Exit": "manage.status.partialExit",
  "Full Exit": "manage.status.fullExit",
};

export function useLabels() {
  const t = useT();
  return React.useMemo(
    () => ({
      // Sector slugs ('food-security') and older labels ('Financial', as press releases stored them) both map.
      sector: (value: string) => sectorName(value, "manage", t),
      category: (value: string) => categoryName(value, "manage", t),
      status: (value: string) => (STATUS_IDS[value] ? t(STATUS_IDS[value]) : value),
    }),
    [t],
  );
}
