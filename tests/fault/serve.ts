/**
 * Entry for fault tests: the production start-up path (config, database, migrations, seed, listen) run with
 * tsx, so API tests need no build. FAULT_* variables inject a failure a test needs to observe.
 */
import { start } from "../../server/app";

await start();

if (process.env.FAULT_UNHANDLED_REJECTION) {
  setTimeout(() => void Promise.reject(new Error(process.env.FAULT_UNHANDLED_REJECTION)), 50);
}
if (process.env.FAULT_UNCAUGHT_EXCEPTION) {
  setTimeout(() => {
    throw new Error(process.env.FAULT_UNCAUGHT_EXCEPTION);
  }, 50);
}
