import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The handler shape of docs/architecture.md ("The handler shape"), checked on the source of every
 * `modules/<name>/routes.ts` with the TypeScript compiler API:
 * - no route file opens a transaction (`.transaction(`): a route declares `{ transaction }` and
 *   after-commit work goes to `ctx.afterCommit`;
 * - no JSON handler (`route()`, `uploadRoute()`) returns an object literal: the reply is built by
 *   the module's presenter. A blob handler's `{ filename, body }` is the file, not a reply.
 */

const here = dirname(fileURLToPath(import.meta.url));

/** The problems of one routes.ts source, as `line: what`. */
export function handlerShapeProblems(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const problems: string[] = [];
  const at = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const unwrap = (e: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isAwaitExpression(e)
      ? unwrap(e.expression)
      : e;
  const isFunction = (n: ts.Node): n is ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration =>
    ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isFunctionDeclaration(n);

  /** Every value a function returns, not looking into the functions nested in it. */
  const returned = (fn: ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration) => {
    if (!fn.body) return [];
    if (!ts.isBlock(fn.body)) return [fn.body];
    const out: ts.Expression[] = [];
    const visit = (n: ts.Node) => {
      if (isFunction(n) || ts.isClassLike(n)) return;
      if (ts.isReturnStatement(n) && n.expression) out.push(n.expression);
      ts.forEachChild(n, visit);
    };
    ts.forEachChild(fn.body, visit);
    return out;
  };

  /** A handler passed by name: the function or the arrow the name is declared with in this file. */
  const declared = new Map<string, ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration>();
  const collect = (n: ts.Node) => {
    if (ts.isFunctionDeclaration(n) && n.name) declared.set(n.name.text, n);
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const init = unwrap(n.initializer);
      if (isFunction(init)) declared.set(n.name.text, init);
    }
    ts.forEachChild(n, collect);
  };
  collect(sf);

  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'transaction')
        problems.push(`${at(n)}: opens a transaction (declare { transaction } on the route, docs/architecture.md)`);
      if (ts.isIdentifier(callee) && (callee.text === 'route' || callee.text === 'uploadRoute')) {
        const last = n.arguments[n.arguments.length - 1];
        let handler: ts.Node | undefined = last && unwrap(last);
        if (handler && ts.isIdentifier(handler)) handler = declared.get(handler.text);
        if (handler && isFunction(handler))
          for (const r of returned(handler))
            if (ts.isObjectLiteralExpression(unwrap(r)))
              problems.push(`${at(r)}: the handler builds its reply (move it to the presenter)`);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return problems.sort((a, b) => parseInt(a) - parseInt(b));
}

const modulesDir = join(here, 'modules');
const routeFiles = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(modulesDir, d.name)).map((f) => join(modulesDir, d.name, f)))
  .filter((f) => f.endsWith('/routes.ts'));

describe('the handler shape (docs/architecture.md, "The handler shape")', () => {
  it('finds the route files', () => {
    expect(routeFiles.length).toBeGreaterThan(10);
  });

  it.each(routeFiles.map((f) => [relative(here, f), f]))('%s opens no transaction and builds no reply', (_, file) => {
    expect(handlerShapeProblems(file, readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('catches a hand-opened transaction and a reply built in a handler', () => {
    const broken = `
      route(app, a, async ({ input, teacher }) => {
        const task = await db.transaction(async (tx) => insertTask(tx, teacher.id));
        runner.kick();
        return { task: presentTask(task) };
      });
      route(app, b, { cache }, async () => ({ rows: [] }));
      const handle = async () => { if (x) return presentX(x); return { count: 1 }; };
      uploadRoute(app, c, handle);
      blobRoute(app, d, async () => ({ filename: 'a.xlsx', body }));
      route(app, e, async () => presentY(await list((r) => ({ id: r.id }))));
    `;
    expect(handlerShapeProblems('routes.ts', broken)).toEqual([
      '3: opens a transaction (declare { transaction } on the route, docs/architecture.md)',
      '5: the handler builds its reply (move it to the presenter)',
      '7: the handler builds its reply (move it to the presenter)',
      '8: the handler builds its reply (move it to the presenter)',
    ]);
  });
});
