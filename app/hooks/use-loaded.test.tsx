// @vitest-environment happy-dom
/**
 * useLoaded in a DOM: what a panel shows while its data loads, after a failure and its retry, and that an answer
 * for a document the panel no longer shows never replaces the one it does.
 */
import * as React from "react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { useLoaded } from "./use-loaded";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Answers the loader's calls one by one, in whatever order the test chooses. */
function deferredCalls() {
  const calls: { key: number; resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const load = (key: number) => new Promise<string>((resolve, reject) => calls.push({ key, resolve, reject }));
  return { calls, load };
}

function Panel({ id, load }: { id: number | null; load: (key: number) => Promise<string> }) {
  const { state, reload } = useLoaded(id, load);
  return (
    <>
      <p>{state.status === "ready" ? `ready: ${state.data}` : state.status}</p>
      {state.status === "failed" ? <button onClick={reload}>Retry</button> : null}
    </>
  );
}

let root: ReturnType<typeof createRoot> | undefined;
const text = () => document.querySelector("p")?.textContent;
const show = (node: React.ReactNode) =>
  act(async () => {
    root ??= createRoot(document.body.appendChild(document.createElement("div")));
    root.render(node);
  });
const answer = (fn: () => void) =>
  act(async () => {
    fn();
    await Promise.resolve();
  });

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
});

describe("[admin] useLoaded", () => {
  it("loads when a key is set, not before; a failure offers a retry that loads again", async () => {
    const { calls, load } = deferredCalls();
    await show(<Panel id={null} load={load} />);
    expect(calls).toHaveLength(0);

    await show(<Panel id={7} load={load} />);
    expect(text()).toBe("loading");
    await answer(() => calls[0].reject(new Error("503")));
    expect(text()).toBe("failed");

    await act(async () => document.querySelector("button")!.click());
    expect(text()).toBe("loading");
    expect(calls.map((c) => c.key)).toEqual([7, 7]);
    await answer(() => calls[1].resolve("board pack"));
    expect(text()).toBe("ready: board pack");
  });

  it("an answer for the document shown before is dropped when it arrives after the new one", async () => {
    const { calls, load } = deferredCalls();
    await show(<Panel id={1} load={load} />);
    await show(<Panel id={2} load={load} />);
    expect(calls.map((c) => c.key)).toEqual([1, 2]);
    await answer(() => calls[1].resolve("second"));
    await answer(() => calls[0].resolve("first"));
    expect(text()).toBe("ready: second");
  });
});
