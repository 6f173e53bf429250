import { brand as defaultBrand } from "../../../shared/brand";

/** Social previews and feeds need absolute URLs; stored images may be site paths or full URLs. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin.replace(/\/$/, "")}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** The brand name from the root loader's data inside a meta function. */
export function brandName(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.data as { brand?: { name?: string } } | undefined;
  return root?.brand?.name ?? defaultBrand.name;
}

/** Trims to `max` characters on a word boundary, for meta descriptions. */
export function clip(text: string, max = 160): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length)}…`;
}
