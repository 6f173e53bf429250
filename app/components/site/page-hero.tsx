import type * as React from "react";
import { useRootData } from "~/hooks/use-root-data";
import { cn } from "~/lib/utils";
import { brand as defaultBrand } from "../../../shared/brand";

/**
 * The dark band at the top of a signed-in page (the investor portal, the account page): the brand, the page's
 * heading and a line of intro; the page's content starts over its lower edge.
 */
export function PageHero({
  title,
  intro,
  width,
  className,
  children,
}: {
  title: string;
  intro: string;
  width: "4xl" | "7xl";
  className?: string;
  children: React.ReactNode;
}) {
  const brand = useRootData()?.brand ?? defaultBrand;
  const max = width === "4xl" ? "max-w-4xl" : "max-w-7xl";
  return (
    <div className="min-h-screen bg-slate-50">
      <section className="relative overflow-hidden bg-navy-950 pb-24 pt-32 text-white sm:pt-40">
        <div
          className="pointer-events-none absolute inset-0 opacity-40"
          style={{ background: "radial-gradient(ellipse at 80% 0%, rgba(199,155,75,0.25), transparent 55%)" }}
          aria-hidden="true"
        />
        <div className={cn("relative mx-auto px-4 sm:px-6", max)}>
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">{brand.name}</p>
          <h1 className="mt-3 font-display text-4xl font-semibold sm:text-5xl">{title}</h1>
          <p className="mt-3 max-w-2xl text-base text-navy-100 sm:text-lg">{intro}</p>
        </div>
      </section>
      <div className={cn("relative mx-auto -mt-14 px-4 pb-24 sm:px-6", max, className)}>{children}</div>
    </div>
  );
}
