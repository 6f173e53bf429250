import type { AppLoadContext } from "react-router";
import { auditLog } from "../../server/features/audit/routes";
import { securityLog } from "../../server/features/security-events/routes";
import { settingsReads } from "../../server/features/settings/routes";
import type { Services } from "../../server/features";
import { auditEndpoints } from "../../shared/api/audit";
import { outboxEndpoints } from "../../shared/api/outbox";
import { securityEventEndpoints } from "../../shared/api/security-events";
import { userEndpoints } from "../../shared/api/users";
import { CONTACT_PAGE_SIZE } from "~/components/admin/contact/use-contact-list";
import { requirePageRole } from "./guards.server";

/**
 * What each dashboard screen with a list of its own shows first (the first page, nothing searched or filtered), read
 * on the server with the same service calls its API reads make, so a screen opens with its data and its Refresh asks
 * the API for the same answer. The portfolio, press and alerts screens have none here: they show what the dashboard's
 * layout loads, and the alerts screen's sections read their own lists.
 */
const FIRST_VIEWS = {
  contact: ({ contact }: Services) => contact.page({ view: "inbox", limit: CONTACT_PAGE_SIZE, offset: 0 }),
  documents: async ({ dataRoomAdmin, documents, documentAdmin }: Services) => {
    const [docs, categories, counts] = await Promise.all([dataRoomAdmin.all(), documents.categories({}), documentAdmin.accessCounts()]);
    return { docs, categories, counts };
  },
  applications: ({ applications }: Services) => applications.list(),
  outbox: ({ mail }: Services) => mail.list(outboxEndpoints.list.query.parse({})),
  security: (services: Services) => securityLog(services, securityEventEndpoints.list.query.parse({})),
  users: ({ userAdmin }: Services) => userAdmin.list(userEndpoints.list.query.parse({})),
  audit: (services: Services) => auditLog(services, auditEndpoints.list.query.parse({})),
  settings: async (services: Services, request: Request) => {
    const reads = settingsReads(services);
    const [environment, stats, legal, brand, preview] = await Promise.all([
      reads.environment(new URL(request.url).hostname),
      reads.stats(),
      reads.legal(),
      reads.brand(),
      reads.previewHours(),
    ]);
    return { environment, stats: stats.stats, legal: legal.pages, brand, previewHours: preview.hours };
  },
};

type FirstViews = typeof FIRST_VIEWS;

/**
 * A dashboard screen's first view: admins only (every screen checks, since a screen's data can be asked for on its
 * own), and null when it cannot be read, so the screen asks for it itself and shows the failure with its Retry.
 */
export async function screenData<S extends keyof FirstViews>(
  context: AppLoadContext,
  request: Request,
  screen: S,
): Promise<Awaited<ReturnType<FirstViews[S]>> | null> {
  requirePageRole(context, request, "admin");
  try {
    return (await FIRST_VIEWS[screen](context.services, request)) as Awaited<ReturnType<FirstViews[S]>>;
  } catch {
    return null;
  }
}
