import { contactRoutes } from "./routes/contact";
import { bindEndpoints } from "./client";

/** The contact form's message; the admin's inbox (one page, one message, read/archived, delete) and its CSV export. */
export const contactApi = bindEndpoints(contactRoutes);
