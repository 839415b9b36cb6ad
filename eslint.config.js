import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      // Device names and descriptions are untrusted: render them as text, never as HTML.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Untrusted text must render as text.',
        },
        { selector: "MemberExpression[property.name='innerHTML']", message: 'Untrusted text must render as text.' },
        {
          selector: "CallExpression[callee.property.name='bindPopup']",
          message: 'Leaflet popups take HTML strings; use react-leaflet <Popup> children.',
        },
        {
          selector: "CallExpression[callee.property.name='bindTooltip']",
          message: 'Leaflet tooltips take HTML strings; use react-leaflet <Tooltip> children.',
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Use sessionStorage for tokens; localStorage only through lib helpers.' },
      ],
    },
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
