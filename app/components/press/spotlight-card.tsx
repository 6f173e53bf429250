import { Sparkles } from "lucide-react";
import { useContentProps, useSectorLabel } from "~/components/site/labels";
import { Link } from "~/i18n/link";
import { useT } from "~/i18n/provider";
import type { PressListCard } from "./press-card";
import { pressPath, ReadMoreCue, ReleaseMeta } from "./press-card";
import { PressImage } from "./press-image";

/** The release admins chose to spotlight, shown above the grid on 'All' without a search. */
export function SpotlightCard({ release }: { release: PressListCard }) {
  const t = useT();
  const sectorLabel = useSectorLabel();
  const content = useContentProps()(release);
  return (
    <section aria-labelledby="spotlight-heading" className="mb-12">
      <h2 id="spotlight-heading" className="sr-only">
        {t("site.pressList.spotlight")}
      </h2>
      <article
        data-testid="spotlight"
        className="group relative grid overflow-hidden rounded-2xl bg-navy-950 text-white shadow-xl ring-1 ring-navy-900 focus-within:ring-2 focus-within:ring-gold-500 lg:grid-cols-5"
      >
        <PressImage src={release.image} alt="" priority className="lg:col-span-3 lg:aspect-auto lg:min-h-[22rem]" sizes="(min-width: 1024px) 60vw, 100vw" />
        <div className="flex flex-col justify-center p-7 sm:p-10 lg:col-span-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="inline-flex items-center gap-1.5 rounded-full bg-gold-500 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-navy-950">
              <Sparkles className="h-3.5 w-3.5" aria-hidden="true" /> {t("site.pressList.spotlight")}
            </span>
            {release.sector ? (
              <span className="rounded-full border border-white/25 px-3 py-1 text-xs font-medium text-white/85">{sectorLabel(release.sector)}</span>
            ) : null}
          </div>
          <ReleaseMeta company={release.company} date={release.date} className="mt-5 text-white/70" companyClassName="text-gold-400" />
          <h3 {...content} className="mt-3 font-display text-2xl font-semibold leading-tight sm:text-3xl">
            <Link to={pressPath(release.id)} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
              {release.title}
            </Link>
          </h3>
          <p {...content} className="mt-4 leading-relaxed text-white/75">
            {release.summary}
          </p>
          <ReadMoreCue className="mt-7 gap-2 self-start rounded-md bg-white px-5 py-2.5 text-sm font-semibold text-navy-950 transition-colors group-hover:bg-gold-400" />
        </div>
      </article>
    </section>
  );
}
