import { eq } from "drizzle-orm";
import {
  brand as defaultBrand,
  brandAr as defaultBrandAr,
  BRAND_ARABIC_FIELDS,
  DEFAULT_HOME_STATS,
  DEFAULT_STAT_LABELS_AR,
  isSocialUrl,
  SOCIAL_NETWORKS,
  type Brand,
  type HomeStat,
} from "../../../shared/brand";
import { LEGAL_DEFAULT_UPDATED_AT, LEGAL_META, type LegalPage, type LegalPageKey } from "../../../shared/legal";
import { LEGAL_DEFAULTS, LEGAL_DEFAULTS_AR } from "../../../shared/legal-text";
import { PREVIEW_LINK_HOURS } from "../../../shared/preview";
import { ALERT_RATE } from "../../../shared/alerts";
import type { AlertSettings } from "../../../shared/alerts-schemas";
import { translate } from "../../i18n";
import type { BrandInput, HomeStatsInput } from "../../../shared/schemas";
import type { BrandArabicInput } from "../../../shared/content-schemas";
import type { LocaleOption } from "../content/content-locale";
import type { Db } from "../../db/client";
import { settings } from "../../db/schema";
import type { AuditBy, AuditService } from "../audit/audit";
import { changes, dependsOn } from "../../lib/dependencies";
import { forgetRequestMemo, requestMemo } from "../../lib/request-metrics";

export type EnvironmentMode = "production" | "development";

/** The brand texts as `brand()` answers them, from the stored overrides (see there). */
function brandIn(stored: Partial<Brand>, opts: LocaleOption & { admin?: boolean }): Brand {
  const { taglineAr: _t, descriptionAr: _d, metaDescriptionAr: _m, addressAr: _a, contentLocale: _c, translation: _s, ...overrides } = stored;
  const merged = { ...defaultBrand.social, ...(overrides.social ?? {}) };
  // Only real https profile addresses count; a stored placeholder ('#') or anything else reads as "not set".
  const social = Object.fromEntries(SOCIAL_NETWORKS.map(({ key }) => [key, isSocialUrl(merged[key]) ? merged[key] : ""])) as Brand["social"];
  const english: Brand = { ...defaultBrand, ...overrides, social };
  const arabic = Object.fromEntries(
    BRAND_ARABIC_FIELDS.map((f) => {
      const saved = stored[`${f}Ar`];
      if (typeof saved === "string" && saved.trim()) return [f, saved];
      return [f, english[f] === defaultBrand[f] ? defaultBrandAr[f] : null];
    }),
  ) as Record<(typeof BRAND_ARABIC_FIELDS)[number], string | null>;
  const complete = BRAND_ARABIC_FIELDS.every((f) => arabic[f]);
  // No options: the English texts as they always were (every page's layout reads them).
  if (!opts.locale && !opts.admin) return english;
  if (!opts.locale) {
    return {
      ...english,
      taglineAr: arabic.tagline,
      descriptionAr: arabic.description,
      metaDescriptionAr: arabic.metaDescription,
      addressAr: arabic.address,
      translation: complete ? "complete" : "missing",
      contentLocale: "en",
    };
  }
  if (opts.locale === "ar" && complete) return { ...english, ...(arabic as Record<string, string>), contentLocale: "ar" };
  return { ...english, contentLocale: "en" };
}

type StoredLegalPage = { body: string; updatedAt: string; bodyAr?: string | null; updatedAtAr?: string };

/** A legal page as `legalPage()` answers it, from the stored texts (see there). */
function legalPageIn(page: LegalPageKey, stored: StoredLegalPage | undefined, opts: LocaleOption): LegalPage {
  const { titleId, path } = LEGAL_META[page];
  const [title, titleAr] = [translate("en", titleId), translate("ar", titleId)];
  const saved = stored && typeof stored.body === "string";
  const english = saved
    ? { page, title, path, body: stored.body, updatedAt: stored.updatedAt, isDefault: false }
    : { page, title, path, body: LEGAL_DEFAULTS[page], updatedAt: LEGAL_DEFAULT_UPDATED_AT, isDefault: true };
  const bodyAr = saved ? (typeof stored.bodyAr === "string" && stored.bodyAr ? stored.bodyAr : null) : LEGAL_DEFAULTS_AR[page];
  if (!opts.locale) return { ...english, titleAr, bodyAr, translation: bodyAr ? "complete" : "missing", contentLocale: "en" };
  if (opts.locale === "ar" && bodyAr)
    return { ...english, title: titleAr, body: bodyAr, updatedAt: (saved && stored.updatedAtAr) || english.updatedAt, contentLocale: "ar" };
  return { ...english, contentLocale: "en" };
}

/**
 * A setting's value as the audit trail compares it: an object as it is, anything else (a mode, an id, a list) under
 * the setting's name. Fields the new value no longer has are given as null, since a write replaces the whole value.
 */
function auditSides(key: string, before: unknown, after: unknown) {
  const asObject = (v: unknown): Record<string, unknown> =>
    v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : v === undefined ? {} : { [key]: v };
  const was = asObject(before);
  const now = asObject(after);
  return { before: was, after: { ...Object.fromEntries(Object.keys(was).map((k) => [k, null])), ...now } };
}

export function createSettingsService({ db, productionHostname, audit }: { db: Db; productionHostname?: string; audit?: AuditService }) {
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
  /**
   * Stores a setting (`value` undefined deletes it). With `by` (an admin's change) the write and its audit event are
   * one transaction, the old value read under the row's lock.
   */
  async function write(key: string, value: unknown, by?: AuditBy) {
    changes(`settings:${key}`);
    const store = (tx: Pick<Db, "insert" | "delete">) =>
      value === undefined
        ? tx.delete(settings).where(eq(settings.key, key))
        : tx
            .insert(settings)
            .values({ key, value })
            .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    if (!by || !audit) await store(db);
    else
      await db.transaction(async (tx) => {
        const [old] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for("update");
        await store(tx);
        await audit.record({ ...by, action: "settings.update", entity: { type: "settings", id: key }, ...auditSides(key, old?.value, value) }, tx);
      });
    forgetRequestMemo(snapshotKey);
  }

  return {
    read,
    write,

    /** The stored mode, or null ('Not Set'). */
    environmentMode: () => read<EnvironmentMode>("environmentMode").then((v) => v ?? null),
    setEnvironmentMode: (mode: EnvironmentMode, by?: AuditBy) => write("environmentMode", mode, by),

    /** How many hours a new preview link works (the default until an admin chooses). */
    previewLinkHours: () => read<number>("previewLinkHours").then((v) => (typeof v === "number" ? v : PREVIEW_LINK_HOURS.default)),
    setPreviewLinkHours: (hours: number, by?: AuditBy) => write("previewLinkHours", hours, by),

    /** Alert e-mails per minute and whether calendar reminders are sent (the defaults until an admin chooses). */
    alertSettings: () =>
      read<Partial<AlertSettings>>("alerts").then((v) => ({
        perMinute: typeof v?.perMinute === "number" ? v.perMinute : ALERT_RATE.default,
        reminders: typeof v?.reminders === "boolean" ? v.reminders : true,
      })),
    setAlertSettings: (value: AlertSettings, by?: AuditBy) => write("alerts", value, by),

    /**
     * The mode a request runs in: production whenever the request's host matches PRODUCTION_HOSTNAME,
     * else the stored mode, else development.
     */
    async effectiveMode(hostname?: string): Promise<EnvironmentMode> {
      // The host must be the production hostname or a subdomain of it, not merely contain it, so that a look-alike
      // such as example.com.attacker.net is not taken for the production site.
      const host = hostname?.toLowerCase();
      if (productionHostname && host && (host === productionHostname || host.endsWith(`.${productionHostname}`))) return "production";
      return (await read<EnvironmentMode>("environmentMode")) ?? "development";
    },

    /**
     * The brand texts: English without options; with `admin` both languages and the translation status; in Arabic the
     * Arabic tagline, description, meta description and address when all four have Arabic (an admin's, or the
     * default Arabic while the English text is the default), else the English ones with contentLocale 'en'.
     */
    async brand(opts: LocaleOption & { admin?: boolean } = {}): Promise<Brand> {
      return brandIn((await read<Partial<Brand>>("brand")) ?? {}, opts);
    },

    /** Saves the brand texts; Arabic fields left out of `arabic` keep their saved value. */
    async saveBrand(input: BrandInput, arabic: Partial<BrandArabicInput> = {}, by?: AuditBy) {
      const stored = (await read<Record<string, unknown>>("brand")) ?? {};
      const kept = Object.fromEntries(["taglineAr", "descriptionAr", "addressAr"].filter((k) => typeof stored[k] === "string").map((k) => [k, stored[k]]));
      const given = Object.fromEntries(Object.entries(arabic).filter(([, v]) => v !== undefined));
      await write("brand", { ...input, ...kept, ...given }, by);
    },

    /**
     * The three figures of the home page, or the defaults until an admin saves others. In Arabic each label is its
     * Arabic (an admin's, or the default's) or the English one with contentLocale 'en'; without `locale`
     * (the admin) each has `labelAr` when it has Arabic.
     */
    async homeStats(opts: LocaleOption = {}): Promise<HomeStat[]> {
      const stored = await read<(HomeStatsInput["stats"][number] & { labelAr?: string | null })[]>("homeStats");
      const stats = Array.isArray(stored) && stored.length === 3 ? stored : DEFAULT_HOME_STATS;
      return stats.map(({ value, label, labelAr }) => {
        const arabic = (typeof labelAr === "string" && labelAr.trim() ? labelAr : null) ?? DEFAULT_STAT_LABELS_AR[label] ?? null;
        // English reads keep the figures' original shape ({ value, label }): a missing contentLocale is English.
        if (!opts.locale) return arabic ? { value, label, labelAr: arabic } : { value, label };
        if (opts.locale === "ar") return arabic ? { value, label: arabic, contentLocale: "ar" } : { value, label, contentLocale: "en" };
        return { value, label };
      });
    },
    /** `labelAr` of a figure: a text saves it, null clears it, absent keeps the saved one while the label is unchanged. */
    setHomeStats: async (stats: (HomeStatsInput["stats"][number] & { labelAr?: string | null })[], by?: AuditBy) => {
      const previous = (await read<{ label: string; labelAr?: string | null }[]>("homeStats")) ?? [];
      await write(
        "homeStats",
        stats.map(({ value, label, labelAr }, i) => {
          const kept = previous[i]?.label === label ? (previous[i]?.labelAr ?? undefined) : undefined;
          const ar = labelAr === undefined ? kept : labelAr;
          return ar === undefined ? { value, label } : { value, label, labelAr: ar };
        }),
        by,
      );
    },

    /**
     * A legal page's text: the admin's saved text, or the default text until one is saved. In Arabic: the saved
     * Arabic text, or the default Arabic while the English text is the default, else the English text
     * (contentLocale 'en'). Without `locale` (the admin) both texts and the translation status.
     */
    async legalPage(page: LegalPageKey, opts: LocaleOption = {}): Promise<LegalPage> {
      return legalPageIn(page, await read<StoredLegalPage>(`legal.${page}`), opts);
    },
    /** Saves a legal page's English text and, when given, its Arabic (null clears it; absent keeps the saved one). */
    async setLegalPage(page: LegalPageKey, body: string, now = new Date(), bodyAr?: string | null, by?: AuditBy): Promise<void> {
      const stored = await read<{ bodyAr?: string | null; updatedAtAr?: string }>(`legal.${page}`);
      const arabic =
        bodyAr === undefined
          ? stored?.bodyAr
            ? { bodyAr: stored.bodyAr, updatedAtAr: stored.updatedAtAr }
            : {}
          : bodyAr === null
            ? {}
            : { bodyAr, updatedAtAr: now.toISOString() };
      await write(`legal.${page}`, { body, updatedAt: now.toISOString(), ...arabic }, by);
    },

    spotlightId: () => read<number>("pressSpotlightId").then((v) => (typeof v === "number" ? v : null)),
    // jsonb null would be SQL NULL in a not-null column: clearing the choice deletes the row.
    setSpotlightId: (id: number | null, by?: AuditBy) => write("pressSpotlightId", id ?? undefined, by),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
