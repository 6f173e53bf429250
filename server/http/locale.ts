import type { Request } from "express";
import { negotiateLocale, type Locale } from "../../shared/i18n/locales";

/**
 * The language of the server's answer to an API request: the best of the site's languages in Accept-Language
 * (the browser client sends the page's language), English when the header names none of them.
 */
export const requestLocale = (req: Pick<Request, "get">): Locale => negotiateLocale(req.get("accept-language"));
