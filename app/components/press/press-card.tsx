import { ArrowRight, Calendar } from "lucide-react";
import { useContentProps, useSectorLabel } from "~/components/site/labels";
import { Link } from "~/i18n/link";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { PressCard as PressCardRow } from "../../../server/features/press/press";
import { PressImage } from "./press-image";

/** What a card on the press list (and the spotlight above it) shows. */
export type PressListCard = Pick<PressCardRow, "id" | "title" | "summary" | "date" | "company" | "sector" | "image"> & {
  /** The language the title and summary are written in (missing: English). */
  contentLocale?: string | null;
};

export const toPressListCard = ({ id, title, summary, date, company, sector, image, contentLocale }: PressListCard): PressListCard => ({
  id,
  title,
  summary,
  date,
  company,
  sector,
  image,
  ...(contentLocale ? { contentLocale } : {}),
});

export const pressPath = (id: number) => `/press-releases/${id}`;

/**
 * The line above a release's title on the list, the spotlight and the search results: its company and its date.
 * `companyClassName` gives the company its colour on light or dark backgrounds.
 */
export function ReleaseMeta({
  company,
  date,
  className,
  companyClassName = "text-gold-700",
  as: Tag = "div",
}: {
  company: string | null;
  date: string;
  className?: string;
  companyClassName?: string;
  as?: "div" | "p";
}) {
  const f = useFormat();
  return (
    <Tag className={cn("flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-medium", className)}>
      {company ? (
        <span dir="auto" className={cn("font-semibold uppercase tracking-wider", companyClassName)}>
          {company}
        </span>
      ) : null}
      <span className="inline-flex items-center gap-1.5">
        <Calendar className="h-3.5 w-3.5" aria-hidden="true" />
        <time dateTime={date}>{f.date(date)}</time>
      </span>
    </Tag>
  );
}

/** 'Read More' with its arrow (mirrored on right-to-left pages); decoration, as the card's title is its link. */
export function ReadMoreCue({ className }: { className?: string }) {
  const t = useT();
  return (
    <span className={cn("inline-flex items-center gap-1.5", className)} aria-hidden="true">
      {t("site.press.readMore")}{" "}
      <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-1 rtl:-scale-x-100 rtl:group-hover:-translate-x-1" />
    </span>
  );
}

/**
 * A release in the list grid. The title is the card's one link; its ::after covers the card, so the
 * whole card is clickable while keyboard and screen-reader users meet a single, well-named link.
 */
export function PressCard({
  release,
  priority = false,
  className,
  linkRef,
}: {
  release: PressListCard;
  priority?: boolean;
  className?: string;
  linkRef?: React.Ref<HTMLAnchorElement>;
}) {
  const sectorLabel = useSectorLabel();
  const content = useContentProps()(release);
  return (
    <article
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition duration-300 focus-within:ring-2 focus-within:ring-gold-500 hover:-translate-y-1 hover:shadow-xl motion-reduce:hover:translate-y-0",
        className,
      )}
    >
      <div className="relative">
        <PressImage src={release.image} alt="" priority={priority} />
        {release.sector ? (
          <span className="absolute start-4 top-4 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-navy-900 shadow-sm">
            {sectorLabel(release.sector)}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-6">
        <ReleaseMeta company={release.company} date={release.date} className="text-slate-500" />
        <h3 {...content} className="mt-3 font-display text-xl font-semibold leading-snug text-navy-950">
          <Link
            ref={linkRef}
            to={pressPath(release.id)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-hover:text-navy-700"
          >
            {release.title}
          </Link>
        </h3>
        <p {...content} className="mt-3 line-clamp-3 text-sm leading-relaxed text-slate-600">
          {release.summary}
        </p>
        <ReadMoreCue className="mt-auto pt-5 text-sm font-semibold text-navy-800 group-hover:text-gold-700" />
      </div>
    </article>
  );
}
