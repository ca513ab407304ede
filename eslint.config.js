import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importPlugin from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/drizzle/**',
      'apps/web/test-results/**',
      'apps/web/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.ts', '*.js', '*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify plugins and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    // Registered as `import`: the rule names the style guide and the issues use (import/no-cycle…).
    plugins: { import: importPlugin },
    settings: {
      // Which files the plugin reads to follow imports (TypeScript's), and how it resolves their paths.
      'import-x/extensions': importPlugin.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importPlugin.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      // A cycle hides an order of initialisation and a design knot (queueing a job vs handling it).
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Features do not import each other (STYLE.md): what two features share moves to lib or components/ui.
      'import/no-restricted-paths': [
        'error',
        {
          zones: ['admin', 'auth', 'consultations', 'home', 'patients', 'profile', 'templates'].map((feature) => ({
            target: `./apps/web/src/features/${feature}`,
            from: './apps/web/src/features',
            except: [`./${feature}`],
            message: 'Features do not import each other: move what they share to lib or components/ui.',
          })),
        },
      ],
      // Imports flow one way: lib and components/ui -> features -> app (STYLE.md).
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/app/*', '@/app/*'], message: 'app/ composes features; nothing imports from it.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/**', 'apps/web/src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*', '@/features/*', '**/app/*', '@/app/*'],
              message: 'lib and components/ui stay below features and app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's production code never reaches into its test harness: helpers shared by tests live in
    // apps/server/test, and only test files (and bench, eval) import them.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src',
              from: './apps/server/test',
              message: 'Production code does not import test helpers: only *.test.ts files do.',
            },
          ],
        },
      ],
    },
  },
  {
    // Operations take plain values (STYLE.md): routes pass originOf(request) and the caller's id. Only the files
    // that read an upload's body stream take the request itself.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**/*routes.ts',
      'apps/server/src/modules/**/*.test.ts',
      'apps/server/src/modules/certificates/receive-certificate.ts',
      'apps/server/src/modules/evidences/add-evidence.ts',
      'apps/server/src/modules/evidences/receive-document.ts',
      'apps/server/src/modules/transcription/accept-chunk.ts',
      'apps/server/src/modules/transcription/audio/receive-audio.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              importNames: ['FastifyRequest'],
              message: 'Operations take plain values: pass originOf(request) and the caller, not the request.',
            },
          ],
        },
      ],
    },
  },
  {
    // Plain scripts, and the declarations written beside them for TypeScript's importers.
    files: ['**/*.js', '**/*.mjs', '**/*.d.mts'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
