import { Search, X } from "lucide-react";
import type * as React from "react";
import { useT } from "~/i18n/provider";
import { IconInput } from "../../manage/icon-input";

/** Above the table: the search box (or an empty start) and the caller's toolbar at the end. */
export function TableToolbar({
  searchPlaceholder,
  query,
  onSearch,
  onClear,
  toolbar,
}: {
  searchPlaceholder?: string;
  query: string;
  onSearch: (query: string) => void;
  onClear: () => void;
  toolbar?: React.ReactNode;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      {searchPlaceholder ? (
        <div className="relative w-full sm:max-w-xs">
          <IconInput
            icon={Search}
            type="search"
            value={query}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={searchPlaceholder}
            aria-label={searchPlaceholder}
            className="pe-9 [&::-webkit-search-cancel-button]:hidden"
          />
          {query ? (
            <button
              type="button"
              onClick={onClear}
              className="absolute end-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700"
              aria-label={t("admin.table.clearSearch")}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      ) : (
        <span />
      )}
      {toolbar}
    </div>
  );
}
