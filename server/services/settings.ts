import { eq } from "drizzle-orm";
import { brand as defaultBrand, type Brand } from "../../shared/brand";
import type { Db } from "../db/client";
import { settings } from "../db/schema";

export type EnvironmentMode = "production" | "development";

export function createSettingsService({ db, productionHostname }: { db: Db; productionHostname?: string }) {
  async function read<T>(key: string): Promise<T | undefined> {
    const [row] = await db.select().from(settings).where(eq(settings.key, key));
    return row?.value as T | undefined;
  }
  async function write(key: string, value: unknown) {
    await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
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
      return { ...defaultBrand, ...overrides, social: { ...defaultBrand.social, ...(overrides.social ?? {}) } };
    },

    spotlightId: () => read<number>("pressSpotlightId").then((v) => (typeof v === "number" ? v : null)),
    // jsonb null would be SQL NULL in a not-null column: clearing the choice deletes the row.
    setSpotlightId: async (id: number | null) => {
      if (id === null) await db.delete(settings).where(eq(settings.key, "pressSpotlightId"));
      else await write("pressSpotlightId", id);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
