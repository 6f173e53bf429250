import { Router } from "express";
import { LEGAL_PAGES } from "../../shared/legal";
import { environmentSchema, homeStatsSchema, legalPageParam, spotlightSchema } from "../../shared/schemas";
import { homeStatsArabicSchema } from "../../shared/content-schemas";
import { settingsEndpoints } from "../../shared/api/settings";
import type { Answer } from "../http/answer";
import { publicRead } from "../http/cache-control";
import { adminOnly, requireUser } from "../http/guards";
import { AppError } from "../lib/errors";
import { parse } from "../http/validate";
import { previewLinkHoursSchema } from "../../shared/preview";
import type { Services } from "../services";
import { requestBy } from "../services/audit";
import { langParam } from "../services/content-locale";

/** /api/home-stats (public): the home page's three figures. */
export function homeStatsRoutes({ settings }: Services) {
  const router = Router();

  router.get("/", publicRead(), async (req, res) => {
    res.json({ stats: await settings.homeStats({ locale: langParam(req.query) ?? "en" }) });
  });

  return router;
}

/**
 * What the admin settings' reads answer, written once for their routes below and for the dashboard's settings screen
 * (which shows them all at once).
 */
export function settingsReads({ settings }: Pick<Services, "settings">) {
  type Read<K extends keyof typeof settingsEndpoints> = Promise<Answer<(typeof settingsEndpoints)[K]>>;
  return {
    brand: (): Read<"brand"> => settings.brand({ admin: true }) as Read<"brand">,
    stats: async (): Read<"stats"> => ({ stats: (await settings.homeStats()) as Answer<typeof settingsEndpoints.stats>["stats"] }),
    legal: async (): Read<"legal"> => ({
      pages: (await Promise.all(LEGAL_PAGES.map((p) => settings.legalPage(p)))) as Answer<typeof settingsEndpoints.legal>["pages"],
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
 * /api/admin/settings: the site settings an admin edits from the dashboard (each change recorded in the audit trail):
 *   GET/PUT /brand             the brand texts (name, tagline, address, phone, e-mail, social links)
 *   GET/PUT /spotlight         { id | null }: the release in the press list's spotlight card
 *   GET/PUT /stats             { stats: [{ value, label } x3] }: the home page's figures
 *   GET     /legal             the three legal pages (privacy, terms, cookies)
 *   PUT     /legal/:page       { body }: one legal page's text
 *   GET/PUT /environment       { mode }: development or production (GET adds the effective mode)
 *   GET/PUT /preview           { hours }: how long a new preview link works (1 to 720)
 */
export function settingsAdminRoutes({ settings, press }: Services) {
  const router = Router();
  const reads = settingsReads({ settings });

  router.get("/brand", adminOnly, async (_req, res) => {
    res.json(await reads.brand());
  });

  router.put("/brand", adminOnly, async (req, res) => {
    const { taglineAr, descriptionAr, addressAr, ...input } = parse(settingsEndpoints.saveBrand.body, req.body);
    // Only the validated keys are stored, so a body cannot plant other fields in the setting.
    await settings.saveBrand(input, { taglineAr, descriptionAr, addressAr }, requestBy(req, requireUser(res)));
    res.json(await reads.brand());
  });

  router.get("/spotlight", adminOnly, async (_req, res) => {
    res.json({ id: await settings.spotlightId() });
  });

  router.put("/spotlight", adminOnly, async (req, res) => {
    const { id } = parse(spotlightSchema, req.body);
    if (id !== null) await press.get(id); // 404 for an unknown release
    await settings.setSpotlightId(id, requestBy(req, requireUser(res)));
    res.json({ id });
  });

  router.get("/stats", adminOnly, async (_req, res) => {
    res.json(await reads.stats());
  });

  router.put("/stats", adminOnly, async (req, res) => {
    const { stats } = parse(homeStatsSchema, req.body);
    const arabic = parse(homeStatsArabicSchema, req.body).stats;
    await settings.setHomeStats(
      stats.map((s, i) => ({ ...s, labelAr: arabic?.[i]?.labelAr })),
      requestBy(req, requireUser(res)),
    );
    res.json(await reads.stats());
  });

  router.get("/legal", adminOnly, async (_req, res) => {
    res.json(await reads.legal());
  });

  router.put("/legal/:page", adminOnly, async (req, res) => {
    const page = legalPageParam.safeParse(req.params.page);
    if (!page.success) throw new AppError("NOT_FOUND", "errors.notFound");
    const { body, bodyAr } = parse(settingsEndpoints.saveLegal.body, req.body);
    await settings.setLegalPage(page.data, body, new Date(), bodyAr, requestBy(req, requireUser(res)));
    res.json(await settings.legalPage(page.data));
  });

  router.get("/environment", adminOnly, async (req, res) => {
    res.json(await reads.environment(req.hostname));
  });

  router.put("/environment", adminOnly, async (req, res) => {
    const { mode } = parse(environmentSchema, req.body);
    await settings.setEnvironmentMode(mode, requestBy(req, requireUser(res)));
    res.json({ mode });
  });

  router.get("/preview", adminOnly, async (_req, res) => {
    res.json(await reads.previewHours());
  });

  router.put("/preview", adminOnly, async (req, res) => {
    const { hours } = parse(previewLinkHoursSchema, req.body);
    await settings.setPreviewLinkHours(hours, requestBy(req, requireUser(res)));
    res.json({ hours });
  });

  return router;
}
