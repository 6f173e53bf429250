import Negotiator from "negotiator";

export type Encoding = "br" | "gzip" | "identity";

/** Smallest first: when the browser accepts several equally, it gets brotli. */
const PREFERRED: Encoding[] = ["br", "gzip", "identity"];

/**
 * The encoding to answer with, among those a body is held in, by the request's Accept-Encoding (q-values,
 * `*` and `identity;q=0` included). Identity is always held, so there is always an answer.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined, held: Partial<Record<Encoding, unknown>>): Encoding {
  const available = PREFERRED.filter((e) => held[e] !== undefined);
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }) as unknown as {
    // negotiator 1.x: ties between equally accepted encodings go to the first of `preferred`.
    encoding(available: string[], options: { preferred: string[] }): string | undefined;
  };
  const chosen = negotiator.encoding(available, { preferred: PREFERRED });
  return (chosen as Encoding | undefined) ?? "identity";
}
