import { readdirSync } from "node:fs"

import js from "@eslint/js"
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript"
import { importX } from "eslint-plugin-import-x"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

const web = "./apps/web/src"
const features = readdirSync(`${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const featureZones = features.map((feature) => ({
  target: `${web}/features/${feature}`,
  from: `${web}/features`,
  except: [`./${feature}`],
  message: "A feature imports no other feature: move what both need to lib/ or components/.",
}))

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "data/**", "e2e/screenshots/**", "**/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The dashboard's layers: app composes features; a feature uses the shared layers (components,
    // hooks, lib, config) and never another feature; the shared layers use no feature and no app
    // code. Anything two features need moves down into a shared layer (e.g. lib/auth).
    files: ["apps/web/src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // Without these, import-x reads imported TypeScript files with the JavaScript parser, fails
      // and silently skips them, so no cycle through a .ts file would ever be found.
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: "apps/web/tsconfig.json" }),
      ],
    },
    rules: {
      // Not into node_modules: our cycles are ours, and following packages doubles lint time.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...featureZones,
            {
              target: [`${web}/components`, `${web}/hooks`, `${web}/lib`, `${web}/config`],
              from: [`${web}/features`, `${web}/app`],
              message: "Shared code imports no feature and no app code.",
            },
            {
              target: `${web}/features`,
              from: `${web}/app`,
              message: "Features import no app code: the app composes the features.",
            },
          ],
        },
      ],
    },
  },
  {
    // The server and the shared packages have no import cycles either.
    files: ["apps/server/src/**/*.ts", "packages/*/src/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Tests of shared code may build the app's providers (e.g. its query client).
    files: ["apps/web/src/**/__tests__/**", "apps/web/src/testing/**"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: featureZones }] },
  },
)
