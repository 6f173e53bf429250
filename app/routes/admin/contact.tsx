import { ContactTab } from "~/components/admin/contact-tab";
import { screenData } from "~/lib/dashboard-screen.server";
import { screenMeta } from "~/components/admin/screen-meta";
import type { Route } from "./+types/contact";

export const meta = screenMeta("contact");

export const loader = ({ context, request }: Route.LoaderArgs) => screenData(context, request, "contact");

/** '/admin/contact': the messages sent with the website's contact form. */
export default function ContactScreen({ loaderData }: Route.ComponentProps) {
  return <ContactTab loaded={loaderData} />;
}
