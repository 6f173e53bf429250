import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** Only paths inside this site are valid redirect targets (shared with the server's /auth loader). */
export { safeRedirect } from "../../shared/redirect";
