import { Router } from "express";
import type { Services } from "../services";

/**
 * POST /api/uploads?kind=banner|logo|image (admin), multipart field "file".
 * 201 { url, width, height } | 400/413/415 { message }. Implemented in the admin issue.
 */
export function uploadRoutes(_services: Services) {
  return Router();
}
