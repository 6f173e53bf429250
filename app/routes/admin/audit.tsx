import { AuditTab } from "~/components/admin/audit-tab";
import { screenData } from "~/lib/dashboard-screen.server";
import { screenMeta } from "~/components/admin/screen-meta";
import type { Route } from "./+types/audit";

export const meta = screenMeta("audit");

export const loader = ({ context, request }: Route.LoaderArgs) => screenData(context, request, "audit");

/** '/admin/audit': the audit trail, newest first, filtered in the browser, and its verification. */
export default function AuditScreen({ loaderData }: Route.ComponentProps) {
  return <AuditTab loaded={loaderData} />;
}
