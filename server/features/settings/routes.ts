import { LEGAL_PAGES } from "../../../shared/legal";
import { homeStatsSchema } from "../../../shared/schemas";
import { homeStatsArabicSchema } from "../../../shared/content-schemas";
import { settingsEndpoints as endpoints } from "../../../shared/api/settings";
import { endpoint, endpointRouter } from "../../http/endpoint";
import type { Answer } from "../../http/answer";
import { adminOnly, requireUser } from "../../http/guards";
import { parse } from "../../http/validate";
import type { Services } from "../index";
import { requestBy } from "../audit/audit";

/** /api/home-stats (public): the home page's three figures, in the language asked for (`?lang=`). */
export function homeStatsRoutes({ settings }: Services) {
  return endpointRouter("/api/home-stats", [
    endpoint(endpoints.homeStats, async ({ query }) => ({ stats: await settings.homeStats({ locale: query.lang ?? "en" }) })),
  ]);
}

/**
 * What the admin settings' reads answer, written once for their routes below and for the dashboard's settings screen
 * (which shows them all at once).
 */
export function settingsReads({ settings }: Pick<Services, "settings">) {
  type Read<K extends keyof typeof endpoints> = Promise<Answer<(typeof endpoints)[K]>>;
  return {
    brand: (): Read<"brand"> => settings.brand({ admin: true }) as Read<"brand">,
    stats: async (): Read<"stats"> => ({ stats: (await settings.homeStats()) as Answer<typeof endpoints.stats>["stats"] }),
    legal: async (): Read<"legal"> => ({
      pages: (await Promise.all(LEGAL_PAGES.map((p) => settings.legalPage(p)))) as Answer<typeof endpoints.legal>["pages"],
    }),
    /** The chosen mode, and the one a request to `hostname` runs in (a production hostname always runs in production). */
    environment: async (hostname: string): Read<"environment"> => ({
      mode: await settings.environmentMode(),
      effectiveMode: await settings.effectiveMode(hostname),
    }),
    previewHours: async (): Read<"previewLinkHours"> => ({ hours: await settings.previewLinkHours() }),
  };
}

/**
 * /api/admin/settings: the site settings an admin edits from the dashboard, each change recorded in the audit trail:
 * the brand texts, the press list's spotlight, the home page's figures, the legal pages, the environment mode and how
 * long a new preview link works.
 */
export function settingsAdminRoutes({ settings, press }: Services) {
  const reads = settingsReads({ settings });
  const router = endpointRouter("/api/admin/settings", [
    endpoint(endpoints.brand, () => reads.brand()),
    endpoint(endpoints.saveBrand, async ({ body, user, req }) => {
      const { taglineAr, descriptionAr, addressAr, ...input } = body;
      // Only the validated keys are stored, so a body cannot plant other fields in the setting.
      await settings.saveBrand(input, { taglineAr, descriptionAr, addressAr }, requestBy(req, user));
      return reads.brand();
    }),
    endpoint(endpoints.spotlight, async () => ({ id: await settings.spotlightId() })),
    endpoint(endpoints.setSpotlight, async ({ body: { id }, user, req }) => {
      if (id !== null) await press.get(id); // 404 for an unknown release
      await settings.setSpotlightId(id, requestBy(req, user));
      return { id };
    }),
    endpoint(endpoints.stats, () => reads.stats()),
    endpoint(endpoints.legal, () => reads.legal()),
    endpoint(endpoints.saveLegal, async ({ params: { page }, body: { body, bodyAr }, user, req }) => {
      await settings.setLegalPage(page, body, new Date(), bodyAr, requestBy(req, user));
      return (await settings.legalPage(page)) as Answer<typeof endpoints.saveLegal>;
    }),
    endpoint(endpoints.environment, ({ req }) => reads.environment(req.hostname)),
    endpoint(endpoints.setEnvironment, async ({ body: { mode }, user, req }) => {
      await settings.setEnvironmentMode(mode, requestBy(req, user));
      return { mode };
    }),
    endpoint(endpoints.previewLinkHours, () => reads.previewHours()),
    endpoint(endpoints.setPreviewLinkHours, async ({ body: { hours }, user, req }) => {
      await settings.setPreviewLinkHours(hours, requestBy(req, user));
      return { hours };
    }),
  ]);

  // The figures read their English part, then their Arabic part, so a form's English mistakes are answered before its
  // Arabic ones. Written by hand: the contract's body checks both parts as one and merges what each part makes of a
  // figure (the English trimmed, the Arabic as sent), which it cannot do for a value with spaces around it.
  router.put("/stats", adminOnly, async (req, res) => {
    const { stats } = parse(homeStatsSchema, req.body);
    const arabic = parse(homeStatsArabicSchema, req.body).stats;
    await settings.setHomeStats(
      stats.map((s, i) => ({ ...s, labelAr: arabic?.[i]?.labelAr })),
      requestBy(req, requireUser(res)),
    );
    res.json(await reads.stats());
  });

  return router;
}
