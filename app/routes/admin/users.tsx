import { useDashboard } from "~/components/admin/dashboard-data";
import { UsersTab } from "~/components/admin/users-tab";
import { screenMeta } from "~/lib/dashboard-screen";

export const meta = screenMeta("users");

/** '/admin/users': the accounts, searched and paged as the admin asks. */
export default function UsersScreen() {
  const { userId } = useDashboard();
  return <UsersTab currentUserId={userId} />;
}
