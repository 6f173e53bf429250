import { uploadsRoutes } from "./routes/uploads";
import { bindEndpoints } from "./client";

/** The admin's image uploads (multipart; see uploadTo in ~/lib/upload for progress). */
export const uploadsApi = bindEndpoints(uploadsRoutes);
