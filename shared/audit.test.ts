import { describe, expect, it } from "vitest";
import { AUDIT_FIELDS_MAX, AUDIT_MORE_FIELDS, auditSummary, isSecretField } from "./audit";

describe("[audit] the summary of a change", () => {
  it("[audit] an update records only the fields it names that changed, before and after", () => {
    expect(
      auditSummary(
        { title: "Old", isPublic: false, categoryId: 3, fileName: "a.pdf", publishedAt: new Date("2026-01-02T00:00:00Z") },
        { title: "New", isPublic: false, categoryId: null, publishedAt: new Date("2026-02-03T00:00:00Z"), description: undefined },
      ),
    ).toEqual({
      title: { from: "Old", to: "New" },
      categoryId: { from: 3, to: null },
      publishedAt: { from: "2026-01-02T00:00:00.000Z", to: "2026-02-03T00:00:00.000Z" },
    });
  });

  it("[audit] a creation records every field with a value, a deletion every field it had", () => {
    expect(auditSummary(null, { name: "Reports", nameAr: null, description: "", tags: [] })).toEqual({ name: { from: null, to: "Reports" } });
    expect(auditSummary({ name: "Reports", nameAr: "تقارير" }, null)).toEqual({ name: { from: "Reports", to: null }, nameAr: { from: "تقارير", to: null } });
  });

  it("[audit] nested fields by path, short lists as values", () => {
    expect(
      auditSummary(
        { social: { linkedin: "https://linkedin.com/a", x: "" }, hashtags: ["#A"], stats: [{ value: "6", label: "Companies" }] },
        { social: { linkedin: "https://linkedin.com/b", x: "" }, hashtags: ["#A", "#B"], stats: [{ value: "7", label: "Companies" }] },
      ),
    ).toEqual({
      "social.linkedin": { from: "https://linkedin.com/a", to: "https://linkedin.com/b" },
      hashtags: { from: ["#A"], to: ["#A", "#B"] },
      "stats.0.value": { from: "6", to: "7" },
    });
  });

  it("[audit] HTML and page texts, and any long text, are recorded by their lengths", () => {
    const long = "x".repeat(250);
    expect(auditSummary({ content: "<p>Hi</p>", summary: "short", bodyAr: null }, { content: "<p>Hello there</p>", summary: long, bodyAr: "نص" })).toEqual({
      content: { fromLength: 9, toLength: 18 },
      summary: { fromLength: 5, toLength: 250 },
      bodyAr: { fromLength: null, toLength: 2 },
    });
    // Unchanged long texts are not recorded at all.
    expect(auditSummary({ content: long }, { content: long })).toEqual({});
  });

  it("[audit] never records a password, a hash, a token, a TOTP secret, recovery codes, a session id or a file's bytes", () => {
    const secrets = {
      password: "hunter2 hunter2",
      passwordHash: "abc",
      newPassword: "another one",
      totpSecret: "JBSWY3DPEHPK3PXP",
      recoveryCodes: ["aaaa-bbbb"],
      sessionId: "s3ss10n",
      session_token: "t0k3n",
      resetToken: "t0k3n",
      tokenHash: "h",
      apiKey: "k",
      private_key: "k",
      secret: "s",
      file: new Uint8Array([1, 2, 3]),
      buffer: Buffer.from("PDF bytes"),
      nested: { password: "x", cookie: "y", name: "kept" },
      whatever: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
    };
    const summary = auditSummary(null, { ...secrets, role: "admin" });
    expect(summary).toEqual({ role: { from: null, to: "admin" }, "nested.name": { from: null, to: "kept" } });
    expect(JSON.stringify(summary)).not.toMatch(/hunter2|JBSWY|aaaa|s3ss10n|t0k3n|argon2|PDF/);
  });

  it("[audit] names that merely contain a secret word's letters are kept", () => {
    expect(["hashtags", "keyPoints", "sessionsCount", "passkeyName", "totalSessions"].map(isSecretField)).toEqual([false, false, true, false, true]);
    expect(isSecretField("TOTP_SECRET")).toBe(true);
    expect(isSecretField("publicKey")).toBe(true);
  });

  it("[audit] text the database cannot hold is made storable; a very large change is counted past the limit", () => {
    expect(auditSummary(null, { title: "a\u0000b\uD800" })).toEqual({ title: { from: null, to: "ab\uFFFD" } });
    const many = Object.fromEntries(Array.from({ length: AUDIT_FIELDS_MAX + 5 }, (_, i) => [`f${i}`, i]));
    const summary = auditSummary(null, many);
    expect(Object.keys(summary)).toHaveLength(AUDIT_FIELDS_MAX + 1);
    expect(summary[AUDIT_MORE_FIELDS]).toEqual({ from: null, to: 5 });
  });
});
