import * as React from "react";
import { useT } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";
import { sectorName } from "../../../shared/sectors";

/**
 * The stored values the forms and tables show (sectors, press categories, portfolio statuses) are English words
 * kept as data; these give their label in the page's language. A value without a label shows as it is stored (a
 * sector: shared/sectors.ts).
 */
const CATEGORY_IDS: Record<string, MessageId> = {
  Acquisition: "manage.category.acquisition",
  Partnership: "manage.category.partnership",
  Investment: "manage.category.investment",
  Funding: "manage.category.funding",
  Expansion: "manage.category.expansion",
  Award: "manage.category.award",
  Sustainability: "manage.category.sustainability",
  Technology: "manage.category.technology",
  "Financial Results": "manage.category.financialResults",
  News: "manage.category.news",
};

const STATUS_IDS: Record<string, MessageId> = {
  Active: "manage.status.active",
  "Partial Exit": "manage.status.partialExit",
  "Full Exit": "manage.status.fullExit",
};

export function useLabels() {
  const t = useT();
  return React.useMemo(
    () => ({
      // Sector slugs ('real-estate') and sector labels ('Real Estate', as press releases store them) both map.
      sector: (value: string) => sectorName(value, "manage", t),
      category: (value: string) => (CATEGORY_IDS[value] ? t(CATEGORY_IDS[value]) : value),
      status: (value: string) => (STATUS_IDS[value] ? t(STATUS_IDS[value]) : value),
    }),
    [t],
  );
}
