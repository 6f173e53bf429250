import { PressArticle } from "~/components/press/press-article";
import { ErrorPanel } from "~/components/site/not-found-panel";
import { PreviewPage } from "~/components/preview/preview-page";
import { metaT } from "~/i18n/meta";
import { useT } from "~/i18n/provider";
import { loadPreview } from "~/lib/preview.server";
import type { PublicationState } from "../../shared/publication";
import { PREVIEW_HEADERS } from "../../shared/preview";
import type { Route } from "./+types/preview";

/**
 * A press release exactly as its page will look, in any publication state, for two kinds of reader:
 * - `/preview/press/:id`: an admin (signed in with a second factor, as for the dashboard);
 * - `/preview/:token`: anyone holding a preview link, until it expires or is revoked.
 * Both in English and Arabic ('/ar/preview/...'). A link that does not open a preview (unknown, expired or revoked)
 * answers one and the same 404 page, so nothing tells which it was. `?view=phone` shows the page in a frame at a
 * phone's width; the frame loads the same address with `?frame=1`, which leaves the banner out.
 */
export function loader({ context, params, request }: Route.LoaderArgs) {
  return loadPreview(context, request, params as { id?: string; token?: string });
}

/** Every preview answer, found or not, carries the preview headers (the server sets them again, whatever a route says). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers(loaderHeaders);
  for (const [name, value] of Object.entries(PREVIEW_HEADERS)) out.set(name, value);
  return out;
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const robots = { name: "robots", content: "noindex" };
  if (loaded?.kind !== "article") return [{ title: t("site.preview.goneMetaTitle") }, robots];
  const { release } = loaded.article;
  return [{ title: t("site.preview.metaTitle", { headline: release.displayTitle ?? release.title }) }, robots];
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.kind === "limited") return <ErrorPanel code={429} title={t("site.preview.limitedTitle")} text={t("site.preview.limited")} />;
  if (loaderData.kind === "gone") {
    return <ErrorPanel code={404} title={t("site.preview.goneTitle")} text={loaderData.admin ? t("site.preview.missing") : t("site.preview.gone")} />;
  }
  if (loaderData.frame) return <PressArticle data={loaderData.article} />;
  return <ReleasePreview article={loaderData.article} publication={loaderData.publication} publishAt={loaderData.publishAt} />;
}

function ReleasePreview({
  article,
  publication,
  publishAt,
}: {
  article: Parameters<typeof PressArticle>[0]["data"];
  publication: PublicationState;
  publishAt: string | null;
}) {
  return (
    <PreviewPage headline={article.release.displayTitle ?? article.release.title} publication={publication} publishAt={publishAt}>
      <PressArticle data={article} />
    </PreviewPage>
  );
}
