import { describe, expect, it } from "vitest";
import { createSecretBox, SecretBoxError } from "./secret-box";

const KEY = "k".repeat(32);
const OLD = "o".repeat(32);

describe("[secret box] authenticator keys at rest", () => {
  it("a sealed value opens with its key and context, and shows nothing of the value", () => {
    const box = createSecretBox({ current: KEY });
    const sealed = box.seal("JBSWY3DPEHPK3PXP", "totp:7");
    expect(sealed).toMatch(new RegExp(`^sb1\\.${box.keyId}\\.`));
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(box.seal("JBSWY3DPEHPK3PXP", "totp:7")).not.toBe(sealed);
    expect(box.open(sealed, "totp:7")).toEqual({ value: "JBSWY3DPEHPK3PXP", stale: false });
  });

  it("another context, another key, or one altered character: refused", () => {
    const box = createSecretBox({ current: KEY });
    const sealed = box.seal("JBSWY3DPEHPK3PXP", "totp:7");
    expect(() => box.open(sealed, "totp:8")).toThrow(SecretBoxError);
    expect(() => createSecretBox({ current: OLD }).open(sealed, "totp:7")).toThrow(SecretBoxError);
    const last = sealed.at(-2) === "A" ? "B" : "A";
    expect(() => box.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`, "totp:7")).toThrow(SecretBoxError);
    expect(() => box.open(`sb1.${box.keyId}.x.y`, "totp:7")).toThrow(SecretBoxError);
  });

  it("what an older key sealed opens while that key is listed, marked stale; a value from before sealing is stale too", () => {
    const sealedBefore = createSecretBox({ current: OLD }).seal("OLDSECRET", "totp:1");
    const box = createSecretBox({ current: KEY, older: [OLD] });
    expect(box.open(sealedBefore, "totp:1")).toEqual({ value: "OLDSECRET", stale: true });
    expect(box.open("PLAINSECRET", "totp:1")).toEqual({ value: "PLAINSECRET", stale: true });
  });
});
