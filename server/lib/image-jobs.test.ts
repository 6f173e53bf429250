import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { configureImages, DEFAULT_IMAGE_LIMITS, imageJobStats, withImageJob } from "./image-jobs";

afterEach(() => configureImages(DEFAULT_IMAGE_LIMITS));

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe("[images] image jobs and sharp's cache", () => {
  it("runs at most the configured number of jobs at once, the others in order of arrival", async () => {
    configureImages({ jobs: 2 });
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const jobs = gates.map((gate, i) =>
      withImageJob(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([0, 1]);
    expect(imageJobStats()).toEqual({ running: 2, waiting: 2, max: 2 });
    gates[1].resolve();
    await jobs[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    gates[2].resolve();
    gates[3].resolve();
    await expect(Promise.all(jobs)).resolves.toEqual([0, 1, 2, 3]);
    expect(imageJobStats()).toEqual({ running: 0, waiting: 0, max: 2 });
  });

  it("a job that fails gives its place to the next", async () => {
    configureImages({ jobs: 1 });
    const failed = withImageJob(async () => {
      throw new Error("broken image");
    });
    const next = withImageJob(async () => "next");
    await expect(failed).rejects.toThrow("broken image");
    await expect(next).resolves.toBe("next");
    expect(imageJobStats().running).toBe(0);
  });

  it("raising the limit starts waiting jobs at once", async () => {
    configureImages({ jobs: 1 });
    const gate = deferred();
    const first = withImageJob(() => gate.promise);
    let secondRan = false;
    const second = withImageJob(async () => {
      secondRan = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(secondRan).toBe(false);
    configureImages({ jobs: 2 });
    await second;
    expect(secondRan).toBe(true);
    gate.resolve();
    await first;
  });

  it("libvips' cache is off by default and sized in megabytes when asked", () => {
    configureImages();
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 } });
    configureImages({ cacheMb: 20 });
    expect(sharp.cache()).toMatchObject({ memory: { max: 20 }, files: { max: 0 }, items: { max: 100 } });
  });
});
