import { ArrowUp } from "lucide-react";
import { Link } from "react-router";
import { useRootData } from "~/root";
import { brand as defaultBrand } from "../../../shared/brand";
import { LEGAL_META } from "../../../shared/legal";
import { AnchorLink } from "./anchor-link";
import { SocialLinks } from "./social-links";

const SECTORS = ["Logistics", "Transportation", "Energy", "Food Security", "Financial Services"];

export function SiteFooter() {
  const brand = useRootData()?.brand ?? defaultBrand;
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-white/10 bg-navy-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-8 gap-y-10 px-6 py-16 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <p className="font-display text-xl font-semibold text-white">{brand.name}</p>
          <p className="mt-4 text-sm leading-relaxed text-slate-400">{brand.description}</p>
          <SocialLinks
            brand={brand}
            className="mt-6"
            iconClassName="h-4 w-4"
            linkClassName="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/5 text-slate-300 ring-1 ring-white/15 transition-colors hover:bg-gold-500 hover:text-navy-950"
          />
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-widest text-gold-400">Quick Links</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li><AnchorLink to="home" className="hover:text-white">Home</AnchorLink></li>
            <li><AnchorLink to="about" className="hover:text-white">About Us</AnchorLink></li>
            <li><AnchorLink to="portfolio" className="hover:text-white">Investments</AnchorLink></li>
            <li><Link to="/press-releases" className="hover:text-white">Press Releases</Link></li>
            <li><AnchorLink to="contact" className="hover:text-white">Contact</AnchorLink></li>
            <li><Link to="/investor-portal" className="hover:text-white">Investor Portal</Link></li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-widest text-gold-400">Investment Sectors</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {SECTORS.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
        <div className="col-span-2 lg:col-span-1">
          <h2 className="text-sm font-semibold uppercase tracking-widest text-gold-400">Contact</h2>
          <address className="mt-4 space-y-2 text-sm not-italic text-slate-400">
            <p>{brand.address}</p>
            <p><a className="hover:text-white" href={`tel:${brand.phone.replace(/\s/g, "")}`}>{brand.phone}</a></p>
            <p><a className="hover:text-white" href={`mailto:${brand.email}`}>{brand.email}</a></p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-6 py-6 text-xs text-slate-400 md:flex-row">
          <p>© {year} {brand.name}. All rights reserved.</p>
          <nav aria-label="Legal" className="flex flex-wrap gap-x-5 gap-y-2">
            {(["privacy", "terms", "cookies"] as const).map((key) => (
              <Link key={key} to={LEGAL_META[key].path} className="hover:text-white">
                {LEGAL_META[key].title}
              </Link>
            ))}
            <Link to="/sitemap" className="hover:text-white">Sitemap</Link>
          </nav>
          <button
            type="button"
            onClick={() => window.scrollTo({ top: 0, behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" })}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-gold-500 text-navy-950 hover:bg-gold-400"
            aria-label="Scroll to top"
          >
            <ArrowUp className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
      </div>
    </footer>
  );
}
