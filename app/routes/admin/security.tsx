import { SecurityTab } from "~/components/admin/security-tab";
import { screenData } from "~/lib/dashboard-screen.server";
import { screenMeta } from "~/components/admin/screen-meta";
import type { Route } from "./+types/security";

export const meta = screenMeta("security");

export const loader = ({ context, request }: Route.LoaderArgs) => screenData(context, request, "security");

/** '/admin/security': sign-ins, resets, confirmations and role changes. */
export default function SecurityScreen({ loaderData }: Route.ComponentProps) {
  return <SecurityTab loaded={loaderData} />;
}
