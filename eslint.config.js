import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The folders directly under `dir` (none when it does not exist). */
function subfolders(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
}

const serverModules = subfolders('apps/server/src/modules');
const features = subfolders('apps/web/src/features');

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'tools/*/tsconfig.json', 'e2e/tsconfig.json'],
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The browser never imports server, database or gateway code.
            { target: './apps/web', from: './apps/server', message: 'A web não importa código do servidor.' },
            { target: './apps/web', from: './packages/topin', message: 'A web não importa o codec TOPIN.' },
            // The shared contract depends on nothing of ours.
            { target: './packages/shared', from: './apps' },
            { target: './packages/topin', from: './apps' },
            // The server's arrows point one way: infrastructure never imports a module; a module, the
            // gateway or the live hub reach another module through its services, never its
            // repository (the module owning a table is the only code that touches it).
            {
              target: ['./apps/server/src/plugins', './apps/server/src/lib', './apps/server/src/db'],
              from: './apps/server/src/modules',
              message: 'Infraestrutura (plugins/, lib/, db/) não importa módulos: receba o que precisa por opção do plugin.',
            },
            {
              target: ['./apps/server/src/gateway', './apps/server/src/live'],
              from: './apps/server/src/modules/*/*repository.ts',
              message: 'Adaptadores chamam os serviços dos módulos, nunca os repositórios.',
            },
            ...serverModules.flatMap((m) =>
              serverModules
                .filter((o) => o !== m)
                .map((o) => ({
                  target: `./apps/server/src/modules/${m}`,
                  from: `./apps/server/src/modules/${o}/*repository.ts`,
                  message: `O módulo ${m} usa o ${o} pelos serviços dele, nunca pelo repositório.`,
                })),
            ),
            // Features never import each other; shared web code never imports features.
            ...features.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
              message: 'Features não importam outras features: componha-as nas rotas (src/app).',
            })),
            { target: ['./apps/web/src/components', './apps/web/src/lib'], from: './apps/web/src/features' },
            { target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/features'], from: './apps/web/src/app' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'node:*'],
              message: 'A web não importa banco de dados nem módulos do Node.',
            },
          ],
        },
      ],
    },
  },
  {
    // The build config runs in Node (it precompresses the build with node:zlib); the app code does not.
    files: ['apps/web/vite.config.ts', 'apps/web/vite.compressao.ts', 'apps/web/vite.publico.config.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'], message: 'A web não importa banco de dados.' }] },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    // Tests run in Node only: the spelling test reads the web app's and the server's sources.
    ignores: ['packages/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fastify', 'drizzle-orm', 'pg', 'react'],
              message: 'packages/shared é usado pela web e pelo servidor: sem Node, banco ou React.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser journeys, the benchmarks and the tools are packages like the others: they reach the
    // server, the web and each other by name and exports, never by a path into another package's folder.
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'tools/**/*.ts'],
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  // Formatting is Prettier's (`npm run format`); no lint rule argues with it.
  prettier,
);
