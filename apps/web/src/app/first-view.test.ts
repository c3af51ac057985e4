import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteObject } from 'react-router';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { AntdFrame } from '../components/ui/antd-theme';
import { routes } from './router';

/**
 * The first view after sign-in (the admin frame and the homework list) stays within
 * 250 KB gzip because it loads no antd (docs/benchmarks.md, First view). These checks fail as
 * soon as antd comes back into it, without a build; `npm run bench:first-view -- --check` weighs
 * the built files.
 */
const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** @ondoku/ui is source bundled with the app: its modules are followed like the app's own. */
const uiDir = resolve(srcDir, '../../../packages/ui');
const uiExports = (JSON.parse(readFileSync(join(uiDir, 'package.json'), 'utf8')) as { exports: Record<string, string> })
  .exports;

/** Packages a module reaches through static imports (type-only imports and `import()` left out). */
function staticPackages(entry: string): Map<string, string> {
  const packages = new Map<string, string>(); // package → the first module that imports it
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      let specifier: string | undefined;
      if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly)
        specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly)
        specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      if (!specifier) continue;
      if (specifier === '@ondoku/ui' || specifier.startsWith('@ondoku/ui/')) {
        const target = uiExports[`.${specifier.slice('@ondoku/ui'.length)}`];
        if (!target) throw new Error(`@ondoku/ui exports no ${specifier} (imported by ${file})`);
        visit(join(uiDir, target));
        continue;
      }
      if (!specifier.startsWith('.')) {
        if (!packages.has(specifier)) packages.set(specifier, relative(srcDir, file));
        continue;
      }
      const base = join(dirname(file), specifier);
      if (/\.(css|json|svg|png)$/.test(base)) continue;
      const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
        (candidate) => {
          try {
            return /\.tsx?$/.test(candidate) && readFileSync(candidate) !== undefined;
          } catch {
            return false;
          }
        },
      );
      if (!found) throw new Error(`cannot resolve ${specifier} from ${file}`);
      visit(found);
    }
  };
  visit(join(srcDir, entry));
  return packages;
}

const antdPackages = (packages: Map<string, string>) =>
  [...packages].filter(([name]) => /^(antd|@ant-design\/|rc-|@rc-component\/)/.test(name)).map((p) => p.join(' ← '));

describe('the first view after sign-in loads no antd', () => {
  it.each(['app/layouts/admin-layout.tsx', 'app/routes/homework-management.tsx'])('%s imports no antd', (entry) => {
    expect(antdPackages(staticPackages(entry))).toEqual([]);
  });

  it('the homework list route is not wrapped in antd’s theme, nor any route around it', async () => {
    const chain: RouteObject[] = [];
    const find = (list: RouteObject[], above: RouteObject[]): boolean =>
      list.some((r) => {
        if (r.path === paths.homeworkList.path) return chain.push(...above, r) > 0;
        return r.children ? find(r.children, [...above, r]) : false;
      });
    expect(find(routes, [])).toBe(true);
    const screen = chain.at(-1)!;
    const loaded = (await (screen.lazy as () => Promise<{ Component: unknown }>)()).Component;
    expect(loaded).toBe((await import('./routes/homework-management')).Component);
    for (const route of chain.slice(0, -1)) {
      if (typeof route.lazy !== 'function') continue;
      const { Component } = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(Component).not.toBe(AntdFrame);
    }
  });
});
