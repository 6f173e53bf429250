// ESLint for the whole repository: TypeScript, React hooks and accessibility rules (`npm run lint`).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import noLiteralUiText from "./scripts/eslint/no-literal-ui-text.js";

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
);
