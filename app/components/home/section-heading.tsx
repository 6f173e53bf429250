import { cn } from "~/lib/utils";

/** The heading block every home section opens with: a small gold label, the title and an optional subtitle. */
export function SectionHeading({
  eyebrow,
  title,
  subtitle,
  id,
  align = "center",
  tone = "light",
  className,
}: {
  eyebrow: string;
  title: string;
  subtitle?: string;
  id?: string;
  align?: "center" | "left";
  tone?: "light" | "dark";
  className?: string;
}) {
  return (
    <div className={cn(align === "center" ? "mx-auto max-w-3xl text-center" : "max-w-2xl", className)}>
      <p
        className={cn("inline-flex items-center gap-3 text-xs font-semibold uppercase tracking-[0.28em]", tone === "dark" ? "text-gold-400" : "text-gold-700")}
      >
        <span aria-hidden="true" className={cn("h-px w-8", tone === "dark" ? "bg-gold-400" : "bg-gold-600")} />
        {eyebrow}
        {align === "center" ? <span aria-hidden="true" className={cn("h-px w-8", tone === "dark" ? "bg-gold-400" : "bg-gold-600")} /> : null}
      </p>
      <h2
        id={id}
        className={cn(
          "mt-4 font-display text-3xl font-semibold tracking-tight sm:text-4xl lg:text-[2.75rem] lg:leading-tight",
          tone === "dark" ? "text-white" : "text-navy-950",
        )}
      >
        {title}
      </h2>
      {subtitle ? <p className={cn("mt-5 text-base leading-relaxed sm:text-lg", tone === "dark" ? "text-slate-300" : "text-slate-600")}>{subtitle}</p> : null}
    </div>
  );
}
