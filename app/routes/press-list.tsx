import { Link } from "react-router";
import type { Route } from "./+types/press-list";

export const meta = () => [{ title: "Press Releases | Meridian Crest Holdings" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { releases: await context.services.press.list({ limit: 10 }) };
}

export default function PressList({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-6 pb-20 pt-36">
      <h1 className="font-display text-4xl font-semibold text-navy-950">Press Releases</h1>
      <ul className="mt-8 space-y-3">
        {loaderData.releases.map((r) => (
          <li key={r.id}>
            <Link to={`/press-releases/${r.id}`}>{r.title}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
