import { Router } from "express";
import { investorApplicationSchema, environmentSchema, idParam } from "../../shared/schemas";
import { adminOnly, currentUser, requireUser, signedIn } from "../http/guards";
import { AppError } from "../lib/errors";
import { parse, parseId } from "../http/validate";
import type { Services } from "../services";

export function documentRoutes({ documents }: Services) {
  const router = Router();

  router.get("/document-categories", signedIn, async (_req, res) => {
    res.json(await documents.categories());
  });

  router.get("/documents", signedIn, async (_req, res) => {
    res.set("Cache-Control", "private, no-store");
    res.json(await documents.listFor(requireUser(res)));
  });

  router.get("/documents/:id/download", async (req, res, next) => {
    if (!currentUser(res)) {
      // Anonymous visitors get 401 whatever the id; an attempt on an Investor Only document is logged as refused.
      const id = idParam.safeParse(req.params.id);
      if (id.success) await documents.recordAnonymousAttempt(id.data, { ip: req.ip });
    }
    const user = requireUser(res);
    const file = await documents.openForDownload(user, parseId(req.params.id, "Document not found"), { ip: req.ip });
    res.set("Cache-Control", "private, no-store");
    res.set("X-Content-Type-Options", "nosniff");
    res.type(file.contentType);
    res.attachment(file.fileName);
    res.sendFile(file.filePath, { dotfiles: "deny", headers: { "Content-Type": file.contentType } }, (err) => {
      if (err && !res.headersSent) {
        // The error answer is JSON, not a file to save.
        res.removeHeader("Content-Type");
        res.removeHeader("Content-Disposition");
        next((err as { status?: number }).status === 404 ? new AppError("NOT_FOUND", "Document not found") : err);
      }
    });
  });

  return router;
}

export function applicationRoutes({ applications }: Services) {
  const router = Router();

  router.get("/investor-applications/mine", signedIn, async (_req, res) => {
    res.json(await applications.latestFor(requireUser(res).id));
  });

  router.post("/investor-applications", signedIn, async (req, res) => {
    const input = parse(investorApplicationSchema, req.body);
    res.status(201).json(await applications.submit(requireUser(res), input));
  });

  router.get("/investor-applications", adminOnly, async (_req, res) => {
    res.json(await applications.list());
  });

  for (const [action, decision] of [
    ["approve", "approved"],
    ["reject", "rejected"],
  ] as const) {
    router.post(`/investor-applications/:id/${action}`, adminOnly, async (req, res) => {
      res.json(await applications.review(parseId(req.params.id, "Application not found"), requireUser(res), decision));
    });
  }

  return router;
}

export function settingsRoutes({ settings }: Services) {
  const router = Router();

  router.get("/settings/environment", adminOnly, async (req, res) => {
    res.json({ mode: await settings.environmentMode(), effectiveMode: await settings.effectiveMode(req.hostname) });
  });

  router.put("/settings/environment", adminOnly, async (req, res) => {
    const { mode } = parse(environmentSchema, req.body);
    await settings.setEnvironmentMode(mode);
    res.json({ mode });
  });

  return router;
}
