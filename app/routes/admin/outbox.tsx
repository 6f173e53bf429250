import { OutboxTab } from "~/components/admin/outbox-tab";
import { screenData } from "~/lib/dashboard-screen.server";
import { screenMeta } from "~/components/admin/screen-meta";
import type { Route } from "./+types/outbox";

export const meta = screenMeta("outbox");

export const loader = ({ context, request }: Route.LoaderArgs) => screenData(context, request, "outbox");

/** '/admin/outbox': the e-mails the site sent or is sending. */
export default function OutboxScreen({ loaderData }: Route.ComponentProps) {
  return <OutboxTab loaded={loaderData} />;
}
