import { Router } from "express";
import type { Services } from "../services";

/** Admin management of documents, categories and access logs. Implemented in the admin issue. */
export function manageDocumentRoutes(_services: Services) {
  return Router();
}
