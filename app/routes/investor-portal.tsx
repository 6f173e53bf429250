import { requirePageUser } from "~/lib/guards.server";
import type { Route } from "./+types/investor-portal";

export const meta = () => [{ title: "Investor Portal | Meridian Crest Holdings" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  const hasAccess = user.role === "investor" || user.role === "admin";
  return { user, hasAccess, documents: hasAccess ? await context.services.documents.listFor(user) : [] };
}

export default function InvestorPortal({ loaderData }: Route.ComponentProps) {
  const { user, hasAccess, documents } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-6 pb-20 pt-36">
      <h1 className="font-display text-3xl font-semibold text-navy-950">Welcome, {user.fullName ?? user.username ?? user.email}</h1>
      {hasAccess ? (
        <ul className="mt-6">
          {documents.map((d) => (
            <li key={d.id}>{d.title}</li>
          ))}
        </ul>
      ) : (
        <div className="mt-6">
          <h2 className="text-xl font-semibold">Investor Access Required</h2>
          <p>You don't currently have investor access. Please apply for investor status to access this portal's full features and documents.</p>
        </div>
      )}
    </div>
  );
}
