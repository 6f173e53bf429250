import * as React from "react";
import { useRevealOnce } from "./motion";
import { SectionHeading } from "./section-heading";

export const COUNTER_DURATION_MS = 1500;
const STEPS_PER_SECOND = 60;

export const STATS = [
  { label: "Global Investments", value: 7, suffix: "+", delay: 0 },
  { label: "Different Industries", value: 6, suffix: "", delay: 200 },
  { label: "Years of Experience", value: 20, suffix: "+", delay: 400 },
] as const;

/** Counts 0 -> target in 1.5 s at 60 steps a second once `run` turns true. */
function useCountUp(target: number, delay: number, phase: "static" | "waiting" | "shown") {
  const [value, setValue] = React.useState(target);
  React.useEffect(() => {
    if (phase === "static") return setValue(target);
    if (phase === "waiting") return setValue(0);
    const steps = Math.round((COUNTER_DURATION_MS / 1000) * STEPS_PER_SECOND);
    let step = 0;
    let interval: number | undefined;
    const start = window.setTimeout(() => {
      interval = window.setInterval(() => {
        step += 1;
        setValue(step >= steps ? target : Math.floor((target * step) / steps));
        if (step >= steps) window.clearInterval(interval);
      }, 1000 / STEPS_PER_SECOND);
    }, delay);
    return () => {
      window.clearTimeout(start);
      window.clearInterval(interval);
    };
  }, [target, delay, phase]);
  return value;
}

function Counter({ stat, phase }: { stat: (typeof STATS)[number]; phase: "static" | "waiting" | "shown" }) {
  const value = useCountUp(stat.value, stat.delay, phase);
  return (
    <div className="flex flex-col items-center px-6 py-8 text-center sm:py-4">
      <dt className="order-2 mt-3 text-sm font-semibold uppercase tracking-[0.2em] text-slate-600">{stat.label}</dt>
      <dd className="order-1 font-display text-6xl font-semibold lining-nums tabular-nums text-navy-950 lg:text-7xl">
        {/* Screen readers get the final figure, not every step of the count. */}
        <span aria-hidden="true" data-counter={stat.label}>
          {value}
          <span className="text-gold-600">{stat.suffix}</span>
        </span>
        <span className="sr-only">
          {stat.value}
          {stat.suffix}
        </span>
      </dd>
    </div>
  );
}

export function Stats() {
  const { ref, state } = useRevealOnce<HTMLDListElement>(0.3);
  return (
    <section id="stats" aria-labelledby="stats-title" className="scroll-mt-20 bg-white py-24 md:scroll-mt-28 lg:py-28">
      <div className="mx-auto max-w-7xl px-6">
        <SectionHeading
          id="stats-title"
          eyebrow="By the Numbers"
          title="Global Impact"
          subtitle="Our investments have transformed industries and created sustainable value worldwide."
        />
        <dl ref={ref} data-state={state} className="mx-auto mt-16 grid max-w-5xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-slate-50/60 sm:grid-cols-3 sm:divide-x sm:divide-y-0">
          {STATS.map((s) => (
            <Counter key={s.label} stat={s} phase={state} />
          ))}
        </dl>
      </div>
    </section>
  );
}
