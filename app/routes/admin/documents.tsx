import { DocumentsTab } from "~/components/admin/documents/documents-tab";
import { screenData } from "~/lib/dashboard-screen.server";
import { screenMeta } from "~/components/admin/screen-meta";
import type { Route } from "./+types/documents";

export const meta = screenMeta("documents");

export const loader = ({ context, request }: Route.LoaderArgs) => screenData(context, request, "documents");

/** '/admin/documents': the investor library and data room. */
export default function DocumentsScreen({ loaderData }: Route.ComponentProps) {
  return <DocumentsTab loaded={loaderData} />;
}
