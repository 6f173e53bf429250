import { Loader2, Search, X } from "lucide-react";
import * as React from "react";
import { useT } from "~/i18n/provider";

/**
 * The large search field of the press list and the site search: a search icon at its start, and at its end a
 * spinner while `pending` or a clear button once something is typed. `clearSubmits` makes the clear button a
 * submit button named 'clear' (a form without JavaScript then asks the server to clear the search).
 */
export function SearchBox({
  inputRef,
  value,
  onValue,
  onClear,
  pending = false,
  clearSubmits = false,
  ...input
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  value: string;
  onValue: (next: string) => void;
  onClear: () => void;
  pending?: boolean;
  clearSubmits?: boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type" | "className">) {
  const t = useT();
  return (
    <>
      <Search className="pointer-events-none absolute start-4 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      <input
        ref={inputRef}
        type="search"
        value={value}
        autoComplete="off"
        onChange={(e) => onValue(e.target.value)}
        className="h-14 w-full rounded-xl border border-white/10 bg-white pe-14 ps-12 text-base text-navy-950 shadow-lg placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 [&::-webkit-search-cancel-button]:appearance-none"
        {...input}
      />
      {pending ? (
        <Loader2 className="absolute end-4 top-1/2 h-5 w-5 -translate-y-1/2 animate-spin text-slate-400" aria-hidden="true" />
      ) : value ? (
        <button
          type={clearSubmits ? "submit" : "button"}
          {...(clearSubmits ? { name: "clear", value: "1" } : {})}
          aria-label={t("site.search.clear")}
          onClick={(e) => {
            e.preventDefault();
            onClear();
            inputRef.current?.focus();
          }}
          className="absolute end-3 top-1/2 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-100 hover:text-navy-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      ) : null}
    </>
  );
}
