/**
 * For the data room's component tests (happy-dom): a component with a language's catalogs (the test reads them from
 * the server's catalog module) and a router (links keep the page's language), mounted with act() and unmounted after
 * each test; and the few DOM steps the tests take.
 */
import type * as React from "react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { I18nProvider } from "~/i18n/provider";
import type { Locale } from "../../../../shared/i18n/locales";
import type { CompiledMessages } from "../../../../shared/i18n/messages";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let unmount: (() => void) | undefined;

/** Renders `node` in `locale` with its `messages` and waits for its first requests to answer. */
export async function renderIn(node: React.ReactNode, messages: CompiledMessages, locale: Locale = "en", path = "/admin") {
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => {
    root.render(
      <MemoryRouter initialEntries={[path]}>
        <I18nProvider locale={locale} messages={messages}>
          {node}
        </I18nProvider>
      </MemoryRouter>,
    );
  });
  unmount = () => act(() => root.unmount());
}

/** Unmounts what the last test rendered (afterEach). */
export function cleanUp() {
  unmount?.();
  unmount = undefined;
  document.body.innerHTML = "";
}

/** A button by its text or accessible name. */
export const button = (name: string | RegExp) =>
  [...document.querySelectorAll("button")].find((b) => {
    const label = b.getAttribute("aria-label") ?? b.textContent ?? "";
    return typeof name === "string" ? label.trim() === name || b.textContent?.trim() === name : name.test(label);
  });

/** The input a label names (`<label for>`). */
export function labelled<T extends HTMLElement = HTMLInputElement>(text: string): T {
  const label = [...document.querySelectorAll("label")].find((l) => l.textContent?.trim() === text);
  if (!label) throw new Error(`no label "${text}"`);
  const id = label.getAttribute("for");
  const input = id ? document.getElementById(id) : label.querySelector("input");
  if (!input) throw new Error(`no input for "${text}"`);
  return input as T;
}

/** Clicks `el` inside act() and lets the promises it starts settle. */
export async function click(el: Element | undefined | null) {
  if (!el) throw new Error("nothing to click");
  await act(async () => {
    (el as HTMLElement).click();
  });
}

/** Types `value` into a controlled input (React reads the native setter's change). */
export async function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

/** Waits for queued promises and timers of a few milliseconds (a debounce) inside act(). */
export const settle = (ms = 0) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
