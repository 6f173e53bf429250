/**
 * The S3-compatible backend of stored files (STORAGE_URL=s3://bucket/prefix), with the AWS SDK v3. Credentials come
 * from the SDK's usual sources (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role); the URL
 * carries none. Objects are `<prefix>uploads/<key>` and `<prefix>documents/<key>`; a set of files is first written
 * under `<prefix>tmp/` and copied to its keys only when every one is complete, so no reader meets part of a set.
 * Files for local tools (the PDF renderer) are copied into a bounded cache under DATA_DIR, which is safe because a key
 * never names other bytes.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream, mkdirSync } from "node:fs";
import { readdir, rename, stat, unlink, utimes } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type {
  CopyObjectCommandOutput,
  DeleteObjectCommandOutput,
  GetObjectCommandOutput,
  HeadBucketCommandOutput,
  HeadObjectCommandOutput,
  ListObjectsV2CommandOutput,
  PutObjectCommandOutput,
  S3Client,
} from "@aws-sdk/client-s3";
import { AppError } from "./errors";
import {
  AREAS,
  isStorageKey,
  newStorageKey,
  STALE_TEMP_MS,
  storageFailure,
  StoredFileMissing,
  StoreUnavailableError,
  TEMP_PREFIX,
  type Area,
  type FileStore,
  type StoredFileInfo,
} from "./storage";
import type { S3Location } from "./storage-url";

/** Errors an object store answers for a key that is not there. */
const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
};

const firstLine = (text: string) => text.split("\n")[0].slice(0, 200);

type S3Error = { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };

/** An object store that does not answer, or answers 5xx: the client may try again soon (503). */
const unreachable = (err: unknown) => {
  const status = (err as S3Error | null)?.$metadata?.httpStatusCode;
  return status === undefined || status >= 500;
};

const describe = (err: unknown) => {
  const e = err as S3Error;
  return `storage: ${e.name ?? "S3"} ${e.$metadata?.httpStatusCode ?? "no answer"} ${e.message ?? String(err)}`;
};

/** A store that cannot be reached as 503 with a readable message; any other error as it is. */
function readFailure(err: unknown): unknown {
  if (err instanceof StoredFileMissing || err instanceof AppError || !unreachable(err)) return err;
  return new AppError("SERVICE_UNAVAILABLE", "errors.storageUnavailable", { internal: describe(err) });
}

/** A failed write: 503 when the store cannot be reached, else the server's "could not store the file" (500). */
function writeFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (unreachable(err)) return new AppError("SERVICE_UNAVAILABLE", "errors.storageUnavailable", { internal: describe(err) });
  return storageFailure({ code: (err as S3Error).name ?? "S3", message: describe(err) });
}

/** How long a call to the store may wait for its answer, retries included, unless STORAGE_TIMEOUT says otherwise. */
export const DEFAULT_STORAGE_TIMEOUT_MS = 5_000;
/** A write may take this much longer for each mebibyte it sends (sending a large file takes its time on any link). */
const WRITE_MS_PER_MIB = 1_000;

export function createS3Store(location: S3Location, opts: { cacheDir: string; cacheBytes: number; client?: S3Client; timeoutMs?: number }): FileStore {
  const { bucket, prefix } = location;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_STORAGE_TIMEOUT_MS;
  // The SDK is loaded when the store is first used, so a server on the disk backend never loads it.
  const sdk = import("@aws-sdk/client-s3").then((m) => {
    const client =
      opts.client ??
      new m.S3Client({
        region: location.region,
        endpoint: location.endpoint,
        forcePathStyle: location.forcePathStyle,
        // Checksums only where S3 requires them: S3-compatible servers do not all take the newer trailing checksums.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        // Retries happen within the call's time limit (see `send`): a store that does not answer is not asked three
        // times over. A connection is given up after the limit, and so is a socket (an answer's body too) silent for it.
        maxAttempts: 3,
        requestHandler: { connectionTimeout: timeoutMs, socketTimeout: timeoutMs },
      });
    // Bucket-level requests go to "/bucket", not "/bucket/": some S3-compatible servers canonicalise the path
    // without the slash when they check the signature, and every server (AWS included) accepts it without.
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: string };
        if (location.forcePathStyle && typeof request.path === "string" && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
        return next(args);
      },
      { step: "build", name: "bucketPathWithoutSlash" },
    );
    return { m, client };
  });
  let loaded: Awaited<typeof sdk> | undefined;
  void sdk.then(
    (s) => (loaded = s),
    () => {},
  );
  type Sdk = Awaited<typeof sdk>["m"];
  /**
   * Sends the command `make` builds from the SDK's module, and gives up (retries included) when the store has not
   * begun its answer within the time limit (`extraMs` more for a write's bytes): the caller answers 503 'Stored files
   * cannot be reached'. An answer's body is not timed as a whole (a long download may take minutes), only its silences.
   */
  async function send<T>(make: (m: Sdk) => { input: unknown }, extraMs = 0): Promise<T> {
    const { m, client } = await sdk;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs + extraMs);
    try {
      return (await client.send(make(m) as never, { abortSignal: deadline.signal })) as T;
    } catch (err) {
      if (deadline.signal.aborted) throw Object.assign(new Error(`no answer within ${timeoutMs + extraMs} ms`), { name: "TimeoutError", cause: err });
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }
  const writeAllowance = (bytes: number) => Math.ceil(bytes / (1024 * 1024)) * WRITE_MS_PER_MIB;

  const objectKey = (area: Area, key: string) => `${prefix}${area}/${key}`;

  /** The objects under `under`, a page (up to 1,000) at a time, each page one call within the time limit. */
  async function* listPages(under: string) {
    let token: string | undefined;
    do {
      let page: ListObjectsV2CommandOutput;
      try {
        page = await send<ListObjectsV2CommandOutput>((m) => new m.ListObjectsV2Command({ Bucket: bucket, Prefix: under, ContinuationToken: token }));
      } catch (err) {
        throw readFailure(err);
      }
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  const tempArea = `${prefix}tmp/`;

  async function head(area: Area, key: string): Promise<StoredFileInfo | null> {
    if (!isStorageKey(key)) return null;
    try {
      const h = await send<HeadObjectCommandOutput>((m) => new m.HeadObjectCommand({ Bucket: bucket, Key: objectKey(area, key) }));
      return { key, size: h.ContentLength ?? 0, modified: h.LastModified ?? new Date(0) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw readFailure(err);
    }
  }

  async function get(area: Area, key: string, range?: { start: number; end?: number }) {
    if (!isStorageKey(key)) throw new StoredFileMissing(area, key);
    try {
      return await send<GetObjectCommandOutput>(
        (m) => new m.GetObjectCommand({ Bucket: bucket, Key: objectKey(area, key), Range: range ? `bytes=${range.start}-${range.end ?? ""}` : undefined }),
      );
    } catch (err) {
      if (isNotFound(err)) throw new StoredFileMissing(area, key);
      throw readFailure(err);
    }
  }

  async function removeObject(objectName: string) {
    await send<DeleteObjectCommandOutput>((m) => new m.DeleteObjectCommand({ Bucket: bucket, Key: objectName }));
  }

  async function writeAll(area: Area, files: { key: string; data: Uint8Array }[]) {
    for (const f of files) if (!isStorageKey(f.key)) throw new Error(`not a storage key: ${f.key}`);
    const temps: string[] = [];
    const done: string[] = [];
    try {
      for (const f of files) {
        const temp = `${tempArea}${TEMP_PREFIX}${randomUUID()}`;
        temps.push(temp);
        await send<PutObjectCommandOutput>(
          (m) => new m.PutObjectCommand({ Bucket: bucket, Key: temp, Body: f.data, ContentLength: f.data.byteLength }),
          writeAllowance(f.data.byteLength),
        );
      }
      for (let i = 0; i < files.length; i++) {
        const target = objectKey(area, files[i].key);
        await send<CopyObjectCommandOutput>(
          (m) => new m.CopyObjectCommand({ Bucket: bucket, Key: target, CopySource: `${bucket}/${encodeURIComponent(temps[i]).replace(/%2F/g, "/")}` }),
        );
        done.push(target);
      }
    } catch (err) {
      const failure = writeFailure(err);
      const cleanup = Promise.all([...temps, ...done].map((k) => removeObject(k).catch(() => {})));
      // A store that cannot be reached will not take the deletes either: the answer does not wait for them (a
      // temporary object left behind is removed by removeStaleTemp; the keys written were never handed out).
      if (failure.code !== "SERVICE_UNAVAILABLE") await cleanup;
      throw failure;
    }
    await Promise.all(temps.map((k) => removeObject(k).catch(() => {})));
  }

  // The local copies for tools that read files: at most opts.cacheBytes, the least recently used removed first.
  const cacheDir = opts.cacheDir;
  for (const area of AREAS) mkdirSync(path.join(cacheDir, area), { recursive: true });
  const fetching = new Map<string, Promise<string>>();

  async function trimCache() {
    const entries: { file: string; size: number; used: number }[] = [];
    for (const area of AREAS) {
      for (const name of await readdir(path.join(cacheDir, area))) {
        const file = path.join(cacheDir, area, name);
        const info = await stat(file).catch(() => null);
        if (info?.isFile()) entries.push({ file, size: info.size, used: info.mtimeMs });
      }
    }
    let total = entries.reduce((sum, e) => sum + e.size, 0);
    for (const e of entries.sort((a, b) => a.used - b.used)) {
      if (total <= opts.cacheBytes) break;
      if (
        await unlink(e.file).then(
          () => true,
          () => false,
        )
      )
        total -= e.size;
    }
  }

  async function fetchToCache(area: Area, key: string): Promise<string> {
    const file = path.join(cacheDir, area, key);
    const cached = await stat(file).catch(() => null);
    if (cached) {
      const now = new Date();
      await utimes(file, now, now).catch(() => {});
      return file;
    }
    const object = await get(area, key);
    const temp = path.join(cacheDir, area, `${TEMP_PREFIX}${randomUUID()}`);
    try {
      await pipeline(object.Body as Readable, createWriteStream(temp, { flags: "wx" }));
      await rename(temp, file);
    } catch (err) {
      await unlink(temp).catch(() => {});
      throw readFailure(err);
    }
    await trimCache().catch(() => {});
    return file;
  }

  return {
    kind: "s3",
    location: `s3://${bucket}/${prefix}`,
    newKey: newStorageKey,
    writeAll,
    write: (area, key, data) => writeAll(area, [{ key, data }]),
    async remove(area, key) {
      if (!isStorageKey(key)) return;
      await removeObject(objectKey(area, key)).catch((err: unknown) => {
        throw readFailure(err);
      });
      await unlink(path.join(cacheDir, area, key)).catch(() => {});
    },
    stat: head,
    async read(area, key) {
      const object = await get(area, key);
      return Buffer.from(
        await object.Body!.transformToByteArray().catch((err: unknown) => {
          throw readFailure(err);
        }),
      );
    },
    async open(area, key, range) {
      const object = await get(area, key, range);
      // "bytes 0-99/1234": the range sent and the whole object's size.
      const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(object.ContentRange ?? "");
      const size = m ? Number(m[3]) : (object.ContentLength ?? 0);
      const start = m ? Number(m[1]) : 0;
      const end = m ? Number(m[2]) : size - 1;
      return { body: object.Body as Readable, size, start, end, etag: object.ETag, modified: object.LastModified ?? new Date(0) };
    },
    localPath(area, key) {
      if (!isStorageKey(key)) return Promise.reject(new StoredFileMissing(area, key));
      const id = `${area}/${key}`;
      let pending = fetching.get(id);
      if (!pending) {
        pending = fetchToCache(area, key).finally(() => fetching.delete(id));
        fetching.set(id, pending);
      }
      return pending;
    },
    async *list(area) {
      // S3 lists keys in UTF-8 binary order, the order the disk backend gives too.
      for await (const page of listPages(`${prefix}${area}/`)) {
        for (const o of page.Contents ?? []) {
          const key = (o.Key ?? "").slice(`${prefix}${area}/`.length);
          if (isStorageKey(key)) yield { key, size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) };
        }
      }
    },
    async removeStaleTemp(olderThanMs = STALE_TEMP_MS) {
      let removed = 0;
      for await (const page of listPages(tempArea)) {
        for (const o of page.Contents ?? []) {
          if (!o.Key || !o.LastModified || Date.now() - o.LastModified.getTime() <= olderThanMs) continue;
          if (
            await removeObject(o.Key).then(
              () => true,
              () => false,
            )
          )
            removed++;
        }
      }
      for (const area of AREAS) {
        for (const name of await readdir(path.join(cacheDir, area))) {
          if (!name.startsWith(TEMP_PREFIX)) continue;
          const file = path.join(cacheDir, area, name);
          const info = await stat(file).catch(() => null);
          if (info && Date.now() - info.mtimeMs > olderThanMs) await unlink(file).catch(() => {});
        }
      }
      return removed;
    },
    async check() {
      try {
        await send<HeadBucketCommandOutput>((m) => new m.HeadBucketCommand({ Bucket: bucket }));
      } catch (err) {
        const e = err as S3Error;
        const status = e.$metadata?.httpStatusCode;
        const reason =
          status === 404
            ? `the bucket "${bucket}" does not exist`
            : status === 403
              ? "access denied: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and the key's rights on the bucket"
              : status === undefined
                ? `no answer (${firstLine(e.message ?? String(err))})`
                : `${e.name ?? "error"} ${status}`;
        throw new StoreUnavailableError(`Cannot use the stored files at s3://${bucket}/${prefix}: ${reason}`);
      }
    },
    close: () => loaded?.client.destroy(),
  };
}
