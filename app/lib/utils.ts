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
