import { Fragment } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import { useLocale, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { LOCALE_COOKIE, LOCALE_INFO, LOCALES, localizePath, stripLocale, type Locale } from "../../../shared/i18n/locales";

/** Remembers the chosen language for what has no URL to say it (e-mails, the page after signing in). */
function remember(locale: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** 'EN | AR': the same page, with its query, in the other language. */
export function LanguageSwitch({ className, linkClassName }: { className?: string; linkClassName?: string }) {
  const locale = useLocale();
  const t = useT();
  const { pathname, search, hash } = useLocation();
  const path = stripLocale(pathname);
  return (
    <nav aria-label={t("common.language.label")} className={cn("inline-flex items-center gap-1.5", className)}>
      {LOCALES.map((l, i) => (
        <Fragment key={l}>
          {i > 0 ? <span aria-hidden="true">|</span> : null}
          {l === locale ? (
            <span className="font-semibold" aria-current="true" lang={l}>
              {LOCALE_INFO[l].short}
            </span>
          ) : (
            <RouterLink
              to={`${localizePath(path, l)}${search}${hash}`}
              hrefLang={l}
              lang={l}
              title={t("common.language.switchTo", { language: LOCALE_INFO[l].name })}
              onClick={() => remember(l)}
              className={cn("rounded hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500", linkClassName)}
            >
              {LOCALE_INFO[l].short}
            </RouterLink>
          )}
        </Fragment>
      ))}
    </nav>
  );
}
