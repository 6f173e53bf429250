// Entry point. Production: the Vite-built server bundle. Development (NODE_ENV=development): Vite middleware with HMR.
import path from "node:path";
import { pathToFileURL } from "node:url";

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
