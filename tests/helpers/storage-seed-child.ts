/**
 * A separate process that migrates and seeds the database the way the server does at start
 * (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL). With SEED_PAUSE_AT="<part>:<n>" it prints
 * "PAUSED" after the n-th row of that part and then waits forever, so a test can kill -9 it at
 * exactly that point. Prints "DONE" when the seed finished.
 */
import { openDatabase, runMigrations } from "../../server/db/client";
import { seed } from "../../server/db/seed";
import { loadConfig } from "../../server/env";
import { createServices } from "../../server/features";

const config = loadConfig({ ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent" });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database);
const services = createServices(database, config);
const pauseAt = process.env.SEED_PAUSE_AT;
await seed(services, {
  onProgress: async (part, done) => {
    if (`${part}:${done}` !== pauseAt) return;
    process.stdout.write("PAUSED\n");
    await new Promise(() => {});
  },
});
await database.close();
process.stdout.write("DONE\n");
