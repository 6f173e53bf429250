import * as React from "react";
import { useLocation, useNavigate } from "react-router";
import { useLocale } from "~/i18n/provider";
import { localizePath, stripLocale } from "../../../shared/i18n/locales";

export const SCROLL_TARGET_KEY = "scrollTarget";

/**
 * A link to a section of the home page. On the home page it scrolls; elsewhere it remembers the
 * target for the session and goes to '/', where the home page scrolls to it. Without JavaScript it
 * is a plain '/#id' link. Links go to the home page of the current page's language ('/ar#id' on Arabic pages).
 */
export function AnchorLink({
  to,
  children,
  className,
  onNavigate,
  ...rest
}: { to: string; children: React.ReactNode; className?: string; onNavigate?: () => void } & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  const location = useLocation();
  const navigate = useNavigate();
  const home = localizePath("/", useLocale());
  return (
    <a
      href={`${home}#${to}`}
      className={className}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        onNavigate?.();
        if (stripLocale(location.pathname) === "/") {
          scrollToSection(to);
          history.replaceState(null, "", `${home}#${to}`);
        } else {
          sessionStorage.setItem(SCROLL_TARGET_KEY, to);
          void navigate(home);
        }
      }}
      {...rest}
    >
      {children}
    </a>
  );
}

export function scrollToSection(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
}

/**
 * Used by the home page: scrolls to a target stored by an AnchorLink on another page. `ready` lets the page
 * wait until content that changes the layout (lists loading on the client) has arrived, so the scroll lands
 * where the section ends up.
 */
export function useStoredScrollTarget(ready = true) {
  React.useEffect(() => {
    if (!ready) return;
    const target = sessionStorage.getItem(SCROLL_TARGET_KEY);
    if (!target) return;
    sessionStorage.removeItem(SCROLL_TARGET_KEY);
    requestAnimationFrame(() => scrollToSection(target));
  }, [ready]);
}
