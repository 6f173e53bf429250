import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;

/** Signs the page's browser context in as the seeded admin (through the API, sharing cookies with the page). */
export async function signInAsAdmin(page: Page) {
  const res = await page.request.post("/api/login", { data: E2E_ADMIN });
  if (!res.ok()) throw new Error(`admin login failed: ${res.status()}`);
}

/** Registers a new regular user and signs the page in as them. */
export async function signInAsRegular(page: Page) {
  const email = `regular-${unique()}@e2e.test`;
  const password = "regular-password";
  const res = await page.request.post("/api/register", { data: { email, fullName: "Rana Regular", password } });
  if (!res.ok()) throw new Error(`register failed: ${res.status()}`);
  return { email, password };
}

/** Registers a user, has the admin approve their application, and signs the page in as the new investor. */
export async function signInAsInvestor(page: Page, request: APIRequestContext) {
  const { email, password } = await signInAsRegular(page);
  const applied = await page.request.post("/api/investor-applications", {
    data: { company: "Nile Family Office", position: "Partner", motivation: "We would like to review the annual reports before investing." },
  });
  if (!applied.ok()) throw new Error(`apply failed: ${applied.status()}`);
  const { id } = await applied.json();
  const admin = await request.post("/api/login", { data: E2E_ADMIN });
  if (!admin.ok()) throw new Error("admin login failed");
  const approved = await request.post(`/api/investor-applications/${id}/approve`);
  if (!approved.ok()) throw new Error(`approve failed: ${approved.status()}`);
  return { email, password };
}
