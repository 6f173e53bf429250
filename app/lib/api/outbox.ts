import { outboxRoutes } from "./routes/outbox";
import { bindEndpoints } from "./client";

/** The Outbox (admin): every e-mail the site wrote, one message's body, retrying a failed one. */
export const outboxApi = bindEndpoints(outboxRoutes);
