import * as React from "react";
import type { ExternalToast, ToasterProps } from "sonner";

/**
 * Toasts without sonner in the first JavaScript a page loads: the Toaster is fetched right after the page has
 * hydrated, and a toast asked for earlier is shown as soon as it is there. Every toast of the site goes
 * through `toast` here; `<DeferredToaster>` (in the root layout) shows them.
 */

type Sonner = typeof import("sonner");
type Message = Parameters<Sonner["toast"]["success"]>[0];

let sonner: Promise<Sonner> | undefined;
const loadSonner = () => (sonner ??= import("sonner"));

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

// sonner's `dismiss(id)` takes the id where the others take the message, so one function serves every call (the
// home page's script budget is tight).
const show = (kind: "success" | "error" | "info" | "dismiss") => (message: Message, data?: ExternalToast) => {
  void Promise.all([loadSonner(), ready]).then(([m]) => (m.toast[kind] as Sonner["toast"]["info"])(message, data));
};

/** A toast given an `id` is replaced by the next one with that id, and `dismiss(id)` takes it away. */
export const toast = { success: show("success"), error: show("error"), info: show("info"), dismiss: show("dismiss") as (id: string) => void };

type Toaster = Sonner["Toaster"];

/** Runs after the Toaster's own effects, so it listens before any waiting toast is shown. */
function ReadyToaster({ Toaster, ...props }: ToasterProps & { Toaster: Toaster }) {
  React.useEffect(() => markReady(), []);
  return <Toaster {...props} />;
}

/**
 * sonner's Toaster, loaded once the page has hydrated and shown from then on (nothing on the server). Loaded
 * into state rather than through a suspending lazy component, whose reveal React may hold back on a timer.
 */
export function DeferredToaster(props: ToasterProps) {
  const [Toaster, setToaster] = React.useState<Toaster | null>(null);
  React.useEffect(() => {
    let live = true;
    loadSonner().then(
      (m) => live && setToaster(() => m.Toaster),
      (err: unknown) => console.error("Notifications could not be loaded", err),
    );
    return () => {
      live = false;
    };
  }, []);
  return Toaster ? <ReadyToaster Toaster={Toaster} {...props} /> : null;
}
