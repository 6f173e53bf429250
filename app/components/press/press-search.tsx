import * as React from "react";
import { Form } from "react-router";
import { SearchBox } from "~/components/search/search-box";
import { useLocalizedNavigate, useLocalizePath } from "~/i18n/link";
import { useT } from "~/i18n/provider";
import { listHref } from "./list-params";
import { SEARCH_LIMITS } from "../../../shared/limits";

const DEBOUNCE_MS = 300;

/**
 * The search box. A plain GET form, so it works before hydration and without JavaScript; once
 * hydrated it searches as you type (debounced) and the clear button empties it in place.
 */
export function PressSearch({ q, company }: { q: string; company: string }) {
  const navigate = useLocalizedNavigate();
  const localize = useLocalizePath();
  const t = useT();
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
      action={localize("/press-releases")}
      role="search"
      aria-label={t("site.pressList.searchForm")}
      className="relative w-full"
      onSubmit={(e) => {
        e.preventDefault();
        go(value);
      }}
    >
      {company ? <input type="hidden" name="company" value={company} /> : null}
      <SearchBox
        inputRef={inputRef}
        name="q"
        value={value}
        maxLength={SEARCH_LIMITS.press.max}
        placeholder={t("site.pressList.searchPlaceholder")}
        aria-label={t("site.pressList.searchLabel")}
        clearSubmits
        onValue={(next) => {
          setValue(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => go(next), DEBOUNCE_MS);
        }}
        onClear={() => {
          setValue("");
          go("");
        }}
      />
    </Form>
  );
}
