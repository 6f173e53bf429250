import { Globe2, Handshake, Lightbulb, TrendingUp } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/utils";
import { BackgroundVideo } from "./background-video";
import { useRevealOnce } from "./motion";
import { SectionHeading } from "./section-heading";

const FEATURES = [
  { icon: Globe2, title: "Regional Presence", text: "Investments across Africa and the Middle East, backed by deep local networks and on-the-ground teams." },
  { icon: TrendingUp, title: "Consistent Returns", text: "A disciplined, long-term approach that has delivered steady value through every market cycle." },
  { icon: Handshake, title: "Strategic Partnerships", text: "We work alongside founders, co-investors and global partners to unlock the next stage of growth." },
  { icon: Lightbulb, title: "Innovation Focus", text: "We back businesses that use technology to transform traditional industries and everyday services." },
] as const;

/** 10% visibility starts the entrance; each block follows the previous one by 0.2 s (spec section 9). */
const STAGGER_S = 0.2;

function Reveal({ index, state, className, children }: { index: number; state: "static" | "waiting" | "shown"; className?: string; children: React.ReactNode }) {
  return (
    <div
      data-reveal={index}
      className={cn("transition-all duration-700 ease-out", state === "waiting" && "translate-y-6 opacity-0", className)}
      style={state === "shown" ? { transitionDelay: `${index * STAGGER_S}s` } : undefined}
    >
      {children}
    </div>
  );
}

export function About({ brandName }: { brandName: string }) {
  const { ref, state } = useRevealOnce<HTMLDivElement>(0.1, { skipIfAlreadyVisible: true });
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-20 bg-slate-50 py-24 md:scroll-mt-28 lg:py-32">
      <div ref={ref} className="mx-auto max-w-7xl px-6">
        <div className="grid items-center gap-14 lg:grid-cols-12 lg:gap-16">
          <div className="lg:col-span-7">
            <Reveal index={0} state={state}>
              <SectionHeading id="about-title" align="left" eyebrow="Who We Are" title="About Our Company" />
              <div className="mt-6 space-y-4 text-base leading-relaxed text-slate-600 sm:text-lg">
                <p>
                  {brandName} is a strategic investment holding company focused on high-growth businesses in emerging markets. Headquartered in
                  Cairo, Egypt, we partner with founders and management teams in technology, fintech, real estate and consumer goods across the
                  MENA region and Africa.
                </p>
                <p>
                  We pair patient capital with hands-on operational support, helping our companies scale responsibly and build lasting value for
                  shareholders, employees and the communities they serve.
                </p>
              </div>
            </Reveal>
            <div className="mt-10 grid gap-6 sm:grid-cols-2">
              <Reveal index={1} state={state}>
                <div className="h-full border-l-2 border-gold-500 pl-5">
                  <h3 id="mission" className="scroll-mt-28 font-display text-xl font-semibold text-navy-950 md:scroll-mt-36">
                    Our Mission
                  </h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600 sm:text-base">
                    To tackle real-world challenges and drive impactful growth by backing exceptional teams that build essential services in
                    logistics, transportation, energy, food security and finance.
                  </p>
                </div>
              </Reveal>
              <Reveal index={2} state={state}>
                <div className="h-full border-l-2 border-gold-500 pl-5">
                  <h3 id="vision" className="scroll-mt-28 font-display text-xl font-semibold text-navy-950 md:scroll-mt-36">
                    Our Vision
                  </h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600 sm:text-base">
                    To be the most trusted long-term investment partner in Africa and the Middle East, creating generational value through
                    disciplined capital and global partnerships.
                  </p>
                </div>
              </Reveal>
            </div>
          </div>

          <Reveal index={1} state={state} className="lg:col-span-5">
            <div className="relative mx-auto max-w-md lg:max-w-none">
              <div className="aspect-[4/3] overflow-hidden rounded-2xl bg-navy-950 shadow-2xl shadow-navy-950/20 ring-1 ring-navy-900/10 lg:aspect-[4/5]">
                <BackgroundVideo webm="/media/about.webm" mp4="/media/about.mp4" poster="/media/about-poster.webp" playOnlyWhenVisible className="h-full w-full" />
              </div>
              <div className="absolute -bottom-6 left-4 rounded-xl bg-navy-950 px-6 py-5 text-white shadow-xl ring-1 ring-white/10 sm:-left-6">
                <p>
                  <span className="block font-display text-4xl font-semibold lining-nums text-gold-400">20+</span>{" "}
                  <span className="mt-1 block text-xs font-semibold uppercase tracking-[0.2em] text-slate-200">Years of Excellence</span>
                </p>
              </div>
            </div>
          </Reveal>
        </div>

        <ul className="mt-20 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f, i) => (
            <li key={f.title}>
              <Reveal index={i + 3} state={state} className="h-full">
                <div className="h-full rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition-shadow hover:shadow-md">
                  <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-navy-950 text-gold-400">
                    <f.icon className="h-6 w-6" aria-hidden="true" />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold text-navy-950">{f.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{f.text}</p>
                </div>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
