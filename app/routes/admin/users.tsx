import { useDashboard } from "~/components/admin/dashboard-data";
import { UsersTab } from "~/components/admin/users-tab";
import { screenData } from "~/lib/dashboard-screen.server";
import { screenMeta } from "~/components/admin/screen-meta";
import type { Route } from "./+types/users";

export const meta = screenMeta("users");

export const loader = ({ context, request }: Route.LoaderArgs) => screenData(context, request, "users");

/** '/admin/users': the accounts, newest first; searched and filtered in the browser. */
export default function UsersScreen({ loaderData }: Route.ComponentProps) {
  const { userId } = useDashboard();
  return <UsersTab currentUserId={userId} loaded={loaderData} />;
}
