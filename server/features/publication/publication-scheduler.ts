/**
 * Scheduled publication: every instance looks once a second for releases whose time has come and publishes them
 * (press.publishDue decides each exactly once across instances, on the database's clock). An instance that starts
 * after a due time publishes what is overdue at its first step, so an item due while no instance ran goes out as
 * soon as one is up. Publishing writes the row, and the database's change notification drops the cached pages on
 * every instance.
 */
import type { Logger } from "../../lib/logger";

/** How often each instance looks (so a publication is visible within about this long after its time). */
export const PUBLISH_POLL_MS = 1_000;

type Publisher = {
  publishDue(): Promise<{ published: { id: number; lagMs: number }[]; unpublished: number[] }>;
};

/** Told of every item this instance published on schedule: its kind and how long after its time it went out. */
export type PublishedListener = (kind: string, lagMs: number) => void;

export function createPublicationScheduler(sources: Record<string, Publisher>, opts: { pollMs?: number } = {}) {
  const pollMs = opts.pollMs ?? PUBLISH_POLL_MS;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let failing = false;
  const listeners = new Set<PublishedListener>();

  /** One step over every kind of item; what it published and took down, per kind. */
  async function step(logger?: Pick<Logger, "info" | "warn">) {
    const results: Record<string, Awaited<ReturnType<Publisher["publishDue"]>>> = {};
    for (const [kind, source] of Object.entries(sources)) {
      const result = await source.publishDue();
      results[kind] = result;
      for (const { id, lagMs } of result.published) {
        logger?.info({ kind, id, lagMs }, "published on schedule");
        for (const listener of listeners) listener(kind, lagMs);
      }
      for (const id of result.unpublished) logger?.info({ kind, id }, "taken down on schedule");
    }
    return results;
  }

  return {
    /** Adds a listener for what this instance publishes (the metrics' lag histogram); returns its removal. */
    onPublished(listener: PublishedListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** One step now (tests, and the timer). */
    step: (logger?: Pick<Logger, "info" | "warn">) => {
      const run = running.then(
        () => step(logger),
        () => step(logger),
      );
      running = run.catch(() => {});
      return run;
    },

    /** Steps at once (what came due while no instance ran), then every `pollMs`; a failed step is logged once. */
    start(logger: Pick<Logger, "info" | "warn">) {
      const tick = (delay: number) => {
        timer = setTimeout(() => {
          running = step(logger)
            .then(() => {
              if (failing) logger.info("scheduled publication works again");
              failing = false;
            })
            .catch((err) => {
              if (!failing) logger.warn({ err }, "scheduled publication could not run; trying again every second");
              failing = true;
            })
            .finally(() => {
              if (!stopped) tick(pollMs);
            });
        }, delay);
        timer.unref();
      };
      tick(0);
    },

    /** Stops the timer and waits for a step in progress. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type PublicationScheduler = ReturnType<typeof createPublicationScheduler>;
