// The npm registry mirror this project is built against serves only the linux-x64 builds of packages
// such as @rollup/rollup-* and @tailwindcss/oxide-*, so npm leaves the other platforms' optional
// packages out of package-lock.json and `npm ci` then refuses the lock as out of sync. This adds the
// missing entries with their platform constraints (read from the package names), so `npm ci` accepts
// the lock and skips them on this platform, as it would with a complete registry.
// Run after changing dependencies: `node scripts/fix-lock-optionals.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const pkgs = lock.packages;

function platformOf(name) {
  const n = name.split("/").pop();
  const os = ["android", "darwin", "freebsd", "linux", "openbsd", "openharmony", "win32", "netbsd", "sunos", "aix"].find(
    (o) => n.includes(`-${o}-`) || n.endsWith(`-${o}`),
  );
  const cpuMap = [
    ["x64", "x64"],
    ["arm64", "arm64"],
    ["ia32", "ia32"],
    ["loong64", "loong64"],
    ["ppc64", "ppc64"],
    ["riscv64", "riscv64"],
    ["s390x", "s390x"],
    ["wasm32", "wasm32"],
    ["arm-", "arm"],
    ["arm", "arm"],
  ];
  const rest = os ? n.slice(n.indexOf(os) + os.length) : n;
  const cpu = cpuMap.find(([k]) => rest.includes(k) || (k === "arm" && rest.endsWith("-arm")))?.[1];
  const libc = /musl/.test(n) ? "musl" : os === "linux" && /gnu/.test(n) ? "glibc" : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ""}node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (pkgs[nested] || pkgs[top]) continue;
    if (!/^\d+\.\d+\.\d+/.test(version)) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!cpu) continue;
    pkgs[top] = {
      version,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc: [libc] } : {}),
      ...(os ? { os: [os] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform-specific optional entries`);
