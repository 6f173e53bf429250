import { Router } from "express";
import type { Services } from "../services";

/**
 * POST /api/extract-url { url } (admin) -> { title, summary, content, date, image, logo, category }.
 * Implemented in the admin issue.
 */
export function extractRoutes(_services: Services) {
  return Router();
}
