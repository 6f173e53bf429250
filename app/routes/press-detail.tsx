import { redirect } from "react-router";
import { PressAlertsLink } from "~/components/alerts/press-alerts-link";
import { NOT_FOUND_PARAM } from "~/components/press/list-params";
import { PressArticle } from "~/components/press/press-article";
import { pressArticleData } from "~/components/press/press-article-data.server";
import { absoluteUrl, brandName, clip } from "~/components/press/seo";
import { metaT } from "~/i18n/meta";
import { isAppError } from "~/lib/errors.server";
import { localizePath } from "../../shared/i18n/locales";
import type { Route } from "./+types/press-detail";
import { publicPageHeaders } from "../../shared/cache-policy";

export async function loader({ context, params }: Route.LoaderArgs) {
  // Only plain positive integers are ids; anything else, and an id with no release, goes back to the list,
  // which then says the release was not found.
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : NaN;
  const list = `${localizePath("/press-releases", context.locale)}?${NOT_FOUND_PARAM}=1`;
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw redirect(list);
  const { press } = context.services;
  let release;
  try {
    release = await press.get(id, { locale: context.locale });
  } catch (err) {
    if (isAppError(err, "NOT_FOUND")) throw redirect(list);
    throw err;
  }
  return pressArticleData(release, context);
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = brandName(matches);
  if (!data) return [{ title: t("site.pressDetail.metaTitle", { brand: site }) }];
  const { release, url, origin } = data;
  const headline = release.displayTitle ?? release.title;
  const description = clip(release.summary);
  const image = release.image ? absoluteUrl(origin, release.image) : null;
  return [
    { title: t("site.pressDetail.metaTitleRelease", { headline, brand: site }) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: site },
    { property: "og:title", content: headline },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:alt", content: headline },
        ]
      : []),
    { property: "article:published_time", content: release.date },
    { property: "article:modified_time", content: release.updatedAt },
    ...(release.category ? [{ property: "article:section", content: release.category }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: headline },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        inLanguage: t.locale,
        headline: headline.slice(0, 110),
        description,
        datePublished: release.date,
        dateModified: release.updatedAt,
        mainEntityOfPage: { "@type": "WebPage", "@id": url },
        url,
        ...(image ? { image: [image] } : {}),
        ...(release.category ? { articleSection: release.category } : {}),
        ...(release.company ? { about: { "@type": "Organization", name: release.company } } : {}),
        author: { "@type": "Organization", name: site, url: origin },
        publisher: { "@type": "Organization", name: site, url: origin, logo: { "@type": "ImageObject", url: absoluteUrl(origin, "/favicon.svg") } },
      },
    },
  ];
}

export default function PressDetail({ loaderData }: Route.ComponentProps) {
  return <PressArticle data={loaderData} asideEnd={<PressAlertsLink />} />;
}

/** The same for every anonymous visitor: stored by the page cache and shared caches. */
export const headers = publicPageHeaders;
