import * as React from "react";
import { useFormat, useT } from "~/i18n/provider";
import { formatFixed, type Formatters } from "../../../shared/i18n/format";
import { DEFAULT_HOME_STATS, type HomeStat } from "../../../shared/brand";
import { useRevealOnce } from "./motion";
import { SectionHeading } from "./section-heading";

export const COUNTER_DURATION_MS = 1500;
const STEPS_PER_SECOND = 60;
/** The counters start one after the other, this far apart. */
const STAGGER_MS = 200;

/** A figure split around its number: '$1.2B' -> '$' 1.2 'B'. Null when there is no number to count ('Cairo'). */
export type Figure = { prefix: string; target: number; decimals: number; grouped: boolean; suffix: string };

export function parseFigure(value: string): Figure | null {
  const m = /^(\D*?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(.*)$/s.exec(value.trim());
  if (!m) return null;
  const [, prefix, whole, fraction = "", suffix] = m;
  // A second number ('2004-2024', '24/7') is not a single figure to count up to.
  if (/\d/.test(suffix)) return null;
  // A year ('2004', 'Since 2004') is a date, not an amount: counting up to it would read oddly.
  if (!fraction && !suffix.trim() && /^(18|19|20|21)\d\d$/.test(whole)) return null;
  const target = Number(`${whole.replace(/,/g, "")}${fraction ? `.${fraction}` : ""}`);
  if (!Number.isFinite(target) || target > Number.MAX_SAFE_INTEGER) return null;
  return { prefix, target, decimals: fraction.length, grouped: whole.includes(","), suffix };
}

/** The figure's prefix and number at step `n`, in the page's digits (`fixed` of its formatters; English by default). */
export function formatFigure(figure: Figure, n: number, fixed: Formatters["fixed"] = formatFixed): string {
  return `${figure.prefix}${fixed(n, figure.decimals, figure.grouped)}`;
}

/** Counts 0 -> target in 1.5 s at 60 steps a second once the band is shown. */
function useCountUp(target: number, decimals: number, delay: number, phase: "static" | "waiting" | "shown") {
  const [value, setValue] = React.useState(target);
  React.useEffect(() => {
    if (phase === "static") return setValue(target);
    if (phase === "waiting") return setValue(0);
    const steps = Math.round((COUNTER_DURATION_MS / 1000) * STEPS_PER_SECOND);
    const scale = 10 ** decimals;
    let step = 0;
    let interval: number | undefined;
    const start = window.setTimeout(() => {
      interval = window.setInterval(() => {
        step += 1;
        setValue(step >= steps ? target : Math.floor((target * scale * step) / steps) / scale);
        if (step >= steps) window.clearInterval(interval);
      }, 1000 / STEPS_PER_SECOND);
    }, delay);
    return () => {
      window.clearTimeout(start);
      window.clearInterval(interval);
    };
  }, [target, decimals, delay, phase]);
  return value;
}

// One figure height for every size, so the three labels line up whatever the figures say.
const figureClass =
  "order-1 flex min-h-16 items-center justify-center font-display font-semibold leading-none lining-nums tabular-nums text-navy-950 lg:min-h-[4.5rem]";
const sizeFor = (text: string) => (text.length <= 5 ? "text-6xl lg:text-7xl" : text.length <= 8 ? "text-5xl lg:text-6xl" : "text-4xl lg:text-5xl");

function CountingFigure({ stat, figure, delay, phase }: { stat: HomeStat; figure: Figure; delay: number; phase: "static" | "waiting" | "shown" }) {
  const value = useCountUp(figure.target, figure.decimals, delay, phase);
  const { fixed } = useFormat();
  return (
    <dd className={`${figureClass} ${sizeFor(stat.value)}`}>
      {/* Screen readers get the final figure, not every step of the count. A figure reads as typed ('20+') on Arabic pages too. */}
      <span aria-hidden="true" dir="ltr" data-counter={stat.label}>
        {formatFigure(figure, value, fixed)}
        {figure.suffix ? <span className="text-gold-600">{figure.suffix}</span> : null}
      </span>
      <span className="sr-only">{`${formatFigure(figure, figure.target, fixed)}${figure.suffix}`}</span>
    </dd>
  );
}

function Counter({ stat, index, phase }: { stat: HomeStat; index: number; phase: "static" | "waiting" | "shown" }) {
  const figure = parseFigure(stat.value);
  return (
    <div className="flex min-w-0 flex-col items-center px-6 py-8 text-center sm:py-4">
      <dt className="order-2 mt-3 text-sm font-semibold uppercase tracking-[0.2em] text-slate-600">{stat.label}</dt>
      {figure ? (
        <CountingFigure stat={stat} figure={figure} delay={index * STAGGER_MS} phase={phase} />
      ) : (
        // Words ('Cairo', 'Since 2004') are shown as written: there is nothing to count.
        <dd className={`${figureClass} ${sizeFor(stat.value)} break-words`}>
          <span data-counter={stat.label}>{stat.value}</span>
        </dd>
      )}
    </div>
  );
}

/** The figures last read from the server, so a client-side return to the home page shows them at once. */
let knownStats: HomeStat[] | null = null;
export const lastKnownStats = () => knownStats;

/** The page's figures: from the server render, else the last known ones, else fetched (defaults if that fails). */
function useHomeStats(fromLoader: HomeStat[] | null) {
  const [stats, setStats] = React.useState<HomeStat[] | null>(fromLoader ?? knownStats);
  React.useEffect(() => {
    if (fromLoader) {
      knownStats = fromLoader;
      setStats(fromLoader);
      return;
    }
    if (knownStats) return setStats(knownStats);
    const controller = new AbortController();
    // Only when the page came without its figures: the API client is loaded for it then.
    import("~/lib/api/settings")
      .then(({ settingsApi }) => settingsApi.homeStats({ init: { signal: controller.signal } }))
      .then((body) => {
        if (!Array.isArray(body?.stats) || body.stats.length !== 3) throw new Error("unexpected answer");
        knownStats = body.stats;
        setStats(body.stats);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Home: figures could not be loaded", err);
        setStats(DEFAULT_HOME_STATS);
      });
    return () => controller.abort();
  }, [fromLoader]);
  return stats;
}

/** The 'Global Impact' band: three figures an admin sets in Settings (defaults 7+, 6 and 20+). */
export function Stats({ stats: fromLoader }: { stats: HomeStat[] | null }) {
  const { ref, state } = useRevealOnce<HTMLDListElement>(0.3);
  const stats = useHomeStats(fromLoader);
  const t = useT();
  return (
    <section id="stats" aria-labelledby="stats-title" className="scroll-mt-20 bg-white py-24 md:scroll-mt-28 lg:py-28">
      <div className="mx-auto max-w-7xl px-6">
        <SectionHeading id="stats-title" eyebrow={t("site.stats.eyebrow")} title={t("site.stats.title")} subtitle={t("site.stats.subtitle")} />
        <dl
          ref={ref}
          data-state={state}
          aria-busy={stats ? undefined : true}
          className="mx-auto mt-16 grid max-w-5xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-slate-50/60 sm:grid-cols-3 sm:divide-x sm:divide-y-0"
        >
          {stats
            ? stats.map((s, i) => <Counter key={i} stat={s} index={i} phase={state} />)
            : DEFAULT_HOME_STATS.map((_, i) => (
                <div key={i} className="flex flex-col items-center px-6 py-8 sm:py-4" data-testid="stat-skeleton">
                  <dt className="order-2 mt-3 h-4 w-36 animate-pulse rounded bg-slate-200">
                    <span className="sr-only">{t("site.stats.loading")}</span>
                  </dt>
                  <dd className="order-1 h-16 w-24 animate-pulse rounded-lg bg-slate-200 lg:h-[4.5rem]" />
                </div>
              ))}
        </dl>
      </div>
    </section>
  );
}
