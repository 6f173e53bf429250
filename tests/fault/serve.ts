/**
 * Entry for fault tests: the production start-up path (config, database, migrations, seed, listen) run with
 * tsx, so API tests need no build. FAULT_* variables inject a failure a test needs to observe.
 */
import { start } from "../../server/app";
import { injectFaults } from "./fault-injections.mjs";

await start();

injectFaults();
