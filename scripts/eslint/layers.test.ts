import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The repository's own ESLint config, run on snippets placed (by file path) in each layer: every boundary the
// config promises reports a deliberately wrong import, and the allowed form of the same import passes.

const root = path.resolve(import.meta.dirname, "../..");
const RESTRICTED = "@typescript-eslint/no-restricted-imports";
const CYCLE = "import-x/no-cycle";

const linters = new Map<string, ESLint>();
/** ESLint with the project's config, running only `rule` so each case reports exactly what it is about. */
function linter(rule: string) {
  let eslint = linters.get(rule);
  if (!eslint) {
    eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.js"), ruleFilter: ({ ruleId }) => ruleId === rule });
    linters.set(rule, eslint);
  }
  return eslint;
}

/** The messages `rule` reports for `code` placed at `filePath` (relative to the repository). */
async function lint(rule: string, filePath: string, code: string) {
  const [result] = await linter(rule).lintText(code, { filePath: path.join(root, filePath) });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

const restricted = (source: string, rule: string) => ({
  ruleId: RESTRICTED,
  message: expect.stringMatching(
    new RegExp(`^'${source.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}' import is restricted from being used by a pattern\\. ${rule}`),
  ),
});

describe("[lint] app/ imports server code as types only", () => {
  const rule = "app/ imports server code as types only";

  it("refuses a value import from server/ in a route module", async () => {
    expect(await lint(RESTRICTED, "app/routes/x.tsx", `import { AppError } from "../../server/lib/errors";\nexport const e = AppError;\n`)).toEqual([
      restricted("../../server/lib/errors", rule),
    ]);
  });

  it("refuses one in a component too, at any depth", async () => {
    const code = `import { CONTACT_HONEYPOT_FIELD } from "../../../server/features/contact/contact";\nexport const f = CONTACT_HONEYPOT_FIELD;\n`;
    expect(await lint(RESTRICTED, "app/components/home/x.tsx", code)).toEqual([restricted("../../../server/features/contact/contact", rule)]);
  });

  it("refuses a re-export of a server value", async () => {
    expect(await lint(RESTRICTED, "app/lib/x.ts", `export { AppError } from "../../server/lib/errors";\n`)).toEqual([
      restricted("../../server/lib/errors", rule),
    ]);
  });

  it("allows `import type` and inline type specifiers", async () => {
    const code = `import type { AppError } from "../../server/lib/errors";\nimport { type PublicUser } from "../../server/features/accounts/users";\nexport type T = [AppError, PublicUser];\n`;
    expect(await lint(RESTRICTED, "app/routes/x.tsx", code)).toEqual([]);
  });

  it("allows value imports in an app *.server.ts module and in tests", async () => {
    const code = `import { AppError } from "../../server/lib/errors";\nexport const e = AppError;\n`;
    expect(await lint(RESTRICTED, "app/lib/x.server.ts", code)).toEqual([]);
    expect(await lint(RESTRICTED, "app/lib/x.test.ts", code)).toEqual([]);
  });
});

describe("[lint] shared/ imports nothing from server/", () => {
  const rule = "shared/ imports nothing from server/";

  it("refuses a value import and a type import alike", async () => {
    expect(await lint(RESTRICTED, "shared/x.ts", `import { users } from "../server/db/schema";\nexport const u = users;\n`)).toEqual([
      restricted("../server/db/schema", rule),
    ]);
    expect(await lint(RESTRICTED, "shared/api/x.ts", `import type { Role } from "../../server/db/schema";\nexport type R = Role;\n`)).toEqual([
      restricted("../../server/db/schema", rule),
    ]);
  });

  it("allows imports inside shared/", async () => {
    expect(await lint(RESTRICTED, "shared/x.ts", `import { ROLES, type Role } from "./roles";\nexport const r: readonly Role[] = ROLES;\n`)).toEqual([]);
  });
});

describe("[lint] a feature's routes import neither another routes file nor the schema's values", () => {
  const sibling = "No routes file imports another";
  const schema = "A feature's routes read the database schema as types only";

  it("refuses one routes file importing another, in its feature or another", async () => {
    const inFeature = `import { accountRoutes } from "./account-routes";\nexport const r = accountRoutes;\n`;
    expect(await lint(RESTRICTED, "server/features/accounts/auth-routes.ts", inFeature)).toEqual([restricted("./account-routes", sibling)]);
    const other = `import type { Router } from "../press/routes";\nexport type R = Router;\n`;
    expect(await lint(RESTRICTED, "server/features/portfolio/routes.ts", other)).toEqual([restricted("../press/routes", sibling)]);
  });

  it("lets a routes file use its own feature's services and another feature's helpers", async () => {
    const code = `import { publicationRoutes } from "../publication/action-endpoints";\nimport { langParam } from "../content/content-locale";\nexport const r = [publicationRoutes, langParam];\n`;
    expect(await lint(RESTRICTED, "server/features/press/routes.ts", code)).toEqual([]);
  });

  it("lets server/api/index.ts, which mounts the routers, import them", async () => {
    expect(await lint(RESTRICTED, "server/api/index.ts", `import { pressRoutes } from "../features/press/routes";\nexport const r = pressRoutes;\n`)).toEqual(
      [],
    );
  });

  it("refuses a value from the database schema, in index.ts too", async () => {
    expect(
      await lint(RESTRICTED, "server/features/outbox/routes.ts", `import { EMAIL_STATUSES } from "../../db/schema";\nexport const s = EMAIL_STATUSES;\n`),
    ).toEqual([restricted("../../db/schema", schema)]);
    expect(await lint(RESTRICTED, "server/api/index.ts", `import { EMAIL_STATUSES } from "../db/schema";\nexport const s = EMAIL_STATUSES;\n`)).toEqual([
      restricted("../db/schema", schema),
    ]);
  });

  it("allows the schema's types and lists from shared/, and a service's values outside routes files", async () => {
    const code = `import type { User } from "../../db/schema";\nimport { EMAIL_STATUSES } from "../../../shared/outbox";\nexport const s: [User?, typeof EMAIL_STATUSES?] = [];\n`;
    expect(await lint(RESTRICTED, "server/features/mail/outbox-routes.ts", code)).toEqual([]);
    expect(
      await lint(RESTRICTED, "server/features/mail/outbox.ts", `import { emailMessages } from "../../db/schema";\nexport const t = emailMessages;\n`),
    ).toEqual([]);
  });
});

describe("[lint] server/http imports the features' services as types only", () => {
  const rule = "server/http/ imports services as types only";

  it("refuses a value from a service, also from a subfolder", async () => {
    expect(
      await lint(RESTRICTED, "server/http/x.ts", `import { RATE_RULES } from "../features/rate-limits/rate-limit";\nexport const r = RATE_RULES;\n`),
    ).toEqual([restricted("../features/rate-limits/rate-limit", rule)]);
    expect(
      await lint(RESTRICTED, "server/http/page-cache/x.ts", `import { createServices } from "../../features";\nexport const c = createServices;\n`),
    ).toEqual([restricted("../../features", rule)]);
  });

  it("allows a service's types", async () => {
    expect(await lint(RESTRICTED, "server/http/x.ts", `import type { PublicUser } from "../features/accounts/users";\nexport type U = PublicUser;\n`)).toEqual(
      [],
    );
  });
});

describe("[lint] no import cycles", () => {
  it("refuses a component that imports the root module, which renders it", async () => {
    const code = `import { loader } from "~/root";\nexport const l = loader;\n`;
    expect(await lint(CYCLE, "app/components/site/footer.tsx", code)).toEqual([{ ruleId: CYCLE, message: "Dependency cycle detected" }]);
  });

  it("allows a type-only import of the root loader", async () => {
    const code = `import type { loader } from "~/root";\nexport type L = typeof loader;\n`;
    expect(await lint(CYCLE, "app/components/site/footer.tsx", code)).toEqual([]);
  });

  it("follows dynamic imports: the HTML cleaner may not import the worker pool whose task table imports it", async () => {
    const code = `import { runHtmlTask } from "../workers/html-pool";\nexport const run = runHtmlTask;\n`;
    expect(await lint(CYCLE, "server/lib/sanitize-content.ts", code)).toEqual([{ ruleId: CYCLE, message: expect.stringMatching(/^Dependency cycle via /) }]);
  });
});

describe("[lint] no API URL outside the typed clients", () => {
  const SYNTAX = "no-restricted-syntax";
  const refused = { ruleId: SYNTAX, message: "Call the API through its typed client in app/lib/api/ (or href() for a link), not a URL string." };

  it("refuses an /api/ string or template in a component, a hook or a route", async () => {
    expect(await lint(SYNTAX, "app/components/admin/x.tsx", `export const url = "/api/press-releases";\n`)).toEqual([refused]);
    expect(await lint(SYNTAX, "app/hooks/x.ts", "export const url = (id: number) => `/api/press-releases/${id}`;\n")).toEqual([refused]);
    expect(await lint(SYNTAX, "app/routes/x.tsx", `export const url = "/api/openapi.json";\n`)).toEqual([refused]);
  });

  it("allows them in app/lib/api/ and in tests, and allows other paths", async () => {
    expect(await lint(SYNTAX, "app/lib/api/x.ts", `export const url = "/api/press-releases";\n`)).toEqual([]);
    expect(await lint(SYNTAX, "app/components/admin/x.test.tsx", `export const url = "/api/press-releases";\n`)).toEqual([]);
    expect(await lint(SYNTAX, "app/routes/x.tsx", `export const url = "/press-releases";\n`)).toEqual([]);
  });
});

describe("[lint] app/ reads the API contract as types only", () => {
  it("refuses a value import of a resource's contract (its schemas would ship to the browser)", async () => {
    const messages = await lint(
      RESTRICTED,
      "app/components/admin/x.tsx",
      `import { pressEndpoints } from "../../../shared/api/press";\nexport const e = pressEndpoints;\n`,
    );
    expect(messages).toEqual([{ ruleId: RESTRICTED, message: expect.stringMatching(/reads the API contract as types only/) }]);
  });

  it("allows a type import, and the schema-free paths module", async () => {
    const code = `import type { pressEndpoints } from "../../../shared/api/press";\nimport { fillPath } from "../../../shared/api/paths";\nexport type E = typeof pressEndpoints;\nexport const f = fillPath;\n`;
    expect(await lint(RESTRICTED, "app/components/admin/x.tsx", code)).toEqual([]);
  });
});

describe("[lint] the dashboard and the portal do not import each other; what both show lives in components/manage", () => {
  const rule = "components/admin and components/portal do not import each other";

  it("refuses the portal importing a dashboard component, by alias or relative path", async () => {
    const code = `import { ContactTab } from "~/components/admin/contact-tab";\nimport { TabHeader } from "../admin/tab-header";\nexport const c = [ContactTab, TabHeader];\n`;
    expect(await lint(RESTRICTED, "app/components/portal/x.tsx", code)).toEqual([
      restricted("~/components/admin/contact-tab", rule),
      restricted("../admin/tab-header", rule),
    ]);
  });

  it("refuses the dashboard importing a portal component", async () => {
    const code = `import { PortalStates } from "~/components/portal/portal-states";\nexport const c = PortalStates;\n`;
    expect(await lint(RESTRICTED, "app/components/admin/documents/x.tsx", code)).toEqual([restricted("~/components/portal/portal-states", rule)]);
  });

  it("refuses components/manage importing either", async () => {
    const code = `import { TabHeader } from "../admin/tab-header";\nimport { PressPanel } from "~/components/portal/press-panel";\nexport const c = [TabHeader, PressPanel];\n`;
    expect(await lint(RESTRICTED, "app/components/manage/x.tsx", code)).toEqual([
      restricted("../admin/tab-header", rule),
      restricted("~/components/portal/press-panel", rule),
    ]);
  });

  it("allows both to import components/manage", async () => {
    const code = `import { ConfirmDialog } from "~/components/manage/confirm-dialog";\nexport const c = ConfirmDialog;\n`;
    expect(await lint(RESTRICTED, "app/components/portal/x.tsx", code)).toEqual([]);
    expect(await lint(RESTRICTED, "app/components/admin/x.tsx", code)).toEqual([]);
  });
});
