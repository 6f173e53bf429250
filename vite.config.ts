import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    // The server bundle's entry is the Express app, which imports the React Router build.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    target: "es2022",
  },
  ssr: {
    // Native and WASM packages stay in node_modules.
    external: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "pg", "pino", "pino-pretty", "pino-http"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
