import { afterEach, describe, expect, it } from "vitest";
import en from "../../shared/i18n/catalogs/en/portal.json";
import ar from "../../shared/i18n/catalogs/ar/portal.json";
import { forgetNewAccount, greeting, isNewAccount, rememberNewAccount } from "./new-account";

function fakeStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

const g = globalThis as { window?: unknown };

afterEach(() => {
  delete g.window;
});

describe("[auth] new-account greeting", () => {
  it("greets a just-registered user with 'Welcome' until they sign in again", () => {
    g.window = { sessionStorage: fakeStorage() };
    expect(isNewAccount(7)).toBe(false);
    rememberNewAccount(7);
    expect(isNewAccount(7)).toBe(true);
    // Another account in the same tab is not new.
    expect(isNewAccount(8)).toBe(false);
    forgetNewAccount();
    expect(isNewAccount(7)).toBe(false);
  });

  it("falls back to 'Welcome back' when storage is blocked or absent", () => {
    expect(isNewAccount(7)).toBe(false);
    g.window = {
      get sessionStorage(): Storage {
        throw new Error("SecurityError");
      },
    };
    expect(() => rememberNewAccount(7)).not.toThrow();
    expect(isNewAccount(7)).toBe(false);
  });

  it("has the two greetings", () => {
    expect(greeting(true)).toBe("portal.overview.welcomeNew");
    expect(en[greeting(true)]).toBe("Welcome,");
    expect(ar[greeting(true)]).toBe("مرحباً،");
    expect(greeting(false)).toBe("portal.overview.welcomeBack");
    expect(en[greeting(false)]).toBe("Welcome back,");
    expect(ar[greeting(false)]).toBe("مرحباً بعودتك،");
  });
});
