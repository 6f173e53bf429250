import { Search, X } from "lucide-react";
import * as React from "react";
import { Form, useNavigate } from "react-router";
import { listHref } from "./list-params";

const DEBOUNCE_MS = 300;

/**
 * The search box. A plain GET form, so it works before hydration and without JavaScript; once
 * hydrated it searches as you type (debounced) and the clear button empties it in place.
 */
export function PressSearch({ q, company }: { q: string; company: string }) {
  const navigate = useNavigate();
  const [value, setValue] = React.useState(q);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const lastSent = React.useRef(q);
  const timer = React.useRef<ReturnType<typeof setTimeout>>(undefined);

  // Follow the URL when it changes from outside (back button, a tab link), not while we are typing.
  React.useEffect(() => {
    if (q !== lastSent.current) {
      lastSent.current = q;
      setValue(q);
    }
  }, [q]);
  React.useEffect(() => () => clearTimeout(timer.current), []);

  function go(next: string) {
    clearTimeout(timer.current);
    const trimmed = next.replace(/\s+/g, " ").trim();
    if (trimmed === lastSent.current) return;
    lastSent.current = trimmed;
    navigate(listHref({ q: trimmed, company }), { replace: true, preventScrollReset: true });
  }

  return (
    <Form
      method="get"
      action="/press-releases"
      role="search"
      aria-label="Press releases"
      className="relative w-full"
      onSubmit={(e) => {
        e.preventDefault();
        go(value);
      }}
    >
      {company ? <input type="hidden" name="company" value={company} /> : null}
      <Search className="pointer-events-none absolute left-4 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      <input
        ref={inputRef}
        type="search"
        name="q"
        value={value}
        maxLength={200}
        autoComplete="off"
        placeholder="Search press releases..."
        aria-label="Search press releases"
        onChange={(e) => {
          const next = e.target.value;
          setValue(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => go(next), DEBOUNCE_MS);
        }}
        className="h-14 w-full rounded-xl border border-white/10 bg-white pl-12 pr-14 text-base text-navy-950 shadow-lg placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 [&::-webkit-search-cancel-button]:appearance-none"
      />
      {value ? (
        <button
          type="submit"
          name="clear"
          value="1"
          aria-label="Clear search"
          onClick={(e) => {
            e.preventDefault();
            setValue("");
            go("");
            inputRef.current?.focus();
          }}
          className="absolute right-3 top-1/2 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-100 hover:text-navy-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      ) : null}
    </Form>
  );
}
