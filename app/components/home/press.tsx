import { ArrowRight, CalendarDays } from "lucide-react";
import { untranslated, useContentProps, useSectorLabel } from "~/components/site/labels";
import { Link } from "~/i18n/link";
import { useFormat, useLocale, useT } from "~/i18n/provider";
import { PressImage } from "~/components/press/press-image";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";
import type { HomePress, PressState } from "./content";
import { SectionHeading } from "./section-heading";

/** The built-in releases (negative ids) have no page of their own; they lead to the list. */
const hrefFor = (p: HomePress) => (p.id > 0 ? `/press-releases/${p.id}` : "/press-releases");

function SectorBadge({ sector, className }: { sector: string | null; className?: string }) {
  const label = useSectorLabel();
  if (!sector) return null;
  return <span className={cn("rounded-full bg-gold-100 px-3 py-1 text-xs font-semibold text-gold-800 ring-1 ring-gold-300", className)}>{label(sector)}</span>;
}

function ReadMore({ release, className }: { release: HomePress; className?: string }) {
  const t = useT();
  // The link covers the whole card (after:inset-0), so the card is one click target with one accessible name.
  return (
    <Link
      to={hrefFor(release)}
      className={cn(
        "inline-flex items-center gap-1.5 text-sm font-semibold text-navy-900 after:absolute after:inset-0 after:rounded-2xl after:content-[''] group-hover:text-gold-700",
        className,
      )}
    >
      {t("site.press.readMore")}
      <span className="sr-only">{t("site.press.readMoreOf", { title: release.title })}</span>
      <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-1 rtl:-scale-x-100 rtl:group-hover:-translate-x-1" aria-hidden="true" />
    </Link>
  );
}

function DateLine({ date, short = false, className }: { date: string; short?: boolean; className?: string }) {
  const f = useFormat();
  return (
    <p className={cn("inline-flex items-center gap-1.5 text-xs font-medium text-slate-500", className)}>
      <CalendarDays className="h-3.5 w-3.5" aria-hidden="true" />
      <time dateTime={date}>{f.date(date, { short })}</time>
    </p>
  );
}

/** A full card: the featured release, or one of three in the grid. */
function PressCard({ release, large = false }: { release: HomePress; large?: boolean }) {
  const content = useContentProps()(release);
  return (
    <article
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition duration-300 focus-within:ring-2 focus-within:ring-gold-500 hover:-translate-y-1 hover:shadow-xl hover:shadow-navy-950/10",
      )}
    >
      <PressImage src={release.image} alt="" className={large ? "aspect-[16/9]" : undefined} priority={false} />
      <div className={cn("flex flex-1 flex-col", large ? "p-8" : "p-6")}>
        <div className="flex flex-wrap items-center gap-3">
          <SectorBadge sector={release.sector} />
          <DateLine date={release.date} />
        </div>
        <h3 {...content} className={cn("mt-4 font-display font-semibold leading-snug text-navy-950", large ? "text-2xl sm:text-3xl" : "text-xl")}>
          {release.title}
        </h3>
        <div className="mt-3 flex-1">
          <p {...content} className={cn("leading-relaxed text-slate-600", large ? "text-base" : "line-clamp-3 text-sm")}>
            {release.summary}
          </p>
        </div>
        <ReadMore release={release} className="mt-6" />
      </div>
    </article>
  );
}

/** A compact card beside the featured one (short month in the date). */
function SideCard({ release }: { release: HomePress }) {
  const content = useContentProps()(release);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition duration-300 focus-within:ring-2 focus-within:ring-gold-500 hover:-translate-y-1 hover:shadow-xl hover:shadow-navy-950/10 sm:flex-row lg:flex-col xl:flex-row">
      <PressImage src={release.image} alt="" className="sm:w-2/5 sm:shrink-0 lg:w-full xl:aspect-auto xl:w-2/5" />
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center gap-3">
          <SectorBadge sector={release.sector} />
          <DateLine date={release.date} short />
        </div>
        <h3 {...content} className="mt-3 font-display text-lg font-semibold leading-snug text-navy-950">
          {release.title}
        </h3>
        <div className="mt-2 flex-1">
          <p {...content} className="line-clamp-3 text-sm leading-relaxed text-slate-600">
            {release.summary}
          </p>
        </div>
        <ReadMore release={release} className="mt-4" />
      </div>
    </article>
  );
}

function ViewAll() {
  const t = useT();
  return (
    <Button asChild size="lg" variant="default" className="rounded-md">
      <Link to="/press-releases">
        {t("site.press.viewAll")} <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
      </Link>
    </Button>
  );
}

export function PressReleases({ state }: { state: PressState }) {
  const t = useT();
  const locale = useLocale();
  const items = state.items ?? [];
  const inEnglish = items.some((item) => untranslated(item, locale));
  const featured = items.find((p) => p.featured);
  // At most one release is featured; the others take the places beside it.
  const beside = featured ? items.filter((p) => p !== featured).slice(0, 2) : [];

  return (
    <section id="press-releases" aria-labelledby="press-title" className="scroll-mt-20 bg-slate-50 py-24 md:scroll-mt-28 lg:py-32">
      <div className="mx-auto max-w-7xl px-6">
        <SectionHeading id="press-title" eyebrow={t("site.press.eyebrow")} title={t("site.press.title")} subtitle={t("site.press.homeSubtitle")} />
        {inEnglish ? <p className="mt-4 text-center text-sm text-slate-500">{t("common.translationMissing")}</p> : null}
        <div className="mt-16" aria-busy={state.status === "loading"}>
          {state.status === "loading" ? (
            <div className="grid gap-8 md:grid-cols-3">
              <span className="sr-only">{t("site.press.loading")}</span>
              {[0, 1, 2].map((i) => (
                <div key={i} data-testid="press-skeleton" className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
                  <Skeleton className="aspect-[16/10] rounded-none" />
                  <div className="space-y-3 p-6">
                    <Skeleton className="h-4 w-1/3" />
                    <Skeleton className="h-6 w-full" />
                    <Skeleton className="h-4 w-5/6" />
                  </div>
                </div>
              ))}
            </div>
          ) : items.length === 0 ? (
            <div className="mx-auto max-w-xl rounded-2xl border border-dashed border-slate-300 bg-white px-8 py-14 text-center">
              <p className="text-lg text-slate-600">{t("site.press.emptyText")}</p>
            </div>
          ) : featured ? (
            <div className="grid gap-8 lg:grid-cols-5" data-layout="featured">
              <div className="lg:col-span-3">
                <PressCard release={featured} large />
              </div>
              {beside.length > 0 ? (
                <div className="grid gap-8 lg:col-span-2 lg:grid-rows-2">
                  {beside.map((p) => (
                    <SideCard key={p.id} release={p} />
                  ))}
                </div>
              ) : null}
            </div>
          ) : (
            <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3" data-layout="grid">
              {items.map((p) => (
                <PressCard key={p.id} release={p} />
              ))}
            </div>
          )}
        </div>
        <div className="mt-14 flex justify-center">
          <ViewAll />
        </div>
      </div>
    </section>
  );
}
