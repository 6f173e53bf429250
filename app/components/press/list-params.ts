/** The press list's URL state (?q=&company=&count=), shared by the loader and the links that change it. */
export const PAGE_SIZE = 10;
export const LOAD_MORE_STEP = 3;
/** The most cards one request renders; beyond it, search or a company tab narrows the list. */
export const MAX_COUNT = 1000;
export const MAX_QUERY = 200;
export const MAX_COMPANY = 120;

/** Set by a release's page that found no release, on its way back to the list: the list then says so. */
export const NOT_FOUND_PARAM = "notFound";

export type ListParams = { q: string; company: string; count: number };

const clean = (v: string | null, max: number) => (v ?? "").replace(/\s+/g, " ").trim().slice(0, max);

/** Anything malformed falls back to the defaults: a page never fails on a hand-edited URL. */
export function readListParams(sp: URLSearchParams): ListParams {
  const raw = Number.parseInt(sp.get("count") ?? "", 10);
  const count = Number.isFinite(raw) ? Math.min(Math.max(raw, PAGE_SIZE), MAX_COUNT) : PAGE_SIZE;
  return { q: clean(sp.get("q"), MAX_QUERY), company: clean(sp.get("company"), MAX_COMPANY), count };
}

/** '/press-releases?…' with defaults left out, so every state has one short, shareable URL. */
export function listHref({ q = "", company = "", count = PAGE_SIZE }: Partial<ListParams>, hash = ""): string {
  const sp = new URLSearchParams();
  if (q) sp.set("q", q);
  if (company) sp.set("company", company);
  if (count > PAGE_SIZE) sp.set("count", String(Math.min(count, MAX_COUNT)));
  const qs = sp.toString();
  return `/press-releases${qs ? `?${qs}` : ""}${hash}`;
}
