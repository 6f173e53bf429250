/**
 * The audit trail's hash chain, without the database: the key, the canonical form of an event, its hash and the seal
 * of the chain's two ends. Each event's hash is HMAC-SHA256(key, previous hash || canonical JSON of its content), so
 * changing, removing or inserting an event breaks every link after it, and recomputing the chain needs the key, which
 * lives in the server's configuration, not in the database.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/** The chain's start: the previous hash of the first event ever recorded, and the anchor before any pruning. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * The keys an event's hash may be made with: the current one first, then older ones, so events hashed before a key
 * rotation still verify. Each is derived (HKDF-SHA256, its own label) from the server's secret keys
 * (ENCRYPTION_KEY, else SESSION_SECRET, and the previous ones): the audit key is never the secret itself, and
 * rotating that secret keeps the old events verifiable as long as the old secret stays in ENCRYPTION_KEY_PREVIOUS.
 */
export function auditKeys(secretKeys: { current: string; older: string[] }): Buffer[] {
  return [secretKeys.current, ...secretKeys.older].map((secret) =>
    Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), Buffer.alloc(0), "meridian-crest audit trail v1", 32)),
  );
}

/** What an event's hash covers: every column but the two hashes. */
export type AuditContent = {
  id: number;
  occurredAt: string;
  actorId: number | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: unknown;
};

/** JSON with every object's keys in order, so the same content gives the same text after a trip through jsonb. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The content of an event as the hash covers it, from a row (the time as ISO 8601 with milliseconds). */
export const contentOf = (row: Omit<AuditContent, "occurredAt"> & { occurredAt: Date }): AuditContent => ({
  id: row.id,
  occurredAt: row.occurredAt.toISOString(),
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  ip: row.ip,
  userAgent: row.userAgent,
  action: row.action,
  entityType: row.entityType,
  entityId: row.entityId,
  summary: row.summary,
});

/** HMAC-SHA256(key, prevHash || canonical JSON of the content), hex. */
export const eventHash = (key: Buffer, prevHash: string, content: AuditContent): string =>
  createHmac("sha256", key).update(prevHash).update(canonicalJson(content)).digest("hex");

/** The chain's two ends as the state row keeps them. */
export type ChainEnds = { anchorId: number; anchorHash: string; headId: number; headHash: string };

/** The seal of the chain's two ends: the state row cannot be moved to other ends without the key. */
export const chainMac = (key: Buffer, ends: ChainEnds): string =>
  createHmac("sha256", key).update(`audit_chain:${ends.anchorId}:${ends.anchorHash}:${ends.headId}:${ends.headHash}`).digest("hex");

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** True when `hash` is the event's hash under one of `keys`. */
export const hashMatches = (keys: Buffer[], prevHash: string, content: AuditContent, hash: string): boolean =>
  keys.some((key) => sameHex(eventHash(key, prevHash, content), hash));

/**
 * True when the state row's seal is valid under one of `keys`. The migration's genesis row carries no seal (the
 * migration has no key): an empty seal is valid only for the genesis ends, before the first event.
 */
export function sealMatches(keys: Buffer[], ends: ChainEnds & { mac: string }): boolean {
  if (ends.mac === "") return ends.anchorId === 0 && ends.headId === 0 && ends.anchorHash === GENESIS_HASH && ends.headHash === GENESIS_HASH;
  return keys.some((key) => sameHex(chainMac(key, ends), ends.mac));
}
