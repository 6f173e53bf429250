// Entry point. Production: the Vite-built server bundle. Development (NODE_ENV=development): Vite middleware with HMR.
if (process.env.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const mod = await vite.ssrLoadModule("./server/app.ts");
  await mod.start({ vite });
} else {
  const mod = await import("./build/server/index.js");
  await mod.start();
}
