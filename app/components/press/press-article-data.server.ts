import type { AppLoadContext } from "react-router";
import { pressPath } from "~/components/press/press-card";
import { localizePath, type Locale } from "../../../shared/i18n/locales";
import { companyBlurb, hasFixedBlurb } from "../../../shared/company-blurbs";
import type { PressReleaseDto } from "../../../server/features/press/press-dto";
import { SCHEDULE_ZONE } from "../../../shared/publication";
import { instantToWallTime } from "../../../shared/zoned-time";

/**
 * What a release's page shows, from a release read in the page's language: the public page and the admin preview
 * build it the same way, so a preview looks exactly like the page it becomes.
 */
export async function pressArticleData(release: PressReleaseDto, context: AppLoadContext) {
  const { press } = context.services;
  // The sidebar is secondary: if it fails, the release still shows.
  const company = release.company?.trim() ?? "";
  const [related, about] = await Promise.all([
    press.related(release, undefined, { locale: context.locale }).catch(() => []),
    aboutCompany(company, context.services, context.locale).catch(() => ""),
  ]);
  const { id: releaseId, title, displayTitle, summary, content, date, sector, category, image, originalUrl, updatedAt } = release;
  // The language the release is written in (missing: English), for `lang` on Arabic pages.
  const contentLocale = release.contentLocale ?? null;
  return {
    // What the page and its meta tags show; the flags and the logo stay on the server.
    release: {
      id: releaseId,
      title,
      displayTitle,
      summary,
      content,
      date,
      company: release.company,
      sector,
      category,
      image,
      originalUrl,
      updatedAt,
      correctedAt: release.correctedAt,
      // The day of the correction in Cairo (the company's clock), whatever the reader's zone: 'Updated on' shows it.
      correctedOn: release.correctedAt ? instantToWallTime(release.correctedAt, SCHEDULE_ZONE).wall.slice(0, 10) : null,
      correctionNote: release.correctionNote,
      contentLocale,
    },
    related: related.map((r) => ({
      id: r.id,
      title: r.title,
      date: r.date,
      image: r.image,
      contentLocale: r.contentLocale ?? null,
    })),
    about,
    origin: context.origin,
    url: `${context.origin}${localizePath(pressPath(release.id), context.locale)}`,
  };
}

export type PressArticleData = Awaited<ReturnType<typeof pressArticleData>>;

/**
 * The 'About' card's text: the company's fixed blurb, or the brand's own description for a release of the
 * holding itself, or the company's portfolio description (read only when needed).
 */
async function aboutCompany(company: string, { settings, portfolio }: AppLoadContext["services"], locale: Locale): Promise<string> {
  if (!company || hasFixedBlurb(company)) return companyBlurb(company, undefined, locale);
  const brand = await settings.brand({ locale });
  if (company.toLowerCase() === brand.name.toLowerCase()) return companyBlurb(company, brand.description, locale);
  return companyBlurb(company, await portfolio.descriptionOf(company, { locale }), locale);
}
