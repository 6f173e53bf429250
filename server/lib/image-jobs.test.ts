import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { configureImages, DEFAULT_IMAGE_LIMITS, imageJobMb, imageJobStats, LARGEST_IMAGE_JOB_MB, withImageJob } from "./image-jobs";

afterEach(() => configureImages(DEFAULT_IMAGE_LIMITS));

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe("[images] image jobs and sharp's cache", () => {
  it("runs at most the configured number of jobs at once, the others in order of arrival", async () => {
    configureImages({ jobs: 2, memoryMb: 1024 });
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
    expect(imageJobStats()).toMatchObject({ running: 2, waiting: 2, max: 2 });
    gates[1].resolve();
    await jobs[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    gates[2].resolve();
    gates[3].resolve();
    await expect(Promise.all(jobs)).resolves.toEqual([0, 1, 2, 3]);
    expect(imageJobStats()).toMatchObject({ running: 0, waiting: 0, max: 2 });
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
    configureImages({ jobs: 2, memoryMb: 1024 });
    await second;
    expect(secondRan).toBe(true);
    gate.resolve();
    await first;
  });

  it("the jobs running at once hold at most the memory budget: two of the largest run one after the other", async () => {
    configureImages();
    const gates = [deferred(), deferred()];
    const started: number[] = [];
    // Neither says what it holds, so each counts as the largest job (a 1600 px page encoded as lossless WebP).
    const jobs = gates.map((gate, i) =>
      withImageJob(async () => {
        started.push(i);
        await gate.promise;
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([0]);
    expect(imageJobStats()).toEqual({ running: 1, waiting: 1, max: 2, holdingMb: LARGEST_IMAGE_JOB_MB, memoryMb: 128 });
    gates[0].resolve();
    await jobs[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1]);
    gates[1].resolve();
    await jobs[1];
    expect(imageJobStats()).toMatchObject({ running: 0, waiting: 0, holdingMb: 0 });
  });

  it("small jobs run beside a large one while they fit, in order of arrival; one larger than the budget runs alone", async () => {
    configureImages({ jobs: 3, memoryMb: 100 });
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: string[] = [];
    const job = (name: string, gate: { promise: Promise<void> }, mb: number) =>
      withImageJob(
        async () => {
          started.push(name);
          await gate.promise;
        },
        { mb },
      );
    const large = job("large 70 MB", gates[0], 70);
    const small = job("small 20 MB", gates[1], 20);
    const medium = job("medium 40 MB", gates[2], 40);
    const tiny = job("tiny 5 MB", gates[3], 5); // would fit, but waits behind the medium one
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual(["large 70 MB", "small 20 MB"]);
    expect(imageJobStats()).toMatchObject({ running: 2, waiting: 2, holdingMb: 90 });
    gates[0].resolve();
    await large;
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(["large 70 MB", "small 20 MB", "medium 40 MB", "tiny 5 MB"]);
    for (const gate of gates) gate.resolve();
    await Promise.all([small, medium, tiny]);
    await expect(withImageJob(async () => "alone", { mb: 500 })).resolves.toBe("alone");
    expect(imageJobStats()).toMatchObject({ running: 0, waiting: 0, holdingMb: 0 });
  });

  it("the megabytes a job holds at most: pixels times the operation's bytes a pixel", () => {
    expect(imageJobMb(1600 * 2265, 27)).toBe(94);
    expect(imageJobMb(2400 * 1600, 6)).toBe(22);
  });

  it("libvips' cache is off by default and sized in megabytes when asked", () => {
    configureImages();
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 } });
    configureImages({ cacheMb: 20 });
    expect(sharp.cache()).toMatchObject({ memory: { max: 20 }, files: { max: 0 }, items: { max: 100 } });
  });
});
