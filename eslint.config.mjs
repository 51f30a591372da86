import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import tanstackQuery from '@tanstack/eslint-plugin-query';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import eslintConfigPrettier from 'eslint-config-prettier/flat';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const remotes = ['mfe-discover', 'mfe-enquiry', 'mfe-payments', 'mfe-sessions'];

/** A remote may import shared, never the shell or another remote. */
const remotePatterns = (remote) => [
  { group: ['@kalike/shell', '@kalike/shell/*', '**/shell/src/**'], message: 'Remotes never import the shell.' },
  ...remotes
    .filter((other) => other !== remote)
    .map((other) => ({
      group: [`@kalike/${other}`, `@kalike/${other}/*`, `**/${other}/**`],
      message: 'Remotes never import each other; link through @kalike/shared/routing/paths.',
    })),
  { group: ['@kalike/api', '**/api/src/**'], message: 'The browser talks to the API over HTTP only.' },
];

/**
 * Features inside an app (`src/features/<feature>/`) never reach into each other: a feature
 * imports its own folder and the app's shared folders (`src/api`, `src/components`, `src/hooks`,
 * …), and pages compose features. The rule sees the import as written, so the zone is spelled
 * per folder depth inside a feature: from `depth` folders below the feature's own, climbing
 * `depth + 1` levels lands in `features/`, and going down from there is another feature.
 * The teacher's and the admin's features sit one folder deeper (`src/features/teach/<feature>/`,
 * `src/features/admin/<feature>/`): climbing `depth + 1` lands in the audience's folder and
 * `depth + 2` in `features/`, and going down from either is another feature.
 */
const maxFeatureDepth = 5;
const audiences = ['teach', 'admin'];
const crossFeatureMessage = "A feature never imports another feature; lift what several features use to the app's own api/, components/, hooks/ or utils/.";
const crossFeaturePatterns = (depth) => [
  {
    regex: `^(\\.\\./){${depth + 1}}(?!\\.\\.)|^(\\.\\./){${depth + 2}}features(/|$)`,
    message: crossFeatureMessage,
  },
];
const audienceCrossFeaturePatterns = (depth) => [
  {
    regex: `^(\\.\\./){${depth + 1},${depth + 2}}(?!\\.\\.)|^(\\.\\./){${depth + 3}}features(/|$)`,
    message: crossFeatureMessage,
  },
];

/**
 * Styles are built once at module level (emotion `css(…)` beside the component), not as a new
 * object on every render: in a list of a hundred cards that is a hundred objects per style.
 */
const stylesOutOfRender = (app) => ({
  files: [`${app}/src/**/*.tsx`],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "JSXAttribute[name.name='css'] > JSXExpressionContainer > ObjectExpression",
        message: 'Build the style once at module level with css() from @emotion/react; a variant is a second style in a style array.',
      },
    ],
  },
});

/**
 * Every app's import boundaries: for each remote its package zone on all its files, and for
 * the remotes and the shell the feature zones (which repeat the package zone, as a later
 * setting of the same rule replaces the earlier one).
 */
const remoteBoundaries = ['shell', ...remotes].flatMap((app) => {
  const packagePatterns = app === 'shell' ? [] : remotePatterns(app);
  const featureZones = Array.from({ length: maxFeatureDepth + 1 }, (_, depth) => [
    {
      files: [`${app}/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
      ignores: audiences.map((audience) => `${app}/src/features/${audience}/**`),
      rules: { 'no-restricted-imports': ['error', { patterns: [...packagePatterns, ...crossFeaturePatterns(depth)] }] },
    },
    {
      files: audiences.map((audience) => `${app}/src/features/${audience}/*/${'*/'.repeat(depth)}*.{ts,tsx}`),
      rules: { 'no-restricted-imports': ['error', { patterns: [...packagePatterns, ...audienceCrossFeaturePatterns(depth)] }] },
    },
  ]).flat();
  const packageZone = { files: [`${app}/src/**`], rules: { 'no-restricted-imports': ['error', { patterns: packagePatterns }] } };
  const zones = app === 'shell' ? featureZones : [packageZone, ...featureZones];
  return [...zones, stylesOutOfRender(app)];
});

/**
 * Size budgets, counted without blank lines and comments (a comment saying why never costs).
 * 80 lines is a function a reader holds on one screen; a longer one is several steps that
 * want names of their own. A React component's body is mostly its markup, so components
 * (*.tsx) get 150. 400 lines is a file about one concern; beyond that it holds several.
 * Route plugins (`api/src/**\/*.routes.ts`) are tables of route declarations, one schema
 * and a one-line handler each, so they are bounded by the file budget only. Tests are
 * exempt from both: a describe callback holds its cases, and a file its journey's steps.
 */
const sizeBudget = { skipBlankLines: true, skipComments: true };
const sizeBudgets = [
  {
    files: ['api/src/**/*.ts', 'shared/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-d.ts'],
    rules: {
      'max-lines': ['error', { max: 400, ...sizeBudget }],
      'max-lines-per-function': ['error', { max: 80, ...sizeBudget }],
    },
  },
  {
    files: ['**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 150, ...sizeBudget }] },
  },
  { files: ['api/src/**/*.routes.ts'], rules: { 'max-lines-per-function': 'off' } },
  // A migration is the record of one schema change, never edited once shipped; the schema
  // types are the one Database interface Kysely reads (one file, as in Kysely's own example).
  { files: ['api/src/db/migrations/*.ts'], rules: { 'max-lines-per-function': 'off' } },
  { files: ['api/src/db/schema.ts'], rules: { 'max-lines': 'off' } },
];

/**
 * An API module (`api/src/modules/<name>/`) reaches another only through that module's port
 * (`<other>/<other>.port.ts`): what the port offers is the whole of what others may rely on,
 * so a module's tables, queries and services can change behind it. The composition root
 * (`api/src/modules/index.ts`) wires the modules together and may import any of them. Tests
 * are outside the zones: they build whatever their setup needs.
 */
const apiModules = readdirSync(new URL('./api/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const apiModuleZones = {
  files: ['api/src/modules/**/*.ts'],
  ignores: ['**/*.test.ts'],
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: apiModules.map((name) => ({
          target: `./api/src/modules/${name}/**`,
          from: './api/src/modules/*/**',
          except: [`**/api/src/modules/${name}/**`, '**/api/src/modules/*/*.port.ts'],
          message: `A module reaches another only through its port (<module>/<module>.port.ts); ${name} must not import another module's internals.`,
        })),
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', '**/@mf-types/**', 'test-results/**', 'playwright-report/**', 'measurements/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.test.cjs'],
    languageOptions: { globals: globals.jest },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['shared/src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@kalike/*', '!@kalike/shared'], message: 'shared depends on no app.' },
            {
              group: ['./*', '../*'],
              message:
                'Import shared modules by package name (@kalike/shared/...): federation shares only package-name requests, so a relative import would create a second instance inside each remote.',
            },
          ],
        },
      ],
    },
  },
  ...remoteBoundaries,
  stylesOutOfRender('shared'),
  {
    // A cycle makes load order decide what a module sees (undefined at import time) and
    // ties two modules into one: move the shared part to where both can import it.
    files: ['**/*.{ts,tsx,mjs,cjs}'],
    // Nothing imports a test, so a test is never inside a cycle: skipping them saves the walk.
    ignores: ['**/*.test.{ts,tsx,mjs,cjs}', '**/*.spec.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.cjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json'],
          conditionNames: ['types', 'import', 'require', 'node', 'default'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Imports before any code: a reader learns what a file depends on from its top, and code
    // above an import runs before that import's module has loaded anything it names.
    files: ['**/*.{ts,tsx,mjs,cjs}'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/first': 'error' },
  },
  ...tanstackQuery.configs['flat/recommended'].map((config) => ({ ...config, files: ['shell/src/**', 'mfe-*/src/**', 'shared/src/**'] })),
  {
    files: ['shell/src/**/*.tsx', 'mfe-*/src/**/*.tsx', 'shared/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling region must be reachable by keyboard to be scrolled (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  {
    // The contracts are TypeBox schemas for the API; in the browser only their types are
    // wanted, or the schema library lands in every page's JavaScript.
    files: ['shell/src/**', 'mfe-*/src/**', 'shared/src/**'],
    // The shell's server build runs in Node, where the contracts' schemas cost nothing.
    ignores: ['shared/src/contracts/**', 'shell/src/server/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@kalike/shared/contracts/*'], allowTypeImports: true, message: 'Browser code imports contract types only (import type).' }] },
      ],
    },
  },
  ...sizeBudgets,
  apiModuleZones,
  // Formatting is Prettier's (prettier --check in the lint step); no lint rule argues with it.
  eslintConfigPrettier,
);
