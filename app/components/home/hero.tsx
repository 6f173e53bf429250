import { ArrowRight, ChevronDown, Pause, Play } from "lucide-react";
import * as React from "react";
import { AnchorLink } from "~/components/site/anchor-link";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { MessageId } from "../../../shared/i18n/messages";
import { BackgroundVideo } from "./background-video";
import { useReducedMotion } from "./motion";

export const SLIDE_INTERVAL_MS = 8000;

export const SLIDES: { id: string; headline: MessageId; text: MessageId; button: { label: MessageId; to: string } }[] = [
  { id: "impact", headline: "site.hero.slide1.headline", text: "site.hero.slide1.text", button: { label: "site.hero.slide1.button", to: "portfolio" } },
  { id: "ventures", headline: "site.hero.slide2.headline", text: "site.hero.slide2.text", button: { label: "site.hero.slide2.button", to: "leadership" } },
  { id: "value", headline: "site.hero.slide3.headline", text: "site.hero.slide3.text", button: { label: "site.hero.slide3.button", to: "contact" } },
];

/** A slide number with two digits ('01'), in the page's digits. */
const twoDigits = (f: ReturnType<typeof useFormat>, n: number) => `${n < 10 ? f.count(0) : ""}${f.count(n)}`;

export function Hero({ brandName }: { brandName: string }) {
  const t = useT();
  const f = useFormat();
  const reduced = useReducedMotion();
  const [active, setActive] = React.useState(0);
  const [paused, setPaused] = React.useState(false);
  const [hydrated, setHydrated] = React.useState(false);
  const autoplay = hydrated && !reduced && !paused;

  React.useEffect(() => setHydrated(true), []);

  // One timer per shown slide: a dot click restarts the 8 s count from the chosen slide.
  React.useEffect(() => {
    if (!autoplay) return;
    const t = window.setTimeout(() => setActive((i) => (i + 1) % SLIDES.length), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(t);
  }, [active, autoplay]);

  return (
    <section
      id="home"
      aria-roledescription={t("site.hero.carousel")}
      aria-label={t("site.hero.label")}
      data-hydrated={hydrated ? "true" : undefined}
      className="relative isolate flex min-h-[100svh] items-center overflow-hidden bg-navy-950 text-white"
    >
      <BackgroundVideo
        webm="/media/hero.webm"
        mp4="/media/hero.mp4"
        poster="/media/hero-poster.webp"
        priority
        className="absolute inset-0 -z-20 h-full w-full"
      />
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-r from-navy-950/95 rtl:bg-gradient-to-l via-navy-950/75 to-navy-950/35" />
      <div aria-hidden="true" className="absolute inset-x-0 bottom-0 -z-10 h-40 bg-gradient-to-t from-navy-950/80 to-transparent" />

      <div className="mx-auto w-full max-w-7xl px-6 pb-36 pt-36 md:pt-44">
        <h1 className="inline-flex items-center gap-3 text-xs font-semibold uppercase tracking-[0.3em] text-gold-400">
          <span aria-hidden="true" className="h-px w-10 bg-gold-400" />
          {brandName}
        </h1>
        <div className="mt-6 grid" aria-live={autoplay ? "off" : "polite"}>
          {SLIDES.map((slide, i) => {
            const shown = i === active;
            return (
              <div
                key={slide.id}
                role="group"
                aria-roledescription={t("site.hero.slide")}
                aria-label={t("site.hero.slideOf", { current: f.count(i + 1), total: f.count(SLIDES.length) })}
                aria-hidden={!shown}
                inert={!shown}
                data-active={shown ? "true" : undefined}
                className={cn(
                  "col-start-1 row-start-1 max-w-3xl transition-all duration-[800ms] ease-out",
                  shown ? "translate-y-0 opacity-100" : "pointer-events-none translate-y-4 opacity-0",
                )}
              >
                <h2 className="font-display text-[2.5rem] font-semibold leading-[1.08] tracking-tight sm:text-6xl lg:text-7xl">{t(slide.headline)}</h2>
                <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200 sm:text-xl">{t(slide.text)}</p>
                <AnchorLink
                  to={slide.button.to}
                  className="group mt-10 inline-flex h-12 items-center gap-2 rounded-md bg-gold-500 px-7 text-sm font-semibold uppercase tracking-wider text-navy-950 shadow-lg shadow-black/20 transition-colors hover:bg-gold-400"
                >
                  {t(slide.button.label)}
                  <ArrowRight
                    className="h-4 w-4 transition-transform group-hover:translate-x-1 rtl:-scale-x-100 rtl:group-hover:-translate-x-1"
                    aria-hidden="true"
                  />
                </AnchorLink>
              </div>
            );
          })}
        </div>
      </div>

      {/* Slide controls need JavaScript; without it the first slide simply stays. */}
      {hydrated ? (
        <div className="absolute inset-x-0 bottom-24 mx-auto flex w-full max-w-7xl items-center gap-4 px-6 sm:bottom-10">
          <div className="flex items-center gap-2" role="group" aria-label={t("site.hero.choose")}>
            {SLIDES.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                aria-label={t("site.hero.goTo", { number: f.count(i + 1) })}
                aria-current={i === active ? "true" : undefined}
                onClick={() => setActive(i)}
                className="group flex h-8 items-center px-1"
              >
                <span
                  className={cn(
                    "block h-1 rounded-full transition-all duration-500",
                    i === active ? "w-10 bg-gold-400" : "w-5 bg-white/40 group-hover:bg-white/70",
                  )}
                />
              </button>
            ))}
          </div>
          {reduced ? null : (
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? t("site.hero.play") : t("site.hero.pause")}
              className="inline-flex h-8 w-8 items-center justify-center rounded-full border border-white/30 text-white/80 hover:bg-white/10 hover:text-white"
            >
              {paused ? <Play className="h-3.5 w-3.5" aria-hidden="true" /> : <Pause className="h-3.5 w-3.5" aria-hidden="true" />}
            </button>
          )}
          <p className="ms-1 font-mono text-xs tracking-widest text-white/60" aria-hidden="true">
            {twoDigits(f, active + 1)} / {twoDigits(f, SLIDES.length)}
          </p>
        </div>
      ) : null}

      <AnchorLink
        to="stats"
        aria-label={t("site.hero.scrollDown")}
        className="absolute bottom-6 left-1/2 inline-flex h-11 w-11 -translate-x-1/2 animate-bounce items-center justify-center rounded-full border border-white/30 text-white/80 hover:bg-white/10 hover:text-white sm:bottom-8"
      >
        <ChevronDown className="h-5 w-5" aria-hidden="true" />
      </AnchorLink>
    </section>
  );
}
