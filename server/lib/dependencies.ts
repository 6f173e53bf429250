import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What a request read and what it wrote. Services name the data ("press_releases", "settings:brand"): a cached
 * page is dropped when anything it read changes, and a write drops at once, on its own instance, the pages
 * built from what it wrote. The names are the ones the database announces its changes with (see
 * server/db/notifications.ts): a table name, or "settings:<key>" for one setting.
 */
export type Touched = { reads: Set<string>; writes: Set<string> };

const current = new AsyncLocalStorage<Touched>();

export const touchedNothing = (): Touched => ({ reads: new Set(), writes: new Set() });

/** Runs `fn` (and everything it starts) recording what it reads and writes into `into`. */
export function recordDependencies<T>(into: Touched, fn: () => T): T {
  return current.run(into, fn);
}

/** Notes that the response being built shows `names`. A no-op outside a recorded request. */
export function dependsOn(...names: string[]): void {
  const touched = current.getStore();
  if (touched) for (const name of names) touched.reads.add(name);
}

/** Notes that the request changes `names`. A no-op outside a recorded request. */
export function changes(...names: string[]): void {
  const touched = current.getStore();
  if (touched) for (const name of names) touched.writes.add(name);
}

/**
 * Wraps a service so that calling one of its methods notes `names`: as read, or as written for the methods
 * listed in `writes`. Every read of the press service depends on the press_releases table; its create,
 * update, setFlags and remove change it.
 */
export function dependingOn<T extends object>(service: T, names: string[], writes: (keyof T & string)[] = []): T {
  const writers = new Set<string | symbol>(writes);
  return new Proxy(service, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      const note = writers.has(prop) ? changes : dependsOn;
      return function (this: unknown, ...args: unknown[]) {
        note(...names);
        return (value as (...a: unknown[]) => unknown).apply(this === receiver ? target : this, args);
      };
    },
  });
}
