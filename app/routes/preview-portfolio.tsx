import { data } from "react-router";
import { Portfolio } from "~/components/home/portfolio";
import { ErrorPanel } from "~/components/site/not-found-panel";
import { PreviewPage } from "~/components/site/preview-page";
import { metaT } from "~/i18n/meta";
import { useT } from "~/i18n/provider";
import { isAppError } from "~/lib/errors.server";
import { requirePageRole } from "~/lib/guards.server";
import type { PublicationState } from "../../shared/publication";
import { PREVIEW_FRAME_PARAM, PREVIEW_HEADERS } from "../../shared/preview";
import type { Route } from "./+types/preview-portfolio";

/**
 * A portfolio company, in any publication state, exactly as the home page's portfolio section will show it, for an
 * admin (signed in with a second factor, as for the dashboard), in English and Arabic ('/ar/preview/portfolio/:id'),
 * at a desktop's or a phone's width. Companies have no page of their own, so they have no preview links.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  requirePageRole(context, request, "admin");
  const frame = new URL(request.url).searchParams.get(PREVIEW_FRAME_PARAM) === "1";
  const id = /^\d{1,10}$/.test(params.id) && Number(params.id) <= 2_147_483_647 ? Number(params.id) : null;
  try {
    if (id === null) throw new Error("not an id");
    const company = await context.services.portfolio.getAny(id, { locale: context.locale });
    return data({ kind: "company" as const, company, frame }, { headers: PREVIEW_HEADERS });
  } catch (err) {
    if (id !== null && !isAppError(err, "NOT_FOUND")) throw err;
    return data({ kind: "gone" as const }, { status: 404, headers: PREVIEW_HEADERS });
  }
}

/** Every answer carries the preview headers (the server sets them again for every /preview path). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers(loaderHeaders);
  for (const [name, value] of Object.entries(PREVIEW_HEADERS)) out.set(name, value);
  return out;
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const robots = { name: "robots", content: "noindex" };
  if (loaded?.kind !== "company") return [{ title: t("site.preview.goneMetaTitle") }, robots];
  return [{ title: t("site.preview.metaTitle", { headline: loaded.company.name }) }, robots];
}

export default function PortfolioPreview({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.kind === "gone") return <ErrorPanel code={404} title={t("site.preview.goneTitle")} text={t("site.preview.missingCompany")} />;
  const { company, frame } = loaderData;
  const section = <Portfolio state={{ status: "ready", items: [company] }} onRetry={() => {}} />;
  if (frame) return section;
  return (
    <PreviewPage headline={company.name} publication={company.publication as PublicationState} publishAt={company.publishAt}>
      {section}
    </PreviewPage>
  );
}
