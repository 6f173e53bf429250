import { AlertsTab } from "~/components/admin/alerts/alerts-tab";
import { useDashboard } from "~/components/admin/dashboard-data";
import { screenMeta } from "~/components/admin/screen-meta";

export const meta = screenMeta("alerts");

/** '/admin/alerts': investor alerts (subscribers, what was sent, the calendar, the settings); each section reads its own list. */
export default function AlertsScreen() {
  const { releases } = useDashboard();
  return <AlertsTab releases={releases} />;
}
