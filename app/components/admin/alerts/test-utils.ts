/**
 * For the Alerts tab's component tests (happy-dom), beside the data room's helpers (../data-room/test-render): the
 * page's text, a button of the open confirmation or dialog, choosing an option, and a sample time.
 */
import { act } from "react";

/** The page's text, as a reader sees it in one string. */
export const pageText = () => document.body.textContent ?? "";

/** The open dialog (a confirmation or a form). */
export const openDialog = () => document.querySelector<HTMLElement>('[role="alertdialog"], [role="dialog"]');

/** A button of the open dialog by its visible text or accessible name. */
export function dialogButton(name: string) {
  const dialog = openDialog();
  if (!dialog) throw new Error("no dialog is open");
  return [...dialog.querySelectorAll("button")].find((b) => b.textContent?.trim() === name || b.getAttribute("aria-label") === name);
}

/** Chooses `value` in a native select, as a person does (a change event React reads). */
export async function choose(select: HTMLSelectElement | null, value: string) {
  if (!select) throw new Error("no select");
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

/** A select by its accessible name (aria-label) or its label. */
export function selectNamed(name: string) {
  const byAria = document.querySelector<HTMLSelectElement>(`select[aria-label="${name}"]`);
  if (byAria) return byAria;
  const label = [...document.querySelectorAll("label")].find((l) => l.textContent?.trim() === name);
  return label ? (document.getElementById(label.getAttribute("for") ?? "") as HTMLSelectElement | null) : null;
}

export const AT = "2026-11-20T08:00:00.000Z";
