import { eq } from "drizzle-orm";
import { brand as defaultBrand, DEFAULT_HOME_STATS, isSocialUrl, SOCIAL_NETWORKS, type Brand, type HomeStat } from "../../shared/brand";
import { LEGAL_DEFAULT_UPDATED_AT, LEGAL_META, type LegalPage, type LegalPageKey } from "../../shared/legal";
import { LEGAL_DEFAULTS } from "../../shared/legal-text";
import type { HomeStatsInput } from "../../shared/schemas";
import type { Db } from "../db/client";
import { settings } from "../db/schema";
import { changes, dependsOn } from "../lib/dependencies";
import { forgetRequestMemo, requestMemo } from "../lib/request-metrics";

export type EnvironmentMode = "production" | "development";

export function createSettingsService({ db, productionHostname }: { db: Db; productionHostname?: string }) {
  // Every setting is read in one statement, once per request: the layout, the page and the guards of one
  // request share it (brand, mode, figures, spotlight, legal texts are a handful of small rows).
  const snapshotKey = Symbol("settings");
  const snapshot = () =>
    requestMemo(snapshotKey, async () => new Map((await db.select({ key: settings.key, value: settings.value }).from(settings)).map((r) => [r.key, r.value])));

  async function read<T>(key: string): Promise<T | undefined> {
    // The page depends on this one setting only, though all of them were read.
    dependsOn(`settings:${key}`);
    return (await snapshot()).get(key) as T | undefined;
  }
  async function write(key: string, value: unknown) {
    changes(`settings:${key}`);
    await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    forgetRequestMemo(snapshotKey);
  }

  return {
    read,
    write,

    /** The stored mode, or null ('Not Set'). */
    environmentMode: () => read<EnvironmentMode>("environmentMode").then((v) => v ?? null),
    setEnvironmentMode: (mode: EnvironmentMode) => write("environmentMode", mode),

    /**
     * The mode a request runs in: production whenever the request's host matches PRODUCTION_HOSTNAME,
     * else the stored mode, else development.
     */
    async effectiveMode(hostname?: string): Promise<EnvironmentMode> {
      // The spec says "contains"; we match the domain or a subdomain of it, so that a look-alike such as
      // example.com.attacker.net is not taken for the production site.
      const host = hostname?.toLowerCase();
      if (productionHostname && host && (host === productionHostname || host.endsWith(`.${productionHostname}`))) return "production";
      return (await read<EnvironmentMode>("environmentMode")) ?? "development";
    },

    async brand(): Promise<Brand> {
      const overrides = (await read<Partial<Brand>>("brand")) ?? {};
      const merged = { ...defaultBrand.social, ...(overrides.social ?? {}) };
      // Only real https profile addresses count; a stored placeholder ('#') or anything else reads as "not set".
      const social = Object.fromEntries(SOCIAL_NETWORKS.map(({ key }) => [key, isSocialUrl(merged[key]) ? merged[key] : ""])) as Brand["social"];
      return { ...defaultBrand, ...overrides, social };
    },

    /** The three figures of the home page, or the defaults until an admin saves others. */
    async homeStats(): Promise<HomeStat[]> {
      const stored = await read<HomeStatsInput["stats"]>("homeStats");
      return Array.isArray(stored) && stored.length === 3 ? stored.map(({ value, label }) => ({ value, label })) : DEFAULT_HOME_STATS.map((s) => ({ ...s }));
    },
    setHomeStats: (stats: HomeStatsInput["stats"]) => write("homeStats", stats.map(({ value, label }) => ({ value, label }))),

    /** A legal page's text: the admin's saved text, or the default text until one is saved. */
    async legalPage(page: LegalPageKey): Promise<LegalPage> {
      const stored = await read<{ body: string; updatedAt: string }>(`legal.${page}`);
      const { title, path } = LEGAL_META[page];
      if (stored && typeof stored.body === "string") return { page, title, path, body: stored.body, updatedAt: stored.updatedAt, isDefault: false };
      return { page, title, path, body: LEGAL_DEFAULTS[page], updatedAt: LEGAL_DEFAULT_UPDATED_AT, isDefault: true };
    },
    async setLegalPage(page: LegalPageKey, body: string, now = new Date()): Promise<void> {
      await write(`legal.${page}`, { body, updatedAt: now.toISOString() });
    },

    spotlightId: () => read<number>("pressSpotlightId").then((v) => (typeof v === "number" ? v : null)),
    // jsonb null would be SQL NULL in a not-null column: clearing the choice deletes the row.
    setSpotlightId: async (id: number | null) => {
      changes("settings:pressSpotlightId");
      if (id === null) {
        await db.delete(settings).where(eq(settings.key, "pressSpotlightId"));
        forgetRequestMemo(snapshotKey);
      } else await write("pressSpotlightId", id);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
