import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (docs/architecture.md): in the web app, imports flow app → features →
 * shared (components/ui, lib — including the read layer lib/queries —, config); features do not
 * import each other, and nothing shared imports a feature. The teacher app (apps/web) and the
 * children's app (apps/learn) never import each other: what both use is in packages/ui
 * (@ondoku/ui), which imports neither. The server never imports the web apps and the contract
 * imports no app.
 */
const feature = (name) => `./apps/web/src/features/${name}`;
const features = ['account', 'auth', 'classes', 'downloads', 'homework', 'notices', 'results', 'students', 'system'];

/**
 * Server modules (apps/server/src/modules/<x>) reach another module only through its policy.ts
 * (access: "may this teacher touch that record") and index.ts (its public functions). Every
 * folder there is a module, so a new one is covered without editing this file. Tests may reach
 * further (e.g. to mock a repository).
 */
const serverModules = fs
  .readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const serverModuleZones = serverModules.flatMap((target) =>
  serverModules
    .filter((from) => from !== target)
    .map((from) => ({
      target: `./apps/server/src/modules/${target}`,
      from: `./apps/server/src/modules/${from}`,
      except: ['./policy.ts', './index.ts'],
      message: `Modules import each other only through policy.ts (access) and index.ts (public functions): use modules/${from}/index.ts or policy.ts.`,
    })),
);

const zones = [
  { target: './packages/contract', from: ['./apps', './packages/ui'] },
  { target: './apps/server', from: ['./apps/web', './apps/learn', './packages/ui'] },
  { target: ['./apps/web', './apps/learn'], from: './apps/server' },
  ...features.map((name) => ({
    target: feature(name),
    from: './apps/web/src/features',
    except: [`./${name}`],
    message: 'Features do not import each other: move what they share to components/ui or lib.',
  })),
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'Features must not import the app layer.',
  },
  {
    target: ['./apps/web/src/lib', './apps/web/src/components', './apps/web/src/config'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared code must not depend on features or the app layer.',
  },
  // The two web apps share only through @ondoku/ui (packages/ui) and the contract.
  {
    target: './apps/learn',
    from: './apps/web',
    message: "The children's app never imports the teacher app: move what both use to packages/ui (@ondoku/ui).",
  },
  {
    target: './apps/web',
    from: './apps/learn',
    message: "The teacher app never imports the children's app: move what both use to packages/ui (@ondoku/ui).",
  },
  {
    target: './packages/ui',
    from: ['./apps/web', './apps/learn', './apps/server'],
    message: '@ondoku/ui is shared by both web apps and imports neither.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/migrations/**', 'packages/speech/model/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, ...serverModuleZones] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/learn/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
