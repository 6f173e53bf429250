import { ArrowRight, Calendar } from "lucide-react";
import { Link } from "react-router";
import { formatDate } from "~/lib/format";
import { cn, sectorLabel } from "~/lib/utils";
import type { PressCard as PressCardRow } from "../../../server/services/press";
import { PressImage } from "./press-image";

/** What a card on the press list (and the spotlight above it) shows. */
export type PressListCard = Pick<PressCardRow, "id" | "title" | "summary" | "date" | "company" | "sector" | "image">;

export const toPressListCard = ({ id, title, summary, date, company, sector, image }: PressListCard): PressListCard => ({ id, title, summary, date, company, sector, image });

export const pressPath = (id: number) => `/press-releases/${id}`;

/**
 * A release in the list grid. The title is the card's one link; its ::after covers the card, so the
 * whole card is clickable while keyboard and screen-reader users meet a single, well-named link.
 */
export function PressCard({ release, priority = false, className, linkRef }: { release: PressListCard; priority?: boolean; className?: string; linkRef?: React.Ref<HTMLAnchorElement> }) {
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
          <span className="absolute left-4 top-4 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-navy-900 shadow-sm">{sectorLabel(release.sector)}</span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-medium text-slate-500">
          {release.company ? <span className="font-semibold uppercase tracking-wider text-gold-700">{release.company}</span> : null}
          <span className="inline-flex items-center gap-1.5">
            <Calendar className="h-3.5 w-3.5" aria-hidden="true" />
            <time dateTime={release.date}>{formatDate(release.date)}</time>
          </span>
        </div>
        <h3 className="mt-3 font-display text-xl font-semibold leading-snug text-navy-950">
          <Link
            ref={linkRef}
            to={pressPath(release.id)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-hover:text-navy-700"
          >
            {release.title}
          </Link>
        </h3>
        <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-slate-600">{release.summary}</p>
        <span className="mt-auto inline-flex items-center gap-1.5 pt-5 text-sm font-semibold text-navy-800 group-hover:text-gold-700" aria-hidden="true">
          Read More <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-1" />
        </span>
      </div>
    </article>
  );
}
