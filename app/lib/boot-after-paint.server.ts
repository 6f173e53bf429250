import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/*
 * A server-rendered page is painted before any of its scripts are fetched or run. The browser would otherwise
 * download the page's modules alongside its fonts and images and evaluate them (and hydrate) before its first
 * frame, so the text a visitor came for would wait on script on a phone. The page's boot module is rewritten to
 * wait for the first paint, and only then to ask for the page's modules and message catalogs:
 *   - `<link rel="modulepreload">` and `<link rel="preload" as="fetch">` (catalogs) leave the head; the boot module
 *     adds the same links once the page has painted, so those downloads still run in parallel;
 *   - the boot module's static `import * as routeN from "…"` become dynamic imports after that wait.
 * Until the modules have run, the page is the server's HTML: readable, its links and forms working without script.
 * The wait ends when the browser reports the first paint (Paint Timing; where that is not supported, one animation
 * frame and then a task), at once in a tab that is not shown (it paints nothing until shown), and after 3 s at most.
 * A page whose HTML does not have the expected form passes through unchanged: it still works, only it paints later.
 */

const BOOT_SCRIPT = /<script([^>]*\btype="module"[^>]*)>([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /import \* as (route\d+) from ("[^"]+");/g;
const HOISTED_LINK = /<link rel="(?:modulepreload|preload)" href="([^"]+)"(?: as="fetch" crossorigin="anonymous")?(?: nonce="[^"]*")?\/>/g;
/** The longest a shown page waits for its first paint before it boots anyway. */
const PAINT_WAIT_MS = 3000;

/** The boot module's opening: a promise that settles once the page has painted. */
const WAIT_FOR_PAINT =
  `await new Promise((done) => {\n` +
  `  if (document.visibilityState === "hidden") return done();\n` +
  `  setTimeout(done, ${PAINT_WAIT_MS});\n` +
  `  if (PerformanceObserver.supportedEntryTypes?.includes("paint")) new PerformanceObserver(done).observe({ type: "paint", buffered: true });\n` +
  `  else requestAnimationFrame(() => setTimeout(done, 0));\n` +
  `});\n`;

/** Adds `[href, isCatalog]` links to the head: module preloads and fetch preloads. */
const addPreloads = (links: [string, 0 | 1][]) =>
  `for (const [href, fetched] of ${JSON.stringify(links)}) {\n` +
  `  const link = document.createElement("link");\n` +
  `  link.href = href;\n` +
  `  if (fetched) { link.rel = "preload"; link.as = "fetch"; link.crossOrigin = "anonymous"; } else link.rel = "modulepreload";\n` +
  `  document.head.appendChild(link);\n` +
  `}\n`;

/** Rewrites a page's HTML (the shell, with its head and boot module) to boot after its first paint. */
export function bootAfterFirstPaint(html: string): string {
  const boot = BOOT_SCRIPT.exec(html);
  if (!boot) return html;
  const [script, attributes, source] = boot;
  const imports = [...source.matchAll(STATIC_IMPORT)];
  if (imports.length === 0) return html;

  const links: [string, 0 | 1][] = [];
  const head = html.slice(0, boot.index).replace(HOISTED_LINK, (link: string, href: string) => {
    if (link.startsWith('<link rel="modulepreload"')) links.push([href, 0]);
    else if (link.includes('as="fetch"')) links.push([href, 1]);
    else return link;
    return "";
  });
  // Modules first, then catalogs, as the head listed them.
  links.sort((a, b) => a[1] - b[1]);
  const names = imports.map((m) => m[1]).join(", ");
  const specifiers = imports.map((m) => `import(${m[2]})`).join(", ");
  const rewritten = WAIT_FOR_PAINT + addPreloads(links) + `const [${names}] = await Promise.all([${specifiers}]);\n` + source.replace(STATIC_IMPORT, "");
  return head + `<script${attributes}>${rewritten}</script>` + html.slice(boot.index + script.length);
}

/**
 * A stream that applies bootAfterFirstPaint to the shell: it holds the HTML until the boot module has gone by
 * (React writes the whole shell at once, so this adds no wait), then passes everything through as it comes.
 */
export function bootAfterFirstPaintStream(): Transform {
  let held = "";
  let passing = false;
  // A chunk may end inside a character (Arabic text is two bytes a letter).
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (passing) return callback(null, chunk);
      held += typeof chunk === "string" ? chunk : decoder.write(chunk);
      if (!BOOT_SCRIPT.test(held)) return callback();
      passing = true;
      const out = bootAfterFirstPaint(held);
      held = "";
      callback(null, out);
    },
    flush(callback) {
      held += decoder.end();
      callback(null, held ? bootAfterFirstPaint(held) : undefined);
    },
  });
}
