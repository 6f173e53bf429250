import * as React from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

/** True when the visitor asked for less motion. False on the server and before hydration. */
export function useReducedMotion() {
  const [reduced, setReduced] = React.useState(false);
  React.useEffect(() => {
    const mq = window.matchMedia(QUERY);
    setReduced(mq.matches);
    const onChange = () => setReduced(mq.matches);
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

export function prefersReducedMotion() {
  return typeof window !== "undefined" && window.matchMedia(QUERY).matches;
}

/**
 * Fires once when at least `threshold` of the element is visible. The server renders the finished state (so
 * the page reads fine without JavaScript); after hydration an element that is still out of view is reset and
 * plays its entrance when it scrolls in. Reduced-motion visitors always get the finished state.
 */
export function useRevealOnce<T extends Element>(threshold: number, opts: { skipIfAlreadyVisible?: boolean } = {}) {
  const ref = React.useRef<T>(null);
  const [state, setState] = React.useState<"static" | "waiting" | "shown">("static");
  const skipIfAlreadyVisible = opts.skipIfAlreadyVisible ?? false;
  React.useEffect(() => {
    const el = ref.current;
    if (!el || prefersReducedMotion() || typeof IntersectionObserver === "undefined") return;
    // Content the visitor can already see (e.g. arriving on /#about) is not hidden again just to fade it in.
    const box = el.getBoundingClientRect();
    if (skipIfAlreadyVisible && box.top < window.innerHeight && box.bottom > 0) return;
    setState("waiting");
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= threshold)) {
          setState("shown");
          io.disconnect();
        }
      },
      { threshold },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [threshold, skipIfAlreadyVisible]);
  return { ref, state };
}
