import * as React from "react";
import type { MessageId } from "../../shared/i18n/messages";

/**
 * Whether the signed-in user created their account in this browser tab: they are greeted 'Welcome'
 * rather than 'Welcome back' until they next sign in. Kept in sessionStorage (this tab only); the
 * server does not need to know.
 */
const KEY = "newAccountUserId";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings); the greeting then falls back to 'Welcome back'.
    return null;
  }
}

export function rememberNewAccount(userId: number) {
  try {
    storage()?.setItem(KEY, String(userId));
  } catch {
    // Quota or blocked storage: nothing to remember.
  }
}

export function forgetNewAccount() {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // As above.
  }
}

export function isNewAccount(userId: number): boolean {
  try {
    return storage()?.getItem(KEY) === String(userId);
  } catch {
    return false;
  }
}

const subscribe = () => () => {};

/** The server renders the returning-user greeting; the browser switches to the new-account one after hydration. */
export function useIsNewAccount(userId: number): boolean {
  return React.useSyncExternalStore(
    subscribe,
    () => isNewAccount(userId),
    () => false,
  );
}

/** The greeting's message id: 'Welcome,' for an account made in this tab, else 'Welcome back,'. */
export const greeting = (isNew: boolean) => (isNew ? "portal.overview.welcomeNew" : "portal.overview.welcomeBack") satisfies MessageId;
