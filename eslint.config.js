import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Dependencies point one way: app/ and server/ (and the seed, a consumer like them) use modules/,
// which use db/ and lib/. The rules below hold the arrows that a type import or a quick fix
// could turn around.

/** Every folder under modules/ is a module: a new one is covered without editing this file. */
const MODULE_NAMES = fs
  .readdirSync(path.join(import.meta.dirname, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Pages read data through module services; types they share live in lib/ or a module's schema. */
const NO_DATABASE_IN_APP = {
  regex: '^(#db/|(\\.\\./)+db/)',
  message:
    "app/ does not import db/ (types included): call the module's service, and take shared types from lib/ or the module's schema.",
};

/** The page rule that keeps links and redirects in the page's language (lib/i18n.ts localePath). */
const LOCALE_KEEPING_NAVIGATION = {
  name: 'react-router',
  importNames: ['Link', 'NavLink', 'redirect'],
  message:
    'Use Link and NavLink from #app/components/link.tsx and redirect from #app/locale-redirect.ts: they keep the language.',
};

/** db/ sits below the modules: it imports none of them, nor anything above them. */
function databaseImportPattern(alsoForbidden) {
  const folders = ['modules', 'server', 'app', ...alsoForbidden].join('|');
  return {
    regex: `^(#(${folders})/|(\\.\\./)+(${folders})/)`,
    message: `db/ sits below the modules: it does not import ${folders.replaceAll('|', ', ')}.`,
  };
}

/**
 * What a module may not import. Its own files are all open to it. From another module it takes
 * any file but that module's routes (`*.api.ts`: HTTP belongs to the server that registers
 * them), its command line (`*.cli.ts`), its tests and their fixtures; in practice its schema,
 * its services and the pieces named after it that other modules share (`catalogue.events.ts`,
 * `mail.links.ts`, `media.storage.ts` ...). Another module is reached by its `#modules/` path,
 * never a relative one that would slip past this rule. Nothing above the modules (app/, server/,
 * the seed) is imported at all.
 */
function moduleImportPatterns(name) {
  const others = MODULE_NAMES.filter((other) => other !== name);
  return [
    {
      regex: `^#modules/(?!${name}/)[^/]+/(.*\\.(api|cli|test)\\.tsx?|fixtures/.*)$`,
      message:
        "Another module's routes, command line and tests are its own: use its schema or service.",
    },
    {
      regex: `^(\\.\\./)+(${others.join('|')})/`,
      message: 'Import another module by its #modules/ path.',
    },
    {
      regex: '^(#app/|#server/|#seed/|(\\.\\./)+(app|server|seed)/)',
      message: 'Modules sit below app/, server/ and the seed: they do not import them.',
    },
  ];
}

/**
 * The listing tables are written in one place, modules/catalogue/catalogue.writes.ts, which keeps
 * the lifetime columns and tells the listing event (server/listing-reactions.ts). Any other
 * insert, update or delete of a property or an asset, named or through the catalogue's table
 * helpers, is refused. Tests and the seed build their rows directly.
 */
const LISTING_WRITE_MESSAGE =
  "Listings are written only through the catalogue's writer (modules/catalogue/catalogue.writes.ts): it keeps their lifetime and tells the listing event.";
const WRITE_CALL = 'CallExpression[callee.property.name=/^(insert|update|delete)$/]';
const LISTING_WRITES = [
  `${WRITE_CALL}[arguments.0.name=/^(properties|assets)$/]`,
  `${WRITE_CALL}[arguments.0.callee.name='sharedTableOf']`,
  `${WRITE_CALL}[arguments.0.object.name='LISTING_TABLES']`,
  "CallExpression[callee.name='softDeleteWhere'][arguments.1.name=/^(properties|assets)$/]",
].map((selector) => ({ selector, message: LISTING_WRITE_MESSAGE }));

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'data/**',
      '.react-router/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // An insert's returning() row and a just-checked lookup are known to exist.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Page tests are exempt: they may set up and check rows through #db/schema.ts and
    // #db/testing.ts. (The next block repeats this pattern: a later no-restricted-imports
    // replaces an earlier one rather than adding to it.)
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DATABASE_IN_APP] }] },
  },
  {
    // A page's links and redirects stay in its language (lib/i18n.ts localePath).
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/components/link.tsx', 'app/locale-redirect.ts', 'app/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [LOCALE_KEEPING_NAVIGATION], patterns: [NO_DATABASE_IN_APP] },
      ],
    },
  },
  {
    files: ['db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [databaseImportPattern(['seed'])] }],
    },
  },
  {
    // A database test builds its rows with the seed's factories (#seed/factories.ts).
    files: ['db/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [databaseImportPattern([])] }] },
  },
  // Tests are exempt: a test may build its rows through any module it needs.
  ...MODULE_NAMES.map((name) => ({
    files: [`modules/${name}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: moduleImportPatterns(name) }] },
  })),
  {
    files: ['modules/**/*.ts', 'server/**/*.ts', 'app/**/*.{ts,tsx}', 'lib/**/*.ts'],
    ignores: ['modules/catalogue/catalogue.writes.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...LISTING_WRITES] },
  },
  {
    files: ['scripts/**', 'bench/**', 'seed/cli.ts', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-dynamic-delete': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
);
