import { requirePageRole } from "~/lib/guards.server";
import type { Route } from "./+types/environment-setup";

export const meta = () => [{ title: "Environment Setup | Meridian Crest Holdings" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageRole(context, request, "admin");
  return { mode: await context.services.settings.environmentMode() };
}

export default function EnvironmentSetup({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-6 pb-20 pt-36">
      <h1 className="font-display text-3xl font-semibold text-navy-950">Environment Setup</h1>
      <p className="mt-4">Current mode: {loaderData.mode ?? "Not Set"}</p>
    </div>
  );
}
