/**
 * `npm run audit:verify`: checks the audit trail's hash chain from its start to its newest event, with the server's own
 * configuration (DATABASE_URL, else the embedded database in DATA_DIR; the key from ENCRYPTION_KEY or SESSION_SECRET,
 * or the secret the server keeps in DATA_DIR). Prints 'Audit trail verified: N events, chain intact' and exits 0, or
 * the first broken event and exits 1; a configuration or database that cannot be read exits 2.
 *
 * The embedded database (PGlite) is one process's: stop the server before running this against DATA_DIR.
 * Nothing is written: the database is not migrated and no secret is created.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../server/db/client";
import { loadConfig } from "../server/env";
import { translate } from "../server/i18n";
import { createAuditService, type AuditVerification } from "../server/features/audit/audit";
import type { MessageId } from "../shared/i18n/messages";

/** What the run prints, and its exit code. */
export type VerifyOutcome = { code: 0 | 1 | 2; lines: string[] };

/** The result in English, as the dashboard's banner says it. */
export function describeVerification(result: AuditVerification): VerifyOutcome {
  if (result.ok) {
    const lines = [`Audit trail verified: ${result.count} events, chain intact`];
    if (result.headId) lines.push(`Newest event: #${result.headId}, hash ${result.headHash} (note it elsewhere to detect a later removal of newer events)`);
    if (result.anchorId) lines.push(`Events up to #${result.anchorId} were removed after their keeping time; the chain is checked from the next one.`);
    return { code: 0, lines };
  }
  const broken = result.broken!;
  const problem = translate("en", `admin.audit.problem.${broken.problem}` as MessageId);
  const first =
    broken.id === null
      ? translate("en", "admin.audit.verify.brokenState", { problem })
      : translate("en", "admin.audit.verify.broken", { id: String(broken.id), problem });
  return { code: 1, lines: [first, `${result.count} events verified before it (${broken.problem}).`] };
}

/** Verifies with the configuration in `env`. */
export async function verifyAuditTrail(env: Record<string, string | undefined>): Promise<VerifyOutcome> {
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  // Without a configured secret the server's own lives in DATA_DIR; creating another would only fail every event.
  if (!env.SESSION_SECRET && !env.ENCRYPTION_KEY && !existsSync(path.join(dataDir, ".session-secret")))
    return {
      code: 2,
      lines: [`No key to verify with: set SESSION_SECRET (or ENCRYPTION_KEY) as the server has it, or DATA_DIR to the server's (${dataDir}).`],
    };
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    return { code: 2, lines: [err instanceof Error ? err.message : String(err)] };
  }
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, "pglite")))
    return { code: 2, lines: [`No database: set DATABASE_URL, or DATA_DIR to the server's (${config.dataDir} has none).`] };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: { connectMs: config.dbConnectTimeoutMs, queryMs: config.dbQueryTimeoutMs },
  });
  try {
    return describeVerification(await createAuditService({ db: database.db, secretKeys: config.secretKeys }).verify());
  } catch (err) {
    return { code: 2, lines: [`The audit trail could not be read: ${err instanceof Error ? err.message : String(err)}`] };
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { code, lines } = await verifyAuditTrail(process.env);
  for (const line of lines) (code === 0 ? console.log : console.error)(line);
  process.exit(code);
}
