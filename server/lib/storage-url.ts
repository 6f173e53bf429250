/** STORAGE_URL, read without loading the object store's SDK (the configuration checks it at start-up). */

export type S3Location = { bucket: string; prefix: string; endpoint?: string; region: string; forcePathStyle: boolean };

/**
 * s3://bucket[/prefix][?endpoint=https://host:port&region=…&path-style=true]: the bucket, a key prefix (ending in '/'
 * when given), and for S3-compatible servers their endpoint and path-style addressing. Throws a readable line.
 */
export function parseStorageUrl(url: string, env: Record<string, string | undefined> = process.env): S3Location {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error("STORAGE_URL must look like s3://bucket/prefix?endpoint=https://host");
  }
  if (u.protocol !== "s3:") throw new Error("STORAGE_URL must start with s3://");
  if (u.username || u.password) throw new Error("STORAGE_URL must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY");
  const bucket = u.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`STORAGE_URL names no valid bucket: "${bucket}"`);
  const rawPrefix = decodeURIComponent(u.pathname).replace(/^\/+/, "");
  const prefix = rawPrefix && !rawPrefix.endsWith("/") ? `${rawPrefix}/` : rawPrefix;
  if (/[^A-Za-z0-9/_.-]/.test(prefix) || prefix.includes("//") || prefix.split("/").includes(".."))
    throw new Error("STORAGE_URL may hold only letters, digits, '/', '_', '.' and '-' in its prefix");
  const endpoint = u.searchParams.get("endpoint") ?? undefined;
  if (endpoint) {
    const e = (() => {
      try {
        return new URL(endpoint);
      } catch {
        return null;
      }
    })();
    if (!e || !/^https?:$/.test(e.protocol)) throw new Error("STORAGE_URL must give an http(s) address as its endpoint");
  }
  const known = new Set(["endpoint", "region", "path-style"]);
  for (const name of u.searchParams.keys()) if (!known.has(name)) throw new Error(`STORAGE_URL has an unknown option "${name}"`);
  const pathStyle = u.searchParams.get("path-style");
  return {
    bucket,
    prefix,
    endpoint,
    region: u.searchParams.get("region") ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? "us-east-1",
    // S3-compatible servers on an address of their own usually want path-style addressing; AWS itself does not.
    forcePathStyle: pathStyle == null ? Boolean(endpoint) : pathStyle === "true" || pathStyle === "1",
  };
}
