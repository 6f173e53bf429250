import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

/**
 * Writes `.vite/chunk-modules.json` into the client build: for every JavaScript chunk, the source modules it
 * holds and the chunks it imports. scripts/check-bundle.mjs reads it to tell which pages load which code.
 */
function chunkModules(): Plugin {
  const root = import.meta.dirname;
  const name = (id: string) => {
    const file = id.replace(/^\0/, "virtual:").split(path.sep).join("/");
    const nm = file.lastIndexOf("/node_modules/");
    if (nm >= 0) return file.slice(nm + 1);
    return id.startsWith(root) ? path.relative(root, id).split(path.sep).join("/") : file;
  };
  return {
    name: "chunk-modules",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: Record<string, { modules: string[]; imports: string[]; dynamicImports: string[] }> = {};
      for (const out of Object.values(bundle)) {
        if (out.type !== "chunk") continue;
        chunks[out.fileName] = { modules: out.moduleIds.map(name), imports: out.imports, dynamicImports: out.dynamicImports };
      }
      this.emitFile({ type: "asset", fileName: ".vite/chunk-modules.json", source: `${JSON.stringify(chunks, null, 1)}\n` });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    // The server bundle's entry is the Express app, which imports the React Router build.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    target: "es2022",
    sourcemap: process.env.SOURCEMAP === "1",
  },
  ssr: {
    // Native and WASM packages stay in node_modules.
    external: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "pg", "pino", "pino-pretty", "pino-http"],
  },
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [chunkModules()])],
}));
