// Entry point. Production: the Vite-built server bundle. Development (NODE_ENV=development): Vite middleware with HMR.
import path from "node:path";
import { pathToFileURL } from "node:url";

// Files 0600 and folders 0700 from the first one on: DATA_DIR holds password hashes, unpublished releases and
// investor-only documents, for the service's user only (server/lib/private-files.ts).
process.umask(0o077);

if (process.env.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const mod = await vite.ssrLoadModule("./server/app.ts");
  await mod.start({ vite });
} else {
  // React and the libraries pick their production builds from NODE_ENV when first loaded: set it before
  // anything is imported, whichever way the server was started (npm start, node server.js, systemd).
  if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const mod = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
  await mod.start({ buildDir });
}
