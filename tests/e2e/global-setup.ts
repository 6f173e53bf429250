import { E2E_BASE_PORT, makeTemplate } from "./server";

/** Seeds the database every worker's server starts from (a copy each), once per run. */
export default async function globalSetup() {
  await makeTemplate(E2E_BASE_PORT + 7);
}
