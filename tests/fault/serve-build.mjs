// Entry for fault tests when a production build is given (FAULT_SERVER_BUILD, set by scripts/test.sh, which builds
// before the tests): the built server's start-up path (`node server.js` in production), with the same FAULT_*
// injections as serve.ts. A start then costs no TypeScript compilation, which with several servers starting at once
// on a 2-core machine took tens of seconds. Usage: node tests/fault/serve-build.mjs <build dir>
import path from "node:path";
import { pathToFileURL } from "node:url";
import { injectFaults } from "./fault-injections.mjs";

const buildDir = path.resolve(process.argv[2] ?? "build");
const { start } = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
await start({ buildDir });

injectFaults();
