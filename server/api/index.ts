import express, { Router } from "express";
import { AppError } from "../lib/errors";
import type { Logger } from "../lib/logger";
import { apiErrorHandler } from "../http/errors";
import type { Services } from "../features";
import { loginRoutes, logoutRoutes, passwordResetRoutes, registerRoutes, userRoutes, verifyEmailRoutes } from "../features/accounts/auth-routes";
import { accountRoutes } from "../features/accounts/account-routes";
import { attentionRoutes } from "../features/attention/routes";
import { contactAdminRoutes, contactRoutes } from "../features/contact/routes";
import { applicationAdminRoutes, applicationRoutes } from "../features/applications/routes";
import { documentAdminRoutes, documentCategoryAdminRoutes } from "../features/documents/admin-routes";
import { documentCategoryRoutes, documentRoutes } from "../features/documents/routes";
import { confidentialityRoutes, documentOpenRoutes, documentViewRoutes } from "../features/data-room/routes";
import { confidentialityAdminRoutes, dataRoomAdminRoutes, readingAdminRoutes } from "../features/data-room/admin-routes";
import { extractRoutes } from "../features/extract/routes";
import { portfolioAdminRoutes, portfolioRoutes } from "../features/portfolio/routes";
import { pressAdminRoutes, pressRoutes } from "../features/press/routes";
import { searchRoutes } from "../features/search/routes";
import { homeStatsRoutes, settingsAdminRoutes } from "../features/settings/routes";
import { uploadRoutes } from "../features/uploads/routes";
import { importRoutes } from "../features/press/import-routes";
import { outboxRoutes } from "../features/mail/outbox-routes";
import { securityEventRoutes } from "../features/security-events/routes";
import { auditRoutes } from "../features/audit/routes";
import { revisionRoutes } from "../features/publication/revision-routes";
import { confirmIdentityRoutes, passkeyRoutes, twoFactorRoutes } from "../features/two-factor/routes";
import { userAdminRoutes } from "../features/user-admin/routes";
import { openApiRoutes } from "./openapi";
import { previewRoutes } from "../features/publication/preview-routes";
import { accountAlertRoutes, alertAdminRoutes, alertRoutes } from "../features/alerts/routes";
import { calendarAdminRoutes, calendarRoutes } from "../features/calendar/routes";
import { hasRole } from "../../shared/rules";
import { PRESS_BODY_LIMIT } from "../../shared/rich-text-limits";
import { currentUser } from "../http/guards";

/**
 * The REST API, mounted under /api: each router at its prefix, so this list reads as the API's URLs. Session and
 * origin checks run before it.
 */
export function apiRouter(services: Services, logger: Logger) {
  const api = Router();
  // A release's body carries its HTML and the editor's documents in both languages: an administrator's writes to
  // press releases are read with a larger limit (shared/rich-text-limits.ts); everyone else's with the usual one.
  const pressBody = express.json({ limit: PRESS_BODY_LIMIT });
  api.use(["/press-releases", "/admin/press-releases"], (req, res, next) => {
    const user = currentUser(res);
    if (user && hasRole(user, "admin")) return pressBody(req, res, next);
    next();
  });
  api.use(express.json({ limit: "200kb" }));
  api.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  // Anyone, or a signed-in account (each endpoint's access is in its contract, shared/api/).
  api.use("/openapi.json", openApiRoutes());
  api.use("/user", userRoutes(services));
  api.use("/login", loginRoutes(services));
  api.use("/register", registerRoutes(services));
  api.use("/logout", logoutRoutes(services));
  api.use("/password-reset", passwordResetRoutes(services));
  api.use("/verify-email", verifyEmailRoutes(services));
  api.use("/account/alerts", accountAlertRoutes(services));
  api.use("/account", accountRoutes(services));
  api.use("/account/confirm-identity", confirmIdentityRoutes(services));
  api.use("/account/two-factor", twoFactorRoutes(services));
  api.use("/account/passkeys", passkeyRoutes(services));
  api.use("/portfolio", portfolioRoutes(services));
  api.use("/press-releases", pressRoutes(services));
  api.use("/contact", contactRoutes(services));
  api.use("/documents", documentOpenRoutes(services));
  api.use("/documents", documentRoutes(services));
  api.use("/document-views", documentViewRoutes(services));
  api.use("/confidentiality", confidentialityRoutes(services));
  api.use("/document-categories", documentCategoryRoutes(services));
  api.use("/investor-applications", applicationRoutes(services));
  api.use("/home-stats", homeStatsRoutes(services));
  api.use("/search", searchRoutes(services));
  api.use("/extract-url", extractRoutes(services));
  api.use("/alerts", alertRoutes(services));
  api.use("/calendar", calendarRoutes(services));
  // Administrators only (a session that proved a second factor). The URLs the product specification fixes stay
  // with their resource above: press releases, portfolio, GET /api/contact and POST /api/extract-url.
  api.use("/admin/attention", attentionRoutes(services));
  api.use("/admin/contact-messages", contactAdminRoutes(services));
  api.use("/admin/documents", dataRoomAdminRoutes(services));
  api.use("/admin/documents", documentAdminRoutes(services));
  api.use("/admin/confidentiality", confidentialityAdminRoutes(services));
  api.use("/admin/document-categories", documentCategoryAdminRoutes(services));
  api.use("/admin/investor-applications", applicationAdminRoutes(services));
  api.use("/admin/settings", settingsAdminRoutes(services));
  api.use("/admin/uploads", uploadRoutes(services));
  api.use("/admin/outbox", outboxRoutes(services));
  api.use("/admin/security-events", securityEventRoutes(services));
  api.use("/admin/audit", auditRoutes(services));
  api.use("/admin/revisions", revisionRoutes(services));
  api.use("/admin/press-releases/import-docx", importRoutes());
  api.use("/admin/press-releases", pressAdminRoutes(services));
  api.use("/admin/portfolio", portfolioAdminRoutes(services));
  api.use("/admin/users", readingAdminRoutes(services));
  api.use("/admin/users", userAdminRoutes(services));
  api.use("/admin/preview-links", previewRoutes(services));
  api.use("/admin/calendar", calendarAdminRoutes(services));
  api.use("/admin", alertAdminRoutes(services));
  api.use(() => {
    throw new AppError("NOT_FOUND", "errors.notFound");
  });
  api.use(apiErrorHandler(logger));
  return api;
}
