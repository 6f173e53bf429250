import { ApplicationsTab } from "~/components/admin/applications-tab";
import { screenData } from "~/lib/dashboard-screen.server";
import { screenMeta } from "~/components/admin/screen-meta";
import type { Route } from "./+types/applications";

export const meta = screenMeta("applications");

export const loader = ({ context, request }: Route.LoaderArgs) => screenData(context, request, "applications");

/** '/admin/applications': the applications for investor access and their decisions. */
export default function ApplicationsScreen({ loaderData }: Route.ComponentProps) {
  return <ApplicationsTab loaded={loaderData} />;
}
