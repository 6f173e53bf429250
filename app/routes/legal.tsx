import { brandName } from "~/components/press/seo";
import { AnchorLink } from "~/components/site/anchor-link";
import { contentProps, untranslated } from "~/components/site/labels";
import { Link } from "~/i18n/link";
import { metaT } from "~/i18n/meta";
import { useFormat, useLocale, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { stripLocale } from "../../shared/i18n/locales";
import { LEGAL_META, LEGAL_PAGES, type LegalPageKey } from "../../shared/legal";
import { legalBlocks } from "../../shared/legal-text";
import type { Route } from "./+types/legal";
import { publicPageHeaders } from "../../shared/cache-policy";

/** /privacy, /terms and /cookies (and their /ar/ copies): one module, the page is picked by the path. */
const pageFor = (pathname: string): LegalPageKey =>
  LEGAL_PAGES.find((p) => LEGAL_META[p].path === stripLocale(pathname.replace(/\/+$/, "") || "/")) ?? "privacy";

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await context.services.settings.legalPage(pageFor(new URL(request.url).pathname), { locale: context.locale });
  return { page, origin: context.origin };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page, origin } = loaderData;
  const t = metaT(matches);
  return [
    { title: t("site.legal.metaTitle", { title: t(LEGAL_META[page.page].titleId), brand: brandName(matches) }) },
    { name: "description", content: t(LEGAL_META[page.page].summaryId) },
    { tagName: "link", rel: "canonical", href: `${origin}${t.path(page.path)}` },
  ];
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const t = useT();
  const f = useFormat();
  const locale = useLocale();
  const blocks = legalBlocks(page.body);
  // The text an admin wrote (or the default) is in English until an Arabic text is stored.
  const text = page as typeof page & { contentLocale?: string | null };
  return (
    <div className="min-h-screen bg-slate-50">
      <section className="bg-navy-950 pb-16 pt-32 text-white md:pt-40">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <p className="text-xs font-semibold uppercase tracking-[0.28em] text-gold-400">{t("site.legal.eyebrow")}</p>
          <h1 className="mt-3 font-display text-3xl font-semibold sm:text-4xl">{t(LEGAL_META[page.page].titleId)}</h1>
          <p className="mt-3 text-sm text-navy-200">
            {t.rich("site.legal.updated", { date: <time dateTime={page.updatedAt}>{f.date(page.updatedAt)}</time> })}
          </p>
          {untranslated(text, locale) ? <p className="mt-2 text-sm text-navy-200">{t("common.translationMissing")}</p> : null}
        </div>
      </section>

      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
        <nav aria-label={t("site.legal.pages")} className="mb-10 flex flex-wrap gap-2">
          {LEGAL_PAGES.map((p) => (
            <Link
              key={p}
              to={LEGAL_META[p].path}
              aria-current={p === page.page ? "page" : undefined}
              className={cn(
                "rounded-full border px-4 py-1.5 text-sm font-medium transition-colors",
                p === page.page ? "border-navy-900 bg-navy-900 text-white" : "border-slate-300 bg-white text-navy-900 hover:border-gold-500",
              )}
            >
              {t(LEGAL_META[p].titleId)}
            </Link>
          ))}
        </nav>

        {/* Plain text rendered as React text nodes: an admin's text can never inject markup. */}
        <article
          {...contentProps(text, locale)}
          className="rounded-2xl border border-slate-200 bg-white px-6 py-8 text-[0.975rem] leading-relaxed text-slate-700 shadow-sm sm:px-10 sm:py-10"
        >
          {blocks.map((b, i) =>
            b.kind === "heading" ? (
              <h2 key={i} className="mb-3 mt-9 font-display text-xl font-semibold text-navy-950 first:mt-0">
                {b.text}
              </h2>
            ) : b.kind === "list" ? (
              <ul key={i} className="mb-5 list-disc space-y-2 ps-6 marker:text-gold-600">
                {b.items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </ul>
            ) : (
              <p key={i} className="mb-5 break-words">
                {b.text}
              </p>
            ),
          )}
        </article>

        <p className="mt-8 text-sm text-slate-600">
          {t.rich("site.legal.questions", {
            link: (chunks) => (
              <AnchorLink to="contact" className="font-semibold text-navy-800 underline-offset-2 hover:underline">
                {chunks}
              </AnchorLink>
            ),
          })}
        </p>
      </div>
    </div>
  );
}

/** The same for every anonymous visitor: stored by the page cache and shared caches. */
export const headers = publicPageHeaders;
