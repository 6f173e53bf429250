import { AuditTab } from "~/components/admin/audit-tab";
import { screenMeta } from "~/lib/dashboard-screen";

export const meta = screenMeta("audit");

/** '/admin/audit': the audit trail, filtered and paged as the admin asks, and its verification. */
export default function AuditScreen() {
  return <AuditTab />;
}
