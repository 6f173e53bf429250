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

/** Only paths inside this site are valid redirect targets (shared with the server's /auth loader). */
export { safeRedirect } from "../../shared/redirect";

/** 'May 15, 2023' (long US format), or 'May 15, 2023' with a short month when `short`. */
export function formatDate(iso: string, opts: { short?: boolean } = {}): string {
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString("en-US", { year: "numeric", month: opts.short ? "short" : "long", day: "numeric", timeZone: "UTC" });
}
