import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** 'real-estate' -> 'Real Estate'. */
export function sectorLabel(sector: string | null | undefined): string {
  if (!sector) return "";
  return sector
    .split("-")
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(" ");
}

/** Only paths inside this site are valid redirect targets; anything else becomes '/'. */
export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  if (!target || typeof target !== "string") return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  try {
    const url = new URL(target, "http://internal.invalid");
    if (url.origin !== "http://internal.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** 'May 15, 2023' (long US format), or 'May 15, 2023' with a short month when `short`. */
export function formatDate(iso: string, opts: { short?: boolean } = {}): string {
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString("en-US", { year: "numeric", month: opts.short ? "short" : "long", day: "numeric", timeZone: "UTC" });
}
