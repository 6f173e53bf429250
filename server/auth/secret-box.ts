/**
 * Seals small secrets the server must read back (authenticator app keys) with AES-256-GCM, under a key that is never
 * in the database: a copy of the database alone does not give anyone the second factor.
 *
 * A sealed value is `sb1.<key id>.<iv>.<ciphertext and tag>` (base64url). It is bound to what it belongs to (`context`,
 * e.g. "totp:42"): moved to another row, it does not open. Keys are derived with HKDF-SHA256 from key material (the
 * ENCRYPTION_KEY setting, else SESSION_SECRET); values sealed under an older material still open while it is listed,
 * and say so (`stale`), so they can be sealed again under the current one.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

const PREFIX = "sb1";
const INFO = "meridian-crest secret box v1";

type Key = { id: string; bytes: Buffer };

function deriveKey(material: string): Key {
  const bytes = Buffer.from(hkdfSync("sha256", material, Buffer.alloc(0), INFO, 32));
  return { id: createHash("sha256").update(bytes).digest("base64url").slice(0, 8), bytes };
}

export class SecretBoxError extends Error {}

export type Opened = { value: string; stale: boolean };

/** `current` seals; `current` and `older` open. */
export function createSecretBox({ current, older = [] }: { current: string; older?: string[] }) {
  const sealing = deriveKey(current);
  const keys = new Map<string, Key>([sealing, ...older.map(deriveKey)].map((k) => [k.id, k]));

  return {
    /** The current key's id (it shows in every value sealed now). */
    keyId: sealing.id,

    seal(value: string, context: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", sealing.bytes, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return [PREFIX, sealing.id, iv.toString("base64url"), body.toString("base64url")].join(".");
    },

    /**
     * Opens a sealed value. A value stored before sealing began (no prefix) is returned as it is, marked stale.
     * Throws SecretBoxError when the value was sealed under a key no longer listed, or was altered or moved.
     */
    open(stored: string, context: string): Opened {
      if (!stored.startsWith(`${PREFIX}.`)) return { value: stored, stale: true };
      const [, id, iv, body] = stored.split(".");
      const key = keys.get(id ?? "");
      if (!key || !iv || !body) throw new SecretBoxError(`sealed under an unknown key (${id})`);
      const data = Buffer.from(body, "base64url");
      if (data.length < 16) throw new SecretBoxError("too short to be sealed");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key.bytes, Buffer.from(iv, "base64url"));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(data.subarray(data.length - 16));
        const value = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString("utf8");
        return { value, stale: key.id !== sealing.id };
      } catch {
        throw new SecretBoxError("altered, or sealed for something else");
      }
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
