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
 * import each other, and nothing shared imports a feature. The server never
 * imports the web app and the contract imports neither.
 */
const feature = (name) => `./apps/web/src/features/${name}`;
const features = ['account', 'auth', 'classes', 'downloads', 'homework', 'notices', 'results', 'students', 'system'];
const learnApp = './apps/web/src/learn';

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

/**
 * The floors of the server (docs/architecture.md, "Floors of the server"), lowest first: db and
 * lib → plugins → modules → app.ts, server.ts, cli. A floor imports only from its own or lower ones
 * (tests may reach higher: a test of lib may build the whole app).
 */
const server = (p) => `./apps/server/src/${p}`;
const serverTop = [server('app.ts'), server('server.ts'), server('runtime.ts'), server('cli')];
const serverFloors = [
  {
    target: [server('db'), server('lib')],
    from: [server('plugins'), server('modules'), ...serverTop],
    message: 'db and lib are the floor: they import nothing of plugins, modules or the app (move what they need down).',
  },
  {
    target: server('plugins'),
    from: [server('modules'), ...serverTop],
    message:
      'Plugins import no module: app.ts hands them what they need through an interface in lib (e.g. lib/acting.ts).',
  },
  {
    target: server('modules'),
    from: serverTop,
    message: 'Modules do not import the app, the server or the CLI.',
  },
];

const zones = [
  { target: './packages/contract', from: './apps' },
  { target: './apps/server', from: './apps/web' },
  { target: './apps/web', from: './apps/server' },
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
  // The children's app (src/learn, its own entry at /learn/) reuses exactly the library's preview
  // views, the recorder, the request layer and the password encryption; the teacher app never imports it.
  {
    target: learnApp,
    from: './apps/web/src/features',
    except: ['./library/preview'],
    message: "The children's app reuses only the library's preview views from features.",
  },
  {
    target: learnApp,
    from: './apps/web/src/lib',
    except: ['./recorder', './request.ts', './password-crypto.ts'],
    message: "The children's app reuses only lib/recorder, lib/request.ts and lib/password-crypto.ts.",
  },
  {
    target: learnApp,
    from: ['./apps/web/src/app', './apps/web/src/components', './apps/web/src/config'],
    message: "The children's app does not use the teacher app's layers.",
  },
  {
    target: [
      './apps/web/src/app',
      './apps/web/src/features',
      './apps/web/src/lib',
      './apps/web/src/components',
      './apps/web/src/config',
    ],
    from: learnApp,
    message: "The teacher app does not import the children's app.",
  },
];

/**
 * The glossary (docs/architecture.md, "Names"): a teacher's class is never `team`, a student is
 * never `child` in TypeScript identifiers. Wire names stay as the spec fixes them: snake_case
 * fields (`team_id`, `team_name`) and single-word fields used as property keys or accessed on an
 * object (`team`, `teams`, `children`). A compound property name (`teamId`) is ours and is caught;
 * so is every variable, parameter, function, class and type. `ChildProcess` (node) is not a student.
 */
const retiredWord = '(?:[Tt]eam|[Cc]hild)';
const retiredNames = [
  {
    selector: `Identifier[name=/^(?!.*_)(?!ChildProcess$).*${retiredWord}/]:not(Property > Identifier.key):not(MemberExpression > Identifier.property):not(TSPropertySignature > Identifier.key)`,
    message: 'Glossary (docs/architecture.md, "Names"): say class, not team; student, not child.',
  },
  {
    selector: `:matches(Property, MemberExpression, TSPropertySignature) > Identifier[name=/^(?!.*_)(?=.*[A-Z]).*${retiredWord}/]`,
    message:
      'Glossary (docs/architecture.md, "Names"): a compound property name of ours says class/student (wire fields are snake_case).',
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
      // Without it import-x reads only .js files when following imports, and no-cycle sees none.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
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
      // No import loops anywhere (docs/architecture.md, "Floors of the server"). It follows value
      // imports only (`import type` is erased at run time); packages in node_modules are not
      // followed (they cannot import ours), which keeps it quick.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, ...serverFloors, ...serverModuleZones] }] },
  },
  {
    files: ['apps/server/**/*.ts', 'packages/contract/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...retiredNames] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
