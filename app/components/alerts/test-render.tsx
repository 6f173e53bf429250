/**
 * For the alerts' component tests (happy-dom): a component with the catalogs of the page at `path` (the test reads
 * them from the server's catalog module: `catalogFor`), in a data router at `path` whose root route has `rootData`
 * (who is signed in), mounted with act() and unmounted after each test; and the few DOM steps the tests take.
 */
import type * as React from "react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { I18nProvider } from "~/i18n/provider";
import type { Locale } from "../../../shared/i18n/locales";
import type { CompiledMessages } from "../../../shared/i18n/messages";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let unmount: (() => void) | undefined;

/** The language of a page's path. */
export const localeOf = (path: string): Locale => (path === "/ar" || path.startsWith("/ar/") ? "ar" : "en");

/** Renders `node` at `path` with the page's `messages` and lets its first requests answer. */
export async function renderAt(node: React.ReactNode, path: string, messages: CompiledMessages, rootData: Record<string, unknown> = { user: null }) {
  const locale = localeOf(path);
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  const element = (
    <I18nProvider locale={locale} messages={messages}>
      {node}
    </I18nProvider>
  );
  const router = createMemoryRouter([{ id: "root", path: "*", element, loader: () => rootData }], {
    initialEntries: [path],
    hydrationData: { loaderData: { root: rootData } },
  });
  await act(async () => {
    root.render(<RouterProvider router={router} />);
  });
  unmount = () => act(() => root.unmount());
}

/** Unmounts what the last test rendered (afterEach). */
export function cleanUp() {
  unmount?.();
  unmount = undefined;
  document.body.innerHTML = "";
}

/** The text of the page, spaces collapsed. */
export const text = (el: Element | null = document.body) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();

/** A button by its text. */
export function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

/** The input a label names (`<label for>`). */
export function labelled(name: string): HTMLInputElement {
  const label = [...document.querySelectorAll("label")].find((l) => l.textContent?.trim() === name);
  const input = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  if (!input) throw new Error(`no input labelled "${name}"`);
  return input as HTMLInputElement;
}

/** Clicks `el` inside act() and lets the promises it starts settle. */
export async function click(el: Element) {
  await act(async () => {
    (el as HTMLElement).click();
  });
}

/** Types `value` into an input (React and react-hook-form read the native setter's input event). */
export async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

/** Submits the form `el` is in, inside act(), and lets its requests answer. */
export async function submit(el: Element) {
  const form = el.closest("form");
  if (!form) throw new Error("not in a form");
  await act(async () => {
    form.requestSubmit();
  });
  await settle();
}

/** Waits for queued promises and short timers inside act(). */
export const settle = (ms = 0) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
