import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const webFeatures = dirs('./apps/web/src/features');
const serverModules = dirs('./apps/server/src/modules');

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@evalua/server'],
              message: 'La web no importa código del servidor.',
            },
          ],
        },
      ],
    },
  },
  {
    // The environment is read once, in config.ts, and validated there (STYLE §6).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Lee el entorno en config.ts (loadConfig).' },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@evalua/server', '@evalua/web'],
              message: 'contracts no depende de las apps.',
            },
          ],
        },
      ],
    },
  },
  {
    // Boundaries (issue 14, decision 024): no import cycles anywhere in the apps; a web feature does
    // not import another (screens that combine features are composed in app/); a server module
    // reaches another only through its service, never its repository.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
              message:
                'Una funcionalidad no importa otra: compón la pantalla en app/ o comparte por api/ o components/.',
            })),
            ...serverModules.map((m) => ({
              target: `./apps/server/src/modules/${m}`,
              from: serverModules
                .filter((o) => o !== m)
                .map((o) => `./apps/server/src/modules/${o}/repository.ts`),
              message: 'Un módulo llama al service de otro, nunca a su repository.',
            })),
          ],
        },
      ],
    },
  },
  {
    // One layering rule on the server: routes speak HTTP and call their service; SQL only in repository.ts.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/repository.ts', 'apps/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', importNames: ['sql'], message: 'El SQL vive en repository.ts.' }],
          patterns: [
            {
              group: ['./repository', '../*/repository'],
              message: 'Las rutas llaman al service; solo el service usa su repository.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|with)$/]',
          message: 'El SQL vive en repository.ts.',
        },
      ],
    },
  },
  {
    // A service may use its own repository (the rule above forbids it to routes).
    files: ['apps/server/src/modules/**/service.ts', 'apps/server/src/modules/**/*-service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', importNames: ['sql'], message: 'El SQL vive en repository.ts.' }] },
      ],
    },
  },
);
