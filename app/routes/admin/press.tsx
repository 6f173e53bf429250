import { useDashboard } from "~/components/admin/dashboard-data";
import { PressTab } from "~/components/admin/press-tab";
import { screenMeta } from "~/components/admin/screen-meta";

export const meta = screenMeta("press");

/** '/admin/press': the press releases, the companies they name and the spotlight, which the dashboard's layout loads. */
export default function PressScreen() {
  const { releases, companies, spotlightId } = useDashboard();
  return <PressTab releases={releases} companies={companies} spotlightId={spotlightId} />;
}
