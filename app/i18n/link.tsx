import { forwardRef } from "react";
import { Link as RouterLink, NavLink as RouterNavLink, useNavigate, type LinkProps, type NavigateOptions, type NavLinkProps, type To } from "react-router";
import { localizePath, type Locale } from "../../shared/i18n/locales";
import { useLocale } from "./provider";

/** `to` in `locale`: string paths and path objects alike. */
export function localizeTo(to: To, locale: Locale): To {
  if (typeof to === "string") return localizePath(to, locale);
  return to.pathname ? { ...to, pathname: localizePath(to.pathname, locale) } : to;
}

/** The site's Link: a site path ('/press-releases') goes to that page in the current page's language. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  return <RouterLink ref={ref} to={localizeTo(to, useLocale())} {...props} />;
});

/** The site's NavLink, in the current page's language. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...props }, ref) {
  return <RouterNavLink ref={ref} to={localizeTo(to, useLocale())} {...props} />;
});

/** useNavigate whose paths go to the current page's language. */
export function useLocalizedNavigate() {
  const navigate = useNavigate();
  const locale = useLocale();
  return (to: To | number, options?: NavigateOptions) => (typeof to === "number" ? navigate(to) : navigate(localizeTo(to, locale), options));
}

/** A function that puts a site path into the current page's language (for hrefs built by hand). */
export function useLocalizePath() {
  const locale = useLocale();
  return (path: string) => localizePath(path, locale);
}
