import { requirePageRole } from "~/lib/guards.server";
import type { Route } from "./+types/admin";

export const meta = () => [{ title: "Admin Dashboard | Meridian Crest Holdings" }, { name: "robots", content: "noindex" }];

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageRole(context, request, "admin");
  return { user };
}

export default function Admin() {
  return (
    <div className="mx-auto max-w-7xl px-6 pb-20 pt-36">
      <h1 className="font-display text-3xl font-semibold text-navy-950">Admin Dashboard</h1>
    </div>
  );
}
