import Negotiator from "negotiator";

export type Encoding = "br" | "gzip" | "identity";

/** Smallest first: when the browser accepts several equally, it gets brotli. */
const PREFERRED: Encoding[] = ["br", "gzip", "identity"];

/** Chosen encodings by Accept-Encoding and what is held: browsers send a handful of distinct headers. */
const chosenFor = new Map<string, Encoding>();
const CHOSEN_MAX = 256;

/**
 * The encoding to answer with, among those a body is held in, by the request's Accept-Encoding (q-values,
 * `*` and `identity;q=0` included). Identity is always held, so there is always an answer. The choice for a
 * header already seen is remembered (at most 256 of them), so a stored answer does not parse it again.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined, held: Partial<Record<Encoding, unknown>>): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(", ") : (acceptEncoding ?? "");
  const key = `${held.br === undefined ? "" : "b"}${held.gzip === undefined ? "" : "g"}${header}`;
  const known = chosenFor.get(key);
  if (known) return known;
  const available = PREFERRED.filter((e) => held[e] !== undefined);
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }) as unknown as {
    // negotiator 1.x: ties between equally accepted encodings go to the first of `preferred`.
    encoding(available: string[], options: { preferred: string[] }): string | undefined;
  };
  const chosen = (negotiator.encoding(available, { preferred: PREFERRED }) as Encoding | undefined) ?? "identity";
  if (chosenFor.size >= CHOSEN_MAX) chosenFor.clear();
  chosenFor.set(key, chosen);
  return chosen;
}
