import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { compileMessages } from "../../shared/i18n/compile";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../shared/i18n/locales";
import type { Messages } from "../../shared/i18n/messages";
import { PAGE_NAMESPACES, type PageNamespace } from "../../shared/i18n/namespaces";

const VIRTUAL = "virtual:i18n-catalogs";
const RESOLVED = `\0${VIRTUAL}`;
const CATALOG_DIR = path.resolve(import.meta.dirname, "../../shared/i18n/catalogs");
/** Catalog files as the development server serves them (no hash: they change while you edit). */
const DEV_FILE = /^\/assets\/i18n\/([a-z]{2})-([a-z]+)\.json$/;

type CatalogFile = { locale: Locale; ns: PageNamespace; fileName: string; source: string };

const read = (locale: Locale, ns: PageNamespace): Messages => JSON.parse(readFileSync(path.join(CATALOG_DIR, locale, `${ns}.json`), "utf8")) as Messages;

/** One catalog as the browser loads it: parsed ICU, English where the language lacks a key. */
function compiled(locale: Locale, ns: PageNamespace): string {
  return JSON.stringify(compileMessages({ ...read(DEFAULT_LOCALE, ns), ...read(locale, ns) }));
}

function catalogFiles(): CatalogFile[] {
  return LOCALES.flatMap((locale) =>
    PAGE_NAMESPACES.map((ns) => {
      const source = compiled(locale, ns);
      const hash = createHash("sha256").update(source).digest("base64url").slice(0, 10).replace(/[-_]/g, "0");
      return { locale, ns, fileName: `assets/i18n/${locale}-${ns}-${hash}.json`, source };
    }),
  );
}

/**
 * The message catalogs as files of their own, one per language and namespace, instead of data inside every page:
 * a browser downloads each once and keeps it (hashed names under /assets/, immutable, precompressed like the
 * scripts), and a signed-in page is rendered without serializing its catalogs.
 *
 * `virtual:i18n-catalogs` exports `CATALOG_URLS[locale][namespace]`: hashed in a build (the client and the server
 * builds compute the same names), plain names served fresh by the development server.
 */
export function i18nCatalogs({ emit }: { emit: boolean }): Plugin {
  let command: "build" | "serve" = "build";
  let base = "/";
  return {
    name: "i18n-catalogs",
    configResolved(config) {
      command = config.command;
      base = config.base;
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      const urls: Record<string, Record<string, string>> = {};
      if (command === "build") {
        for (const f of catalogFiles()) (urls[f.locale] ??= {})[f.ns] = `${base}${f.fileName}`;
      } else {
        for (const locale of LOCALES) {
          urls[locale] = {};
          for (const ns of PAGE_NAMESPACES) {
            urls[locale][ns] = `${base}assets/i18n/${locale}-${ns}.json`;
            this.addWatchFile(path.join(CATALOG_DIR, locale, `${ns}.json`));
          }
        }
      }
      return `export const CATALOG_URLS = ${JSON.stringify(urls)};\n`;
    },
    generateBundle() {
      if (!emit) return;
      for (const f of catalogFiles()) this.emitFile({ type: "asset", fileName: f.fileName, source: f.source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = DEV_FILE.exec(req.url?.split("?")[0] ?? "");
        const locale = match?.[1] as Locale | undefined;
        const ns = match?.[2] as PageNamespace | undefined;
        if (!locale || !ns || !LOCALES.includes(locale) || !PAGE_NAMESPACES.includes(ns)) return next();
        res.setHeader("Content-Type", "application/json; charset=utf-8");
        res.setHeader("Cache-Control", "no-store");
        res.end(compiled(locale, ns));
      });
    },
  };
}
