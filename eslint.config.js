// Lint rules that find bugs, not style (Prettier owns the layout): see docs/decisions/0003-lint-and-format.md.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * The house's layers (README, "How the code is laid out"): pages → features → lib; server → lib;
 * a feature's *.server.ts may use the server; scripts and tests may use anything; nothing imports tests.
 * Checked on the import specifiers (every import here is relative), in .astro frontmatter too.
 */
const layer = (message, ...folders) => ({
  regex: `(^|/)(${folders.join('|')})/`,
  message,
});
const NO_TESTS = layer('Nothing imports the tests (tests may import scripts and src, not the other way).', 'tests');
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/**
 * The modules of src/server/db, a folder each (docs/development.md, "How the code is laid out"): a module is
 * reached from outside only through its public files, named here; every other file of it is private. A name
 * here that no file has any more (a module being rewritten) allows nothing and breaks nothing; a new file
 * another module needs is added here on purpose. The files of db/ itself (the connection, the tables, ids,
 * the write transaction) are shared by every module.
 */
const DB_MODULES = {
  migrations: ['migrations', 'animal-word-schema', 'catalogue-change-schema'],
  catalogue: [
    'admin-animals',
    'admin-overview',
    'animal-bulk',
    'animal-rows',
    'animal-trash',
    'animal-updates',
    'audit',
    'catalogue-reads',
    'catalogue-writes',
    'category-writes',
    'seo-queries',
    'shown-to-shoppers',
    'write-rules',
  ],
  search: ['animal-words', 'unfound-searches'],
  seed: ['seed', 'seed-catalogue', 'synthetic'],
  contact: ['contact-messages'],
  content: ['content-files', 'content-pages', 'content-seed', 'content-transfer'],
  backup: ['backups', 'backup-runs', 'restore', 'postgres-restore'],
  favourites: ['favourite-lists'],
};
/**
 * Every module of db but `own`, as its importers write it: `db/<module>/` from outside db
 * (`../db/catalogue/…`, `../src/server/db/seed/…`), and `../<module>/` from a sibling module.
 */
const otherDbModules = (own) =>
  Object.entries(DB_MODULES)
    .filter(([folder]) => folder !== own)
    .map(([folder, exports]) => ({
      regex: `(${own ? '^\\.\\./|' : ''}(^|/)db/)${folder}/(?!(${exports.join('|')})\\.ts$)`,
      message: `src/server/db/${folder}/ is reached only through its public files: ${exports.map((name) => `${name}.ts`).join(', ')} (eslint.config.js, DB_MODULES).`,
    }));
const OUTSIDE_DB_MODULES = otherDbModules(undefined);
/**
 * Folders whose public face is their index.ts: code outside reaches them only through it (checked on
 * the resolved paths, so relative specifiers of any depth count). The search's index in pieces has a
 * face of its own, so that only code that searches the pieces bundles them.
 */
const FACES = ['src/lib/search', 'src/server/search'];
const FACE_FILES = { 'src/lib/search': ['./index.ts', './pieces/index.ts'] };
const faceZones = (own) =>
  FACES.filter((face) => face !== own).map((face) => ({
    target: './',
    from: `./${face}`,
    except: FACE_FILES[face] ?? ['./index.ts'],
    message: `${face}/ is reached from outside only through ${(FACE_FILES[face] ?? ['./index.ts']).map((file) => `${face}/${file.slice(2)}`).join(' or ')}.`,
  }));
const SERVER_LAYER = layer(
  'The server uses src/lib only (move what it needs from a feature down to lib).',
  'features',
  'pages',
  'static-site',
);

export default defineConfig(
  {
    ignores: [
      'dist/',
      'builds/',
      'dist-static/',
      '.astro/',
      'data/',
      'public/',
      'reports/',
      'test-results/',
      'playwright-report/',
      'bench-results/',
    ],
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  // Type-aware rules (floating promises, misused promises, unsafe any, …) on TypeScript files;
  // .astro files get the syntax-only rules above plus Astro's own.
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  astro.configs.recommended,
  astro.configs['jsx-a11y-recommended'],
  // Astro's a11y config registers the jsx-a11y plugin for every file; React files take its rules too.
  { files: ['**/*.tsx'], rules: jsxA11y.flatConfigs.recommended.rules },
  // Hooks live in the browser code under src/ (scripts/serve.ts has a `useShop` that is no hook).
  { files: ['src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      // rules-of-hooks and exhaustive-deps stay errors. The React Compiler's readiness rules judge
      // code for a compiler the shop does not use (a `latest` ref, react-hook-form's watch()).
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/incompatible-library': 'off',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      // An async function that does not await still returns a promise as its type says: not a bug.
      '@typescript-eslint/require-await': 'off',
      // Promise-returning handlers in JSX attributes (react-hook-form's handleSubmit) are fine;
      // everywhere else a promise where void is expected is a lost rejection.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Tests read JSON answers and page data (any by nature) and assert on them: the unsafe-any rules
    // would only add casts there. Source files keep them.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // Layers, from the top: each block names what a folder may not reach (see `layer` above).
  { files: ['src/**', 'scripts/**'], rules: restrict(NO_TESTS, ...OUTSIDE_DB_MODULES) },
  {
    files: ['src/lib/**'],
    rules: restrict(
      NO_TESTS,
      layer(
        'src/lib is shared by server and browser: it uses nothing else of ours.',
        'server',
        'features',
        'pages',
        'static-site',
      ),
    ),
  },
  {
    files: ['src/server/**'],
    rules: restrict(NO_TESTS, SERVER_LAYER, ...OUTSIDE_DB_MODULES),
  },
  // Each module of src/server/db reaches the others only through their public files (see DB_MODULES above).
  ...Object.keys(DB_MODULES).map((folder) => ({
    files: [`src/server/db/${folder}/**`],
    rules: restrict(NO_TESTS, SERVER_LAYER, ...otherDbModules(folder)),
  })),
  {
    files: ['src/features/**'],
    ignores: ['src/features/**/*.server.ts'],
    rules: restrict(
      NO_TESTS,
      layer(
        'A feature uses src/lib; only its *.server.ts modules may use the server.',
        'server',
        'pages',
        'static-site',
      ),
    ),
  },
  {
    files: ['src/features/**/*.server.ts'],
    rules: restrict(
      NO_TESTS,
      layer('Features do not reach into routes.', 'pages', 'static-site'),
      ...OUTSIDE_DB_MODULES,
    ),
  },
  // No import cycles in TypeScript modules; the faces' folders reached through their index.ts.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: faceZones(undefined) }],
    },
  },
  ...FACES.map((face) => ({
    files: [`${face}/**/*.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: faceZones(face) }] },
  })),
  {
    rules: {
      // onError/onLoad on an <img> are not interactions.
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        { handlers: ['onClick', 'onMouseDown', 'onMouseUp', 'onKeyPress', 'onKeyDown', 'onKeyUp'] },
      ],
      'astro/jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        { handlers: ['onClick', 'onMouseDown', 'onMouseUp', 'onKeyPress', 'onKeyDown', 'onKeyUp'] },
      ],
      // A label's text may sit in nested spans (the theme switch's name and joke).
      'astro/jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
      // Unused names are bugs or dead code; a leading underscore says "deliberately unused".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
);
