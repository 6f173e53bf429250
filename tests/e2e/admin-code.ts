import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { authenticatorApp, type AuthenticatorApp } from "../helpers/authenticator";

/**
 * The end-to-end administrator signs in with an authenticator app, as every admin must. Its secret and recovery
 * codes are made once on the template database (global setup) and kept in this file for the workers.
 */
const SECRET_FILE = path.resolve(import.meta.dirname, `../../tmp/e2e-admin-totp-${process.env.E2E_PORT ?? 3510}`);

/** The app as this process uses it with each server (each server's database remembers the steps it accepted). */
const apps = new Map<string, AuthenticatorApp>();

/**
 * A code for the administrator's next sign-in on the server at `baseURL`: from the app, or one of the recovery codes
 * (each server's database is a copy with all ten) rather than wait for the app's next step.
 */
export function adminCode(baseURL: string): Promise<string> {
  if (!apps.has(baseURL)) {
    const { secret, recoveryCodes } = JSON.parse(readFileSync(SECRET_FILE, "utf8")) as { secret: string; recoveryCodes: string[] };
    apps.set(baseURL, authenticatorApp(secret, recoveryCodes));
  }
  return apps.get(baseURL)!.next();
}

/** Signs `api` in as the administrator: password, then a code from the app. */
export async function adminLogin(api: APIRequestContext, baseURL: string, credentials: { email: string; password: string }) {
  const res = await api.post("/api/login", { data: credentials });
  if (!res.ok()) throw new Error(`login as ${credentials.email} failed: ${res.status()} ${await res.text()}`);
  if (!(await res.json()).twoFactorRequired) return;
  const second = await api.post("/api/login/two-factor", { data: { code: await adminCode(baseURL) } });
  if (!second.ok()) throw new Error(`second step as ${credentials.email} failed: ${second.status()} ${await second.text()}`);
}

/** Sets up the authenticator app for the administrator on a fresh server, through the account API, and keeps the secret for the workers. */
export async function enrolAdmin(api: APIRequestContext, credentials: { email: string; password: string }) {
  const login = await api.post("/api/login", { data: credentials });
  if (!login.ok()) throw new Error(`login as ${credentials.email} failed: ${login.status()}`);
  const { secret } = await (await api.post("/api/account/two-factor/app")).json();
  const confirmed = await api.post("/api/account/two-factor/app/confirm", { data: { code: await authenticatorApp(secret).toConfirm() } });
  if (!confirmed.ok()) throw new Error(`setting up the admin's app failed: ${confirmed.status()} ${await confirmed.text()}`);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  writeFileSync(SECRET_FILE, JSON.stringify({ secret, recoveryCodes }));
}
