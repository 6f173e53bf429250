import { redirect } from "react-router";
import { AppError } from "../../server/lib/errors";
import type { Route } from "./+types/press-detail";

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw redirect("/press-releases");
  try {
    return { release: await context.services.press.get(id) };
  } catch (err) {
    if (err instanceof AppError && err.code === "NOT_FOUND") throw redirect("/press-releases");
    throw err;
  }
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.release.title ?? "Press Release"} | Meridian Crest Holdings` }];

export default function PressDetail({ loaderData }: Route.ComponentProps) {
  const { release } = loaderData;
  return (
    <article className="mx-auto max-w-4xl px-6 pb-20 pt-36">
      <h1 className="font-display text-4xl font-semibold text-navy-950">{release.displayTitle ?? release.title}</h1>
      <div className="prose-press mt-8" dangerouslySetInnerHTML={{ __html: release.content }} />
    </article>
  );
}
