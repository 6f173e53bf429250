import { SettingsTab } from "~/components/admin/settings-tab";
import { screenData } from "~/lib/dashboard-screen.server";
import { screenMeta } from "~/components/admin/screen-meta";
import type { Route } from "./+types/settings";

export const meta = screenMeta("settings");

export const loader = ({ context, request }: Route.LoaderArgs) => screenData(context, request, "settings");

/** '/admin/settings': the website's settings. */
export default function SettingsScreen({ loaderData }: Route.ComponentProps) {
  return <SettingsTab loaded={loaderData} />;
}
