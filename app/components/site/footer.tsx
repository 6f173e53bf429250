import { ArrowUp } from "lucide-react";
import { Link } from "~/i18n/link";
import { useT } from "~/i18n/provider";
import { useRootData } from "~/hooks/use-root-data";
import { FOOTER_LINKS, NAV } from "~/lib/navigation";
import { brand as defaultBrand } from "../../../shared/brand";
import type { MessageId } from "../../../shared/i18n/messages";
import { LEGAL_META } from "../../../shared/legal";
import { NavEntryLink } from "./nav-entry-link";
import { SocialLinks } from "./social-links";

// The footer is on every page, so its texts are in the common catalog (pages of other areas do not load 'site').
const SECTORS: MessageId[] = [
  "common.footer.sector.logistics",
  "common.footer.sector.transportation",
  "common.footer.sector.energy",
  "common.footer.sector.foodSecurity",
  "common.footer.sector.finance",
];

const COLUMN_TITLE = "text-sm font-semibold uppercase tracking-widest text-gold-400";

/** A titled column of the footer. */
function Column({ title, className, children }: { title: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={className}>
      <h2 className={COLUMN_TITLE}>{title}</h2>
      {children}
    </div>
  );
}

export function SiteFooter() {
  const t = useT();
  const brand = useRootData()?.brand ?? defaultBrand;
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-white/10 bg-navy-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-8 gap-y-10 px-6 py-16 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <p className="font-display text-xl font-semibold text-white">{brand.name}</p>
          {/* Settings texts may still be English on Arabic pages: their own direction keeps the punctuation in place. */}
          <p className="mt-4 text-sm leading-relaxed text-slate-400">
            <bdi>{brand.description}</bdi>
          </p>
          <SocialLinks
            brand={brand}
            className="mt-6"
            iconClassName="h-4 w-4"
            linkClassName="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/5 text-slate-300 ring-1 ring-white/15 transition-colors hover:bg-gold-500 hover:text-navy-950"
          />
        </div>
        <Column title={t("common.footer.quickLinks")}>
          <ul className="mt-4 space-y-2 text-sm">
            {FOOTER_LINKS.map((l) => (
              <li key={l.label}>
                <NavEntryLink entry={l} className="hover:text-white" />
              </li>
            ))}
          </ul>
        </Column>
        <Column title={t("common.footer.sectors")}>
          <ul className="mt-4 space-y-2 text-sm">
            {SECTORS.map((s) => (
              <li key={s}>{t(s)}</li>
            ))}
          </ul>
        </Column>
        <Column title={t("common.footer.contact")} className="col-span-2 lg:col-span-1">
          <address className="mt-4 space-y-2 text-sm not-italic text-slate-400">
            <p>
              <bdi>{brand.address}</bdi>
            </p>
            {/* Phone numbers and e-mail addresses read left to right inside Arabic text. */}
            <p>
              <a className="hover:text-white" dir="ltr" href={`tel:${brand.phone.replace(/\s/g, "")}`}>
                {brand.phone}
              </a>
            </p>
            <p>
              <a className="hover:text-white" dir="ltr" href={`mailto:${brand.email}`}>
                {brand.email}
              </a>
            </p>
          </address>
        </Column>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-6 py-6 text-xs text-slate-400 md:flex-row">
          <p>{t("common.footer.rights", { year, brand: brand.name })}</p>
          <nav aria-label={t("common.footer.legal")} className="flex flex-wrap gap-x-5 gap-y-2">
            {(["privacy", "terms", "cookies"] as const).map((key) => (
              <Link key={key} to={LEGAL_META[key].path} className="hover:text-white">
                {t(LEGAL_META[key].titleId)}
              </Link>
            ))}
            <NavEntryLink entry={NAV.sitemap} className="hover:text-white" />
            <NavEntryLink entry={NAV.apiReference} className="hover:text-white" />
          </nav>
          <button
            type="button"
            onClick={() => window.scrollTo({ top: 0, behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" })}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-gold-500 text-navy-950 hover:bg-gold-400"
            aria-label={t("common.footer.top")}
          >
            <ArrowUp className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
      </div>
    </footer>
  );
}
