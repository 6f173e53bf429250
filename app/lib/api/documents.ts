import { documentsRoutes } from "./routes/documents";
import { bindEndpoints } from "./client";

/** The document library: members' list, categories and download; the admin's uploads, edits, categories and access logs. */
export const documentsApi = bindEndpoints(documentsRoutes);
