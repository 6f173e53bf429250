import { AlertTriangle, ArrowUpRight, RotateCw } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { untranslated, useContentProps, useSectorLabel, useStatusLine } from "~/components/site/labels";
import { useLocale, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { displayCategory, displayYearAcquired, statusLine, websiteHref } from "../../../shared/portfolio-display";
import type { HomePortfolioItem, PortfolioState } from "./content";
import { SectionHeading } from "./section-heading";

export const SKELETON_CARDS = 6;

const STATUS_DOT: Record<string, string> = {
  Active: "bg-emerald-500",
  "Partial Exit": "bg-amber-500",
  "Full Exit": "bg-slate-400",
};

function PortfolioCard({ item }: { item: HomePortfolioItem }) {
  const t = useT();
  const sectorLabel = useSectorLabel();
  const status = useStatusLine();
  const content = useContentProps()(item);
  const href = websiteHref(item.website);
  const external = href !== "#";
  const category = displayCategory(item);
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition duration-300 hover:-translate-y-1 hover:shadow-xl hover:shadow-navy-950/10">
      <div className="relative aspect-[16/10] overflow-hidden bg-navy-900">
        {item.image ? (
          <img
            src={item.image}
            alt=""
            width={1200}
            height={750}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover transition duration-500 group-hover:scale-105"
          />
        ) : (
          <div aria-hidden="true" className="h-full w-full bg-gradient-to-br from-navy-800 to-navy-950" />
        )}
        <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-t from-navy-950/50 to-transparent" />
        <span className="absolute start-4 top-4 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-navy-900 shadow-sm">{sectorLabel(category)}</span>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 className="flex h-12 items-center">
          {item.companyLogo ? (
            <img
              src={item.companyLogo}
              alt={item.name}
              width={144}
              height={48}
              loading="lazy"
              decoding="async"
              className="-ms-2 h-12 w-36 max-w-[75%] object-contain object-left rtl:object-right"
            />
          ) : (
            <span dir="auto" className="font-display text-xl font-semibold uppercase tracking-[0.12em] text-navy-950">
              {item.name}
            </span>
          )}
        </h3>
        <p {...content} className="mt-4 flex-1 text-sm leading-relaxed text-slate-600">
          {item.description}
        </p>
        <div className="mt-6 flex items-center justify-between gap-3 border-t border-slate-100 pt-5 text-sm">
          <div>
            <p className="inline-flex items-center gap-2 font-semibold text-navy-900">
              <span aria-hidden="true" className={cn("h-2 w-2 rounded-full", STATUS_DOT[item.status] ?? "bg-slate-400")} />
              {status(item, statusLine(item))}
            </p>
            <p className="mt-0.5 text-xs text-slate-500">{t("site.portfolio.acquired", { year: displayYearAcquired(item) })}</p>
          </div>
          <a
            href={href}
            {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-semibold text-gold-700 hover:text-navy-950"
          >
            {t("site.portfolio.visit")}
            <ArrowUpRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
            <span className="sr-only">
              {external ? t("site.portfolio.visitOfNewTab", { name: item.name }) : t("site.portfolio.visitOf", { name: item.name })}
            </span>
          </a>
        </div>
      </div>
    </article>
  );
}

function SkeletonCard() {
  return (
    <div data-testid="portfolio-skeleton" className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <Skeleton className="aspect-[16/10] rounded-none" />
      <div className="space-y-3 p-6">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="mt-6 h-10 w-full" />
      </div>
    </div>
  );
}

export function Portfolio({ state, onRetry }: { state: PortfolioState; onRetry: () => void }) {
  const t = useT();
  const locale = useLocale();
  const inEnglish = state.status === "ready" && state.items.some((item) => untranslated(item, locale));
  return (
    <section id="portfolio" aria-labelledby="portfolio-title" className="scroll-mt-20 bg-white py-24 md:scroll-mt-28 lg:py-32">
      <div className="mx-auto max-w-7xl px-6">
        <SectionHeading id="portfolio-title" eyebrow={t("site.portfolio.eyebrow")} title={t("site.portfolio.title")} subtitle={t("site.portfolio.subtitle")} />
        {inEnglish ? <p className="mt-4 text-center text-sm text-slate-500">{t("common.translationMissing")}</p> : null}
        <div className="mt-16" aria-busy={state.status === "loading"} aria-live="polite">
          {state.status === "loading" ? (
            <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              <span className="sr-only">{t("site.portfolio.loading")}</span>
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <SkeletonCard key={i} />
              ))}
            </div>
          ) : state.status === "error" ? (
            <div role="alert" className="mx-auto flex max-w-lg flex-col items-center rounded-2xl border border-red-100 bg-red-50/60 px-8 py-12 text-center">
              <AlertTriangle className="h-8 w-8 text-red-500" aria-hidden="true" />
              <p className="mt-4 text-lg font-semibold text-navy-950">{t("site.portfolio.errorTitle")}</p>
              <p className="mt-1 text-sm text-slate-600">
                {state.httpStatus === null ? t("site.portfolio.errorLoad") : t("site.portfolio.errorHttp", { status: state.httpStatus })}
              </p>
              <Button onClick={onRetry} className="mt-6">
                <RotateCw className="h-4 w-4" aria-hidden="true" /> {t("site.portfolio.retry")}
              </Button>
            </div>
          ) : state.items.length === 0 ? (
            <p className="text-center text-slate-600">{t("site.portfolio.empty")}</p>
          ) : (
            <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {state.items.map((item) => (
                <li key={item.id}>
                  <PortfolioCard item={item} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
