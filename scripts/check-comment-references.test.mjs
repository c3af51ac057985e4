// Self-test of check-comment-references.mjs: `node --test scripts/`. The fixtures are written to a
// temporary folder, so the repository itself holds no comment the guard would refuse.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findReferences } from './check-comment-references.mjs';

const GUARD = fileURLToPath(new URL('./check-comment-references.mjs', import.meta.url));
const SECTION = '\u00a7'; // the section sign, spelt out so this file's own text stays clean
const lines = (src, ext = '.ts') => findReferences(src, ext).map((r) => r.line);

describe('comments are read, strings are not', () => {
  it('flags line and block comments, at the line of the reference', () => {
    assert.deepEqual(lines(`const a = 1; // see spec ${SECTION}5\n`), [1]);
    assert.deepEqual(lines(`/**\n * The rules\n * of issue #12.\n */\nexport const x = 1;\n`), [3]);
    assert.deepEqual(lines(`// ok\n// the issue-11 budget\n// Issues 16 and 17\n`), [2, 3]);
    assert.deepEqual(lines(`/* ${SECTION} 9 */`), [1]);
  });

  it('flags JSX comments', () => {
    const src = `export const A = () => (\n  <div>\n    {/* issue 13, edge 8 */}\n    <Input value={x} /> {/* spec ${SECTION}3 */}\n  </div>\n);\n`;
    assert.deepEqual(lines(src, '.tsx'), [3, 4]);
  });

  it('never reads string or template literals', () => {
    const src = [
      `describe('login rules (spec ${SECTION}5)', () => {});`,
      `const s = "issue 12 // not a comment";`,
      'const t = `issue #3 /* nor this */ ${x}`;',
      "const u = 'it\\'s issue 4';",
    ].join('\n');
    assert.deepEqual(lines(src), []);
  });

  it('reads comments inside a template expression, and the code after the template', () => {
    const src = 'const t = `a ${/* issue 7 */ b} c ${`inner ${d}`}`; // issue 8\n';
    assert.equal(findReferences(src, '.ts').length, 2);
  });

  it('steps over regular expressions that hold comment or quote characters', () => {
    const src = [
      'const re = /[/*\'"]issue 1/g; // issue 2',
      'const half = total / 2; // ok',
      "if (x) return /\\/\\/ issue 3/.test(s) ? a / b : '';",
      '// spec ' + SECTION + '7',
    ].join('\n');
    assert.deepEqual(lines(src), [1, 4]);
  });

  it('an apostrophe in JSX text does not hide the comments after it', () => {
    const src = `const A = () => <p>Don't</p>;\n// issue 21\n`;
    assert.deepEqual(lines(src, '.tsx'), [2]);
  });

  it('does not flag the word issue without a number, nor numbers without it', () => {
    assert.deepEqual(lines('// every issue a schema gives; tissue 3; RFC 7845, section 5.1; #12\n'), []);
  });

  it('reads CSS block comments, not strings or URLs', () => {
    const css = `a { background: url(http://x/y.png); content: "issue 4"; }\n/* spec ${SECTION}2 */\n`;
    assert.deepEqual(lines(css, '.css'), [2]);
  });

  it('reads HTML comments and the comments of script and style elements', () => {
    const html = [
      '<!doctype html>',
      '<!-- issue 9 -->',
      '<p>issue 10 in the text is not a comment</p>',
      '<script>',
      "  const s = 'issue 11';",
      '  // issue 12',
      '</script>',
      `<style>/* ${SECTION}4 */</style>`,
    ].join('\n');
    assert.deepEqual(lines(html, '.html'), [2, 6, 8]);
  });
});

describe('the command', () => {
  let dir;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comment-references-'));
    const write = (rel, text) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    };
    write('bad/a.ts', `// fine\nexport const a = 1; // spec ${SECTION}5\n`);
    write('bad/b.mjs', '/*\n * issue 3\n */\n');
    write('bad/node_modules/dep/index.js', '// issue 1\n');
    write('bad/dist/out.js', '// issue 1\n');
    write('bad/migrations/0001.ts', '// issue 1\n');
    write('bad/notes.md', 'issue 1\n');
    write('good/c.ts', "export const c = 'issue 12';\n");
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = (...paths) => {
    try {
      return { status: 0, out: execFileSync(process.execPath, [GUARD, '--paths', ...paths], { encoding: 'utf8' }) };
    } catch (e) {
      return { status: e.status, out: e.stdout };
    }
  };

  it('lists file:line and fails; skips node_modules, dist, migrations and other file types', () => {
    const { status, out } = run(path.join(dir, 'bad'));
    assert.equal(status, 1);
    const listed = out
      .split('\n')
      .filter((l) => l.includes(': cites '))
      .map((l) => path.relative(dir, l.slice(0, l.indexOf(': cites '))));
    assert.deepEqual(listed, [path.join('bad', 'a.ts:2'), path.join('bad', 'b.mjs:2')]);
  });

  it('passes on clean files, given as a folder or one by one', () => {
    assert.equal(run(path.join(dir, 'good')).status, 0);
    assert.equal(run(path.join(dir, 'good', 'c.ts')).status, 0);
  });

  it('refuses a path that does not exist', () => {
    assert.equal(run(path.join(dir, 'missing')).status, 2);
  });
});
