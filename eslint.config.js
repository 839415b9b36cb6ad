import fs from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Kebab case, allowing a leading number (`0001-accounts.ts`); `.test`, `.spec`, `.module` are not part of the name.
const KEBAB = '+([a-z0-9])*(-+([a-z0-9]))';

const features = fs
  .readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Server concerns: one folder each (the gateway is still a file beside them). */
const SERVER_CONCERNS = ['gateway', 'auth', 'audit', 'hub', 'review', 'insights', 'db'];
const serverConcern = (name) => [`./server/${name}`, `./server/${name}.ts`];

// Device names and descriptions are untrusted: render them as text, never as HTML.
const UNTRUSTED_TEXT = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Untrusted text must render as text.' },
  { selector: "MemberExpression[property.name='innerHTML']", message: 'Untrusted text must render as text.' },
  {
    selector: "CallExpression[callee.property.name='bindPopup']",
    message: 'Leaflet popups take HTML strings; use react-leaflet <Popup> children.',
  },
  {
    selector: "CallExpression[callee.property.name='bindTooltip']",
    message: 'Leaflet tooltips take HTML strings; use react-leaflet <Tooltip> children.',
  },
];

// Test files share one module graph per worker (vite.config.ts, `isolate: false`): a module
// replaced there may already have been imported for real by another file.
const SHARED_GRAPH = {
  selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
  message: 'vi.mock needs a module graph of its own: add the file to WEB_MOCKING_MODULES in vite.config.ts.',
};
/** As WEB_MOCKING_MODULES in vite.config.ts. */
const MOCKING_TESTS = ['src/features/composite-events/audio/listen-player.test.tsx'];

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'test-results', 'playwright-report', 'public', 'bench/.tmp'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': ['error', ...UNTRUSTED_TEXT],
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Use sessionStorage for tokens; localStorage only through lib helpers.' },
      ],
    },
  },
  {
    // Walls: a feature never imports another; shared code never imports features or the app.
    // Shared code moves down (src/components, src/lib, src/api) when a second feature needs it.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': {
        typescript: { project: ['tsconfig.app.json', 'tsconfig.node.json', 'server/tsconfig.json'] },
        node: true,
      },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features never import each other: move what both need to src/components, src/lib or src/api.',
            })),
            {
              target: ['./src/components', './src/lib', './src/api'],
              from: ['./src/features', './src/app'],
              message: 'Shared code never imports a feature or the app.',
            },
            { target: './src/features', from: './src/app', message: 'The app composes features, not the reverse.' },
            {
              target: ['./src/lib', './src/api'],
              from: './src/components',
              message: 'src/lib and src/api sit below the components.',
            },
            { target: './src', from: ['./server', './e2e', './bench'], message: 'The browser app stands alone.' },
          ],
        },
      ],
    },
  },
  {
    // Nothing imports a test or a spec, so no cycle runs through one; a cycle among what they
    // import is found from those modules. Walking the graph again from each test was a third of
    // the lint's time.
    files: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'e2e/**/*.spec.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // Server concerns keep to themselves: the demo edge is a stand-in for a real edge and knows
    // nothing of the console; the console's concerns never reach into the demo; the database
    // layer sits under the rest. Only the composition root (app.ts, index.ts) wires them together.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server/demo',
              from: './server',
              except: ['./demo', './redact.ts'],
              message: 'The demo edge is an edge: it knows nothing of the console server.',
            },
            {
              target: SERVER_CONCERNS.flatMap(serverConcern),
              from: ['./server/demo', './server/demo-control.ts', './server/app.ts', './server/index.ts'],
              message: 'Console concerns never reach into the demo edge or the composition root.',
            },
            {
              target: './server/db',
              from: SERVER_CONCERNS.filter((name) => name !== 'db').flatMap(serverConcern),
              message: 'The database layer sits under the other concerns.',
            },
            {
              target: './server',
              from: './src',
              // The route table is plain data without imports: the server preloads each page's chunks
              // from it, and fills its data's time windows as the page does (also without imports).
              except: ['./app/routes.ts', './lib/time-window.ts'],
              message: 'The server never imports the browser app (but its route table and its time windows).',
            },
          ],
        },
      ],
    },
  },
  {
    // The edge is read through its one client (server/edge/): timeout, size cap, no redirects,
    // credentials removed, one error. A fetch anywhere else in the server would skip all of that.
    // Fetches to other hosts keep their own place: sign-in providers (auth/oidc*) and alert
    // receivers (alerts/); tests and their helpers call the console itself.
    files: ['server/**/*.ts'],
    ignores: ['server/edge/**', 'server/auth/oidc*', 'server/alerts/**', 'server/**/*.test.ts', 'server/testing/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Read the edge through server/edge/ (createEdgeClient), not fetch.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', property: 'fetch', message: 'Read the edge through server/edge/, not fetch.' },
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'undici', message: 'Read the edge through server/edge/, not undici.' }] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': KEBAB }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{src,server,e2e,bench}/**/': KEBAB }],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    ignores: MOCKING_TESTS,
    rules: { 'no-restricted-syntax': ['error', ...UNTRUSTED_TEXT, SHARED_GRAPH] },
  },
  {
    files: ['server/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', SHARED_GRAPH] },
  },
  {
    // Contract tests read arbitrary JSON bodies field by field.
    files: ['server/**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/lib/i18n/**', 'src/testing/**'],
    rules: { 'no-restricted-globals': 'off' },
  },
);
