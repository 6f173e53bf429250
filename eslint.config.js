// ESLint for the whole repository: TypeScript, React hooks and accessibility rules, and the layers' import
// boundaries (`npm run lint`).
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import noLiteralUiText from "./scripts/eslint/no-literal-ui-text.js";

// The layers' boundaries, as patterns of `@typescript-eslint/no-restricted-imports`. Each matches import sources as
// written from inside the repository's folders ("../../server/lib/errors"); `allowTypeImports` lets `import type`
// (and imports whose every name is a type) through, since those are erased before any bundle is built.
const SERVER_TYPES_ONLY = {
  regex: "^(\\.\\./)+server(/|$)",
  allowTypeImports: true,
  message: "app/ imports server code as types only; values go in shared/ or an app *.server.ts module, and loaders reach services through the load context.",
};
const CONTRACT_TYPES_ONLY = {
  regex: "^(\\.\\./)+shared/api/(?!paths$|document$|reference$)",
  allowTypeImports: true,
  message: "app/ reads the API contract as types only (its zod schemas would ship in the page's bundle): call through app/lib/api/ and its ROUTES table.",
};
const NO_SERVER = {
  regex: "^(\\.\\./)+server(/|$)",
  allowTypeImports: false,
  message: "shared/ imports nothing from server/: move what both sides need into shared/.",
};
const SCHEMA_TYPES_ONLY = {
  regex: "^(\\.\\./)+db/schema$",
  allowTypeImports: true,
  message: "A feature's routes read the database schema as types only: call a service, or read the list from shared/.",
};
const NO_OTHER_API_FILE = {
  regex: "^(\\./([^/]+-)?routes$|\\.\\./[^/]+/([^/]+-)?routes$|\\.\\./api/)",
  allowTypeImports: false,
  message: "No routes file imports another: move what both need to a service, server/http or server/lib.",
};
const SERVICE_TYPES_ONLY = {
  regex: "^(\\.\\./)+features(/|$)",
  allowTypeImports: true,
  message: "server/http/ imports services as types only: constants go to shared/ or server/lib, services come from the app's context.",
};
// Numbers and dates become text only in shared/i18n/format.ts, where the digit policy lives (Western digits in both
// languages): a formatter built anywhere else would write its own digits.
const OWN_FORMAT = "Format numbers and dates through shared/i18n/format.ts (useFormat() in components): one digit policy for every page, e-mail and export.";
const NO_OWN_FORMATTERS = [
  { selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|NumberFormat|RelativeTimeFormat)$/]", message: OWN_FORMAT },
  { selector: "CallExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|NumberFormat|RelativeTimeFormat)$/]", message: OWN_FORMAT },
  { selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]", message: OWN_FORMAT },
];
// The dashboard (components/admin) and the investor portal (components/portal) do not import each other; what both
// show (the press and portfolio editors, the confirmation dialog) lives in components/manage, which imports neither.
const feature = (name) => ({
  regex: `^(~/components/${name}(/|$)|(\\.\\./)+${name}/)`,
  allowTypeImports: false,
  message: `components/admin and components/portal do not import each other, and components/manage imports neither: what both need goes in components/manage.`,
});
const restrict = (...patterns) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns }] });
/** Tests run in Node and exercise layers together; the boundaries are for the code that ships. */
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

export default tseslint.config(
  {
    ignores: ["build/", "build-*/", "data/", "tmp/", ".react-router/", "test-results/", "playwright-report/", "public/", "server/db/migrations/"],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      // Route modules and shared code run in both the browser and Node.
      globals: { ...globals.browser, ...globals.node },
    },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"],
  jsxA11y.flatConfigs.recommended,
  {
    rules: {
      // A leading underscore marks a value left out on purpose (`{ password: _password, ...user }`, Express's `_next`).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Module augmentation (`interface AppLoadContext extends LoadContext {}`) needs an interface with no members of its own.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      // Stripping control characters from names, XML and redirect targets is what those expressions are for.
      "no-control-regex": "off",
      // These rules check code for the React Compiler, which the project does not use. The components set state from
      // new props in effects and keep the element to return focus to in a ref read during render, on purpose.
      "react-hooks/set-state-in-effect": "off",
      "react-hooks/refs": "off",
      "react-hooks/immutability": "off",
      "react-hooks/incompatible-library": "off",
      "react-hooks/static-components": "off",
      // Focus moves only where the visitor's own action opened the thing: a dialog, a menu, the search page.
      "jsx-a11y/no-autofocus": "off",
      // A scrollable region must be reachable from the keyboard to be scrolled with it.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
      // A label wrapping a Radix control (Switch, Checkbox) labels the button the component renders.
      "jsx-a11y/label-has-associated-control": ["error", { controlComponents: ["Switch", "Checkbox"], depth: 3 }],
    },
  },
  {
    // The primitives pass their text and `htmlFor` through props; the rules check the elements that use them.
    files: ["app/components/ui/**"],
    rules: { "jsx-a11y/heading-has-content": "off", "jsx-a11y/label-has-associated-control": "off" },
  },
  {
    // Every word a visitor reads comes from the message catalogs (English and Arabic).
    files: ["app/**/*.tsx"],
    ignores: ["**/*.test.tsx"],
    plugins: { local: { rules: { "no-literal-ui-text": noLiteralUiText } } },
    rules: { "local/no-literal-ui-text": "error" },
  },
  {
    // Tests read JSON answers of any shape and assert on their fields.
    files: ["tests/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Playwright fixtures are functions of ({ dependencies }, use): `use` is Playwright's callback, not React's
    // hook, and a fixture that needs no other fixture takes an empty pattern.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  // The layers (docs/architecture.md, "Layers the linter checks"). A file gets one `no-restricted-imports` setting:
  // for files two blocks match, the later one holds.
  {
    // Pages and components import server code only as types: a value import would carry server code into the
    // browser bundle. Route modules' `*.server.ts(x)` helpers run only on the server (the bundler refuses them in the
    // browser) and may import it.
    files: ["app/**"],
    ignores: ["app/**/*.server.ts", "app/**/*.server.tsx", ...TESTS],
    rules: restrict(SERVER_TYPES_ONLY, CONTRACT_TYPES_ONLY),
  },
  {
    files: ["app/components/admin/**"],
    ignores: TESTS,
    rules: restrict(SERVER_TYPES_ONLY, CONTRACT_TYPES_ONLY, feature("portal")),
  },
  {
    files: ["app/components/portal/**"],
    ignores: TESTS,
    rules: restrict(SERVER_TYPES_ONLY, CONTRACT_TYPES_ONLY, feature("admin")),
  },
  {
    files: ["app/components/manage/**"],
    ignores: TESTS,
    rules: restrict(SERVER_TYPES_ONLY, CONTRACT_TYPES_ONLY, feature("admin"), feature("portal")),
  },
  {
    // shared/ runs in the browser and on the server, so it imports nothing from server/, not even a type.
    files: ["shared/**"],
    ignores: TESTS,
    rules: restrict(NO_SERVER),
  },
  {
    // A feature's routes (server/features/<feature>/*routes.ts) and the API's index read the database schema as types
    // only: tables are the services' business, and lists that validate input live in shared/.
    files: ["server/api/**", "server/features/**/*routes.ts"],
    ignores: TESTS,
    rules: restrict(SCHEMA_TYPES_ONLY),
  },
  {
    // No routes file imports another (what two need lives in a service, server/http or server/lib); server/api/index.ts,
    // which mounts every router at its prefix, is the one that imports them all.
    files: ["server/api/**", "server/features/**/*routes.ts"],
    ignores: ["server/api/index.ts", ...TESTS],
    rules: restrict(SCHEMA_TYPES_ONLY, NO_OTHER_API_FILE),
  },
  {
    // Code that ships formats numbers and dates only through the shared formatting module.
    files: ["app/**", "shared/**", "server/**"],
    ignores: ["shared/i18n/format.ts", ...TESTS],
    rules: { "no-restricted-syntax": ["error", ...NO_OWN_FORMATTERS] },
  },
  {
    // The browser reaches the API only through the typed clients of app/lib/api/ (built from the contract in
    // shared/api/): no component, hook or route writes an `/api/...` URL of its own.
    files: ["app/**"],
    ignores: ["app/lib/api/**", ...TESTS],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[value=/^\\/api\\//]",
          message: "Call the API through its typed client in app/lib/api/ (or href() for a link), not a URL string.",
        },
        {
          selector: "TemplateElement[value.raw=/^\\/api\\//]",
          message: "Call the API through its typed client in app/lib/api/ (or href() for a link), not a URL string.",
        },
        // This block replaces the one above for these files, so it repeats its rule.
        ...NO_OWN_FORMATTERS,
      ],
    },
  },
  {
    // HTTP plumbing (middleware, guards, the error handler) receives services and imports them as types only.
    files: ["server/http/**"],
    ignores: TESTS,
    rules: restrict(SERVICE_TYPES_ONLY),
  },
  {
    // No import cycles: a module never reaches itself through what it imports (static or dynamic imports; type-only
    // imports are erased and do not count). A cycle makes load order decide which binding is still undefined.
    plugins: { "import-x": importX },
    settings: {
      // Follow imports into TypeScript files, parsed as ESLint parses them.
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
);
