import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * Code that reaches the browser (components, and app/ files Remix cannot strip because they are not
 * `.server` modules or route exports) must not pull in the database or a domain service. Types are
 * fine: they vanish at build time.
 */
const SERVER_ONLY = {
  patterns: [
    {
      regex: "^(#db/|(\\.\\./)+db/)(?!enums\\.ts$)",
      message: "The database is server-only: read it in a loader or action.",
      allowTypeImports: true,
    },
    {
      regex: "^#domain/(.+-(service|writer)\\.ts|demo/.*|imports/telemetry-export-reader\\.ts)$",
      message: "Domain services use the database: call them from a loader, an action or a .server module.",
      allowTypeImports: true,
    },
    { regex: "\\.server(\\.tsx?)?$", message: "A .server module cannot reach the browser.", allowTypeImports: true },
  ],
};

/**
 * The domain's feature folders in layers, lowest first: a folder may import the folders before it in
 * this list and never one after it, so no two folders import each other (docs/architecture.md, "Feature
 * folders and their directions"). A new folder takes its place here.
 */
const DOMAIN_LAYERS = [
  "shared",
  "business",
  "mail",
  "month-close",
  "agreements",
  "commissions",
  "payouts",
  "self-billing",
  "accounts",
  "imports",
  "receivables",
  "machines",
  "products",
  "invoices",
  "accounting",
  "audit",
  "partners",
  "demo",
];

const layerRules = DOMAIN_LAYERS.map((folder, index) => {
  const above = DOMAIN_LAYERS.slice(index + 1);
  return {
    files: [`domain/${folder}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: above.length
            ? [
                {
                  regex: `^(\\.\\./|#domain/)(${above.join("|")})/`,
                  message: `domain/${folder}/ sits below ${above.join(", ")} (DOMAIN_LAYERS in eslint.config.js): move the shared piece down, or pass it in.`,
                },
              ]
            : [],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "dist/**",
      "dist.*/**",
      "data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "reports/**",
      ".stryker-tmp/**",
    ],
  },
  ...tseslint.configs.recommended,
  // Type-aware rules (no-misused-promises, no-floating-promises, the no-unsafe family…) on TypeScript.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ["**/*.{ts,tsx}"] })),
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/no-floating-promises": "error",
      // Remix's guards throw Responses (redirect, 401/403/404) on purpose.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "@remix-run/server-runtime", name: "TypedResponse" },
          ],
        },
      ],
      // Route handlers keep one async shape even when a branch has nothing to await (405 answers).
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // Tests read JSON answers (typed any) and check them with assertions.
    files: ["tests/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/nonce.tsx", "app/entry.client.tsx", "app/utils/*.ts"],
    ignores: ["app/utils/*.server.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", SERVER_ONLY] },
  },
  {
    // One job per file: a source file past 300 lines is split by responsibility (decision 64).
    // Tests, migrations and the build's output aside.
    files: ["{app,domain,cli,db,server}/**/*.{ts,tsx,js}", "server.js"],
    ignores: ["db/migrations/**"],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  ...layerRules,
);
