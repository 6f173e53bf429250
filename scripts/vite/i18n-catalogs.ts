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

type CatalogFile = { locale: Locale; ns: PageNamespace; hash: string; fileName: string; source: string };

const read = (locale: Locale, ns: PageNamespace): Messages => JSON.parse(readFileSync(path.join(CATALOG_DIR, locale, `${ns}.json`), "utf8")) as Messages;

/** One catalog as the browser loads it: parsed ICU, English where the language lacks a key. */
function compiled(locale: Locale, ns: PageNamespace): string {
  return JSON.stringify(compileMessages({ ...read(DEFAULT_LOCALE, ns), ...read(locale, ns) }));
}

function catalogFiles(): CatalogFile[] {
  return LOCALES.flatMap((locale) =>
    PAGE_NAMESPACES.map((ns) => {
      const source = compiled(locale, ns);
      const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8).replace(/[-_]/g, "0");
      return { locale, ns, hash, fileName: `assets/i18n/${locale}-${ns}-${hash}.json`, source };
    }),
  );
}

/**
 * The message catalogs as files of their own, one per language and namespace, instead of data inside every page:
 * a browser downloads each once and keeps it (hashed names under /assets/, immutable, precompressed like the
 * scripts), and a signed-in page is rendered without serializing its catalogs.
 *
 * `virtual:i18n-catalogs` exports `CATALOG_BASE` and `CATALOG_HASHES[locale]`: each namespace's hash, in the order of
 * PAGE_NAMESPACES, separated by spaces (the client and the server builds compute the same names; the development
 * server serves plain names, with empty hashes). The file of a catalog is `<base>assets/i18n/<locale>-<ns>-<hash>.json`;
 * the page's script carries only the hashes, the part of each address that cannot be compressed.
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
      const hashes: Record<string, string> = {};
      if (command === "build") {
        const files = catalogFiles();
        for (const locale of LOCALES) hashes[locale] = PAGE_NAMESPACES.map((ns) => files.find((f) => f.locale === locale && f.ns === ns)!.hash).join(" ");
      } else {
        for (const locale of LOCALES) {
          hashes[locale] = "";
          for (const ns of PAGE_NAMESPACES) this.addWatchFile(path.join(CATALOG_DIR, locale, `${ns}.json`));
        }
      }
      return `export const CATALOG_BASE = ${JSON.stringify(base)};\nexport const CATALOG_HASHES = ${JSON.stringify(hashes)};\n`;
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
