import { portfolioRoutes } from "./routes/portfolio";
import { bindEndpoints } from "./client";

/** Portfolio companies: list and one company; the admin's create, update and delete. */
export const portfolioApi = bindEndpoints(portfolioRoutes);
