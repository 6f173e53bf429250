import type { Config } from "../env";
import type { Database } from "../db/client";
import { createSessionStore } from "../auth/sessions";
import { createStorage } from "../lib/storage";
import { createApplicationService } from "./applications";
import { createContactService } from "./contact";
import { createDocumentService } from "./documents";
import { createPortfolioService } from "./portfolio";
import { createPressService } from "./press";
import { createSettingsService } from "./settings";
import { createUserService } from "./users";

/** Everything the API and the page loaders call. Built once per process. */
export function createServices(database: Database, config: Config) {
  const { db } = database;
  const storage = createStorage(config.dataDir);
  return {
    config,
    database,
    storage,
    sessions: createSessionStore({ db, secret: config.sessionSecret, secure: config.secureCookies }),
    users: createUserService({ db }),
    portfolio: createPortfolioService({ db }),
    press: createPressService({ db }),
    contact: createContactService({ db }),
    documents: createDocumentService({ db, storage }),
    applications: createApplicationService({ db }),
    settings: createSettingsService({ db, productionHostname: config.productionHostname }),
  };
}

export type Services = ReturnType<typeof createServices>;
