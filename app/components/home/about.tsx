import { Globe2, Handshake, Lightbulb, TrendingUp } from "lucide-react";
import type * as React from "react";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { MessageId } from "../../../shared/i18n/messages";
import { BackgroundVideo } from "./background-video";
import { useRevealOnce } from "./motion";
import { SectionHeading } from "./section-heading";

const FEATURES = [
  { key: "presence", icon: Globe2, title: "site.about.feature.presence.title", text: "site.about.feature.presence.text" },
  { key: "returns", icon: TrendingUp, title: "site.about.feature.returns.title", text: "site.about.feature.returns.text" },
  { key: "partnerships", icon: Handshake, title: "site.about.feature.partnerships.title", text: "site.about.feature.partnerships.text" },
  { key: "innovation", icon: Lightbulb, title: "site.about.feature.innovation.title", text: "site.about.feature.innovation.text" },
] as const satisfies readonly { key: string; icon: unknown; title: MessageId; text: MessageId }[];

/** The two statements beside the introduction; their ids are anchors of the header's 'About Us' menu. */
const STATEMENTS = [
  { id: "mission", title: "site.about.mission.title", text: "site.about.mission.text" },
  { id: "vision", title: "site.about.vision.title", text: "site.about.vision.text" },
] as const satisfies readonly { id: string; title: MessageId; text: MessageId }[];

/** 10% visibility starts the entrance; each block follows the previous one by 0.2 s. */
const STAGGER_S = 0.2;

function Reveal({
  index,
  state,
  className,
  children,
}: {
  index: number;
  state: "static" | "waiting" | "shown";
  className?: string;
  children: React.ReactNode;
}) {
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
  const t = useT();
  const f = useFormat();
  const { ref, state } = useRevealOnce<HTMLDivElement>(0.1, { skipIfAlreadyVisible: true });
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-20 bg-slate-50 py-24 md:scroll-mt-28 lg:py-32">
      <div ref={ref} className="mx-auto max-w-7xl px-6">
        <div className="grid items-center gap-14 lg:grid-cols-12 lg:gap-16">
          <div className="lg:col-span-7">
            <Reveal index={0} state={state}>
              <SectionHeading id="about-title" align="left" eyebrow={t("site.about.eyebrow")} title={t("site.about.title")} />
              <div className="mt-6 space-y-4 text-base leading-relaxed text-slate-600 sm:text-lg">
                <p>{t("site.about.intro1", { brand: brandName })}</p>
                <p>{t("site.about.intro2")}</p>
              </div>
            </Reveal>
            <div className="mt-10 grid gap-6 sm:grid-cols-2">
              {STATEMENTS.map((statement, i) => (
                <Reveal key={statement.id} index={i + 1} state={state}>
                  <div className="h-full border-s-2 border-gold-500 ps-5">
                    <h3 id={statement.id} className="scroll-mt-28 font-display text-xl font-semibold text-navy-950 md:scroll-mt-36">
                      {t(statement.title)}
                    </h3>
                    <p className="mt-2 text-sm leading-relaxed text-slate-600 sm:text-base">{t(statement.text)}</p>
                  </div>
                </Reveal>
              ))}
            </div>
          </div>

          <Reveal index={1} state={state} className="lg:col-span-5">
            <div className="relative mx-auto max-w-md lg:max-w-none">
              <div className="aspect-[4/3] overflow-hidden rounded-2xl bg-navy-950 shadow-2xl shadow-navy-950/20 ring-1 ring-navy-900/10 lg:aspect-[4/5]">
                <BackgroundVideo
                  webm="/media/about.webm"
                  mp4="/media/about.mp4"
                  poster="/media/about-poster.webp"
                  playOnlyWhenVisible
                  className="h-full w-full"
                />
              </div>
              <div className="absolute -bottom-6 start-4 rounded-xl bg-navy-950 px-6 py-5 text-white shadow-xl ring-1 ring-white/10 sm:-start-6">
                <p>
                  <span className="block font-display text-4xl font-semibold lining-nums text-gold-400">
                    {t("site.about.yearsFigure", { years: f.count(20) })}
                  </span>{" "}
                  <span className="mt-1 block text-xs font-semibold uppercase tracking-[0.2em] text-slate-200">{t("site.about.years")}</span>
                </p>
              </div>
            </div>
          </Reveal>
        </div>

        <ul className="mt-20 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature, i) => (
            <li key={feature.key}>
              <Reveal index={i + 3} state={state} className="h-full">
                <div className="h-full rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition-shadow hover:shadow-md">
                  <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-navy-950 text-gold-400">
                    <feature.icon className="h-6 w-6" aria-hidden="true" />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold text-navy-950">{t(feature.title)}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{t(feature.text)}</p>
                </div>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
