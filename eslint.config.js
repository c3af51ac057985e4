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
 * imports no app. Every folder under apps/web/src/features is a feature, so a new one is guarded
 * without editing this file.
 */
const feature = (name) => `./apps/web/src/features/${name}`;
const features = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

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

/**
 * The glossary in identifiers of the teacher web app (docs/architecture.md, "Names"): a class,
 * never a team (only JSON fields such as team_id, team and teams, read as properties, and antd's
 * TeamOutlined icon keep the word); a student, never a child (React's children and the DOM's
 * child APIs are another concept); the printable id in JSON student_id is a loginId (studentId is
 * the server's database number, which the web app never holds).
 */
const domChild =
  '[Cc]hildren$|^childNodes$|^(append|remove|replace)Child$|^(first|last)(Element)?Child$|^childElementCount$';
const webNames = [
  {
    selector: `Identifier[name=/[Tt]eam/]:not([name=/_|Outlined$|^teams?$/])`,
    message: "Say class, not team (classId, ClassPicker): 'team' stays only in JSON fields and URL paths.",
  },
  {
    selector: `:matches(VariableDeclarator > Identifier.id, :function > Identifier.params, AssignmentPattern > Identifier.left, Property[shorthand=true] > Identifier.value)[name=/^teams?$/]`,
    message: "Say class, not team: a variable, parameter or prop holding a class is not named 'team'.",
  },
  {
    selector: `JSXAttribute > JSXIdentifier[name=/[Tt]eam/]`,
    message: "Say class, not team: a prop is not named after the spec's 'team'.",
  },
  {
    selector: `Identifier[name=/[Cc]hild/]:not([name=/_|${domChild}/])`,
    message: 'Say student, not child, in identifiers (React children and DOM child APIs excepted).',
  },
  {
    selector: `JSXAttribute > JSXIdentifier[name=/[Cc]hild/]:not([name=/${domChild}/])`,
    message: 'Say student, not child, in props (React children excepted).',
  },
  {
    selector: `:matches(Identifier, JSXIdentifier)[name=/^studentIds?$/]`,
    message: 'On the web the printable id of JSON student_id is a loginId; studentId is the database number.',
  },
];

/**
 * The glossary (docs/architecture.md, "Names"): a teacher's class is never `team`, a student is
 * never `child` in TypeScript identifiers. Wire names stay as the spec fixes them: snake_case
 * fields (`team_id`, `team_name`) and single-word fields used as property keys or accessed on an
 * object (`team`, `teams`, `children`). A compound property name (`teamId`) is ours and is caught;
 * so is every variable, parameter, function, class and type. `ChildProcess` (node) and `forEachChild` (the TypeScript compiler API) are not students.
 */
const retiredWord = '(?:[Tt]eam|[Cc]hild)';
const retiredNames = [
  {
    selector: `Identifier[name=/^(?!.*_)(?!ChildProcess$).*${retiredWord}/]:not(Property > Identifier.key):not(MemberExpression > Identifier.property):not(TSPropertySignature > Identifier.key)`,
    message: 'Glossary (docs/architecture.md, "Names"): say class, not team; student, not child.',
  },
  {
    selector: `:matches(Property, MemberExpression, TSPropertySignature) > Identifier[name=/^(?!.*_)(?!forEachChild$)(?=.*[A-Z]).*${retiredWord}/]`,
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
    files: ['apps/web/**/*.{ts,tsx}', 'apps/learn/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [
      'apps/web/src/**/*.{ts,tsx}',
      'apps/web/scripts/**/*.{js,mjs}',
      'apps/learn/src/**/*.{ts,tsx}',
      'packages/ui/src/**/*.{ts,tsx}',
    ],
    rules: { 'no-restricted-syntax': ['error', ...webNames] },
  },
);
