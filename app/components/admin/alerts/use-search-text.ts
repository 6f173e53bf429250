import * as React from "react";

/** Typing waits this long before the list is asked for again. */
const SEARCH_DELAY_MS = 300;

/** A search box's text, and the query it gives once typing pauses (trimmed). */
export function useSearchText() {
  const [text, setText] = React.useState("");
  const [query, setQuery] = React.useState("");
  React.useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return { text, setText, query };
}
