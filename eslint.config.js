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

/**
 * The server's modules (decision 049): a module's index.ts is its face, exporting what the app and
 * other modules may use. A module imports another only as `../<m>` (its index.ts), never a file inside
 * it, and so does the rest of apps/server/src (app.ts wires the routes each index exports), tests
 * included. Two exceptions, outside these zones: src/demo/ (the demo seed writes its world straight
 * through repositories, as the test factories do) and apps/server/test/ (the harness: cases-registry
 * lists each module's <m>.cases.ts, factories.ts inserts users). apps/server/test/lint-zones.test.ts
 * probes them; apps/server/test/module-graph.test.ts keeps modules free of cycles.
 */
const server = './apps/server/src';
const moduleFaces = serverModules.map((m) => `./${m}/index.ts`);
const serverZones = [
  ...serverModules.map((m) => ({
    target: `${server}/modules/${m}`,
    from: `${server}/modules`,
    except: [`./${m}`, ...moduleFaces],
    message: 'Un módulo usa otro solo por su index.ts (`../<módulo>`), nunca un archivo de dentro.',
  })),
  {
    target: [`${server}/!(modules|demo)/**/*`, `${server}/*.ts`],
    from: `${server}/modules`,
    except: moduleFaces,
    message: 'Fuera de modules/, el servidor usa un módulo solo por su index.ts (`modules/<módulo>`).',
  },
];

/**
 * The web's layers (issue 29, decision 048), one direction only, as bulletproof-react draws them:
 * i18n ← api ← components ← features ← app ← main.tsx. A feature imports components/, api/, i18n/,
 * its own folder and @evalua/contracts (and test-support/ in its tests); components/ and api/ never
 * import a feature or app/; nothing imports app/ (the frame: router, route table, layout, screens that
 * compose features) but the entry and app/ itself, and test-support/, whose renderRoute mounts the
 * real route table. apps/web/build-tools/lint-zones.test.ts probes every zone.
 */
const web = './apps/web/src';
const webZones = [
  {
    target: `${web}/!(app|test-support)/**/*`,
    from: [`${web}/app`, `${web}/main.tsx`],
    message:
      'Solo main.tsx importa app/ (el marco: rutas, layout, pantallas que componen funcionalidades); lo compartido vive en components/.',
  },
  ...webFeatures.map((f) => ({
    target: `${web}/features/${f}`,
    from: `${web}/features`,
    except: [`./${f}`],
    message:
      'Una funcionalidad no importa otra: compón la pantalla en app/screens/ o comparte por api/ o components/.',
  })),
  {
    target: `${web}/components`,
    from: `${web}/features`,
    message: 'components/ no importa funcionalidades: lo compartido no depende de una pantalla.',
  },
  {
    target: `${web}/api`,
    from: [`${web}/features`, `${web}/components`],
    message: 'api/ no importa funcionalidades ni components/: los datos no dependen de la interfaz.',
  },
  {
    target: `${web}/i18n`,
    from: [`${web}/features`, `${web}/components`, `${web}/api`],
    message: 'i18n/ (textos y formatos) no importa nada de la web.',
  },
  {
    target: `${web}/!(test-support)/**/!(*.test).{ts,tsx}`,
    from: `${web}/test-support`,
    message: 'test-support/ es para las pruebas (*.test.ts, *.test.tsx).',
  },
];

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
    // Issue 29 §5: what an evaluation's state allows is a rule of contracts (v1EvaluationAllows,
    // v2EvaluationAllows, v2TransitionRefusal); a screen asks it instead of restating it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "BinaryExpression[operator=/^[!=]==$/][right.type='Literal'][right.value=/^(draft|open|closed|borrador|abierta|cerrada)$/]:matches([left.property.name=/status$/], [left.expression.property.name=/status$/], [left.name=/status$/i])",
          message:
            'Lo que permite el estado de una evaluación es una regla de contracts: pregunta v1EvaluationAllows / v2EvaluationAllows.',
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
    // Boundaries (issue 14, decision 024): no import cycles anywhere in the apps; the web's layers
    // (webZones above, decision 048); a server module reaches another only through its index.ts
    // (serverZones above, decision 049).
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
          // Paths are relative to this file, wherever ESLint runs from.
          basePath: import.meta.dirname,
          zones: [...webZones, ...serverZones],
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
    // The same outside the modules: the sessions' SQL lives in auth/sessions-repository.ts (decision 049).
    files: ['apps/server/src/auth/**/*.ts'],
    ignores: ['apps/server/src/auth/**/*repository.ts', 'apps/server/src/auth/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', importNames: ['sql'], message: 'El SQL vive en repository.ts.' }] },
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
