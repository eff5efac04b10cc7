import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import local from './eslint-rules/index.js';

// Lint keeps the shape of the code (docs/architecture.md, "Lint rules"): one-way layers
// (domain imports neither server nor web; server and web never import each other), no web
// feature importing another, no server feature importing another feature's internals, no
// import cycle, kebab-case file names, and no unused code.

// Server folders that carry things for every feature rather than being a feature: they may
// import any repository, and a file in them is never "a feature's repository". jobs/ is not
// among them on purpose: a job runs a feature's work on a timer and calls its service.
const SERVER_INFRASTRUCTURE = ['db', 'http', 'events', 'mail', 'notices'];

// What one server feature may import from another: its entry points, the files named
// `*-service.ts` (members-service.ts, trade-life-cycle-service.ts, …) and, listed here by
// feature, the few shared helpers that are not services (the ledger every balance change goes
// through, the member views and SQL fragments, picture storage, sessions, a feature's refusal
// wording). Anything else in a feature is its own (docs/architecture.md, "Lint rules").
const SERVER_ENTRY_POINTS = {
  auth: ['session-plugin', 'address-limiter'],
  // Browse's query helpers: escapeLike (members' searches) and the prepared statements the
  // forum's reads share. They belong in db/ once browse is split (issue 24).
  listings: ['browse-query', 'prepared-statements'],
  members: ['member-views', 'display-name-sql', 'suspension-sql', 'membership-sql', 'away-sql'],
  points: ['ledger'],
  trades: ['trade-refusals'],
  uploads: ['image-store', 'storage'],
};

export default tseslint.config(
  {
    // tests/lint/fixtures/ break the rules on purpose: tests/unit/lint-rules.test.ts lints them.
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'src/server/db/migrations/**', 'tests/lint/fixtures/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Every file ESLint reads has a kebab-case name ('trade-timeline.tsx'); what follows the
    // first dot ('.test.ts', '.config.js') is not part of the name. The folders they sit in
    // are kebab-case too (a feature's folder is its name: features/member-directory/).
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{js,mjs,cjs,ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { 'src/**/': 'KEBAB_CASE', 'tests/**/': 'KEBAB_CASE', 'scripts/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    // No import cycle. Type-only imports are erased when the code runs, so they do not count.
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Relative imports carry no extension (moduleResolution "Bundler"); the plugin follows
      // only files with the extensions listed here, parsed with typescript-eslint's parser.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The one loop allowed: message_threads.trade_request_id and trade_requests.thread_id are
    // foreign keys to each other, so each schema file imports the other's table. Drizzle reads
    // the other table only inside the lazy `references(() => …)` callback, after both modules
    // have loaded, so the loop is safe. Any other loop through these files goes unseen: keep
    // them to table definitions.
    files: ['src/server/db/schema/messages.ts', 'src/server/db/schema/trades.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, local },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The client must not import server code.' }] },
      ],
      // router.tsx, components/ and lib/ are not features: they may import features.
      'local/no-cross-feature-import': ['error', { featuresDir: 'src/web/features' }],
      // The web calls the API by a key of the route contract, never by a path written by hand,
      // so every call's input and answer are typed from the server's schemas (decision 0029).
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/api\\//]', 'TemplateElement[value.raw=/^\\/api\\//]'].map((selector) => ({
          selector,
          message: "Call the API by its route contract key: api.call('GET /api/…') (src/web/lib/api-client.ts).",
        })),
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', 'node:*'],
              message: 'The domain module is pure: no server, web or Node imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    plugins: { local },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'], message: 'The server must not import client code.' }] },
      ],
      'local/no-foreign-repository': [
        'error',
        {
          serverDir: 'src/server',
          infrastructure: SERVER_INFRASTRUCTURE,
          entryPoints: SERVER_ENTRY_POINTS,
        },
      ],
    },
  },
  {
    // Transactions and row locks (docs/architecture.md, "Locks and transactions"): one helper
    // opens every transaction and runs it again after a deadlock; rows are locked FOR NO KEY
    // UPDATE, never FOR UPDATE, which would block other transactions' foreign-key checks.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/db/transaction.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            'Open transactions with runInTransaction (src/server/db/transaction.ts): it runs the transaction again after a deadlock.',
        },
        {
          selector: "CallExpression[callee.property.name='for'][arguments.0.value='update']",
          message:
            "Lock rows with .for('no key update'): FOR UPDATE also blocks other transactions' foreign-key checks.",
        },
      ],
    },
  },
);
