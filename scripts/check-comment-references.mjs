#!/usr/bin/env node
// Comments point inside the repository: this fails, listing file:line, on a comment that cites a
// section number of the product specification (the section sign followed by a digit) or an issue
// number ("issue", "issues" or "issue-" and a number, with or without "#"). Nobody who clones the
// repository can open those; a decision's reason lives in docs/ and the comment points there
// (docs/architecture.md, "Comments point inside the repository"). A public standard is cited as
// "RFC 7845, section 5.1".
//
// Only comments are read (line, block and JSX comments; HTML comments and the scripts and styles
// of an HTML page): string and template literals (Japanese UI text, test names, API summaries)
// are skipped by a small tokenizer. Plain Node, no dependencies.
//
//   node scripts/check-comment-references.mjs                   # apps, packages, e2e, scripts
//   node scripts/check-comment-references.mjs --paths a/ b.ts   # only these folders and files
//
// Exit status: 0 clean, 1 references found, 2 bad arguments.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_ROOTS = ['apps', 'packages', 'e2e', 'scripts'];
const SCRIPT_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);
const SOURCE_EXTENSIONS = new Set([...SCRIPT_EXTENSIONS, '.css', '.html']);
/** Folders never read, by name: dependencies, build output, applied migrations, local data. */
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'migrations',
  'data',
  'coverage',
  'test-results',
  'bench-profiles',
  '.tmp',
  '.git',
]);
/** Folders never read, by path from the repository root: the speech model (third-party files). */
const SKIP_PATHS = ['packages/speech/model'];

/** What a comment may not cite. */
export const REFERENCES = [
  { what: 'a specification section number', pattern: /§\s*\d/g },
  { what: 'an issue number', pattern: /\bissues?[\s-]*#?\d/gi },
];

const REGEX_KEYWORDS = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);
const isWordChar = (c) => /[\w$\u0080-\uffff]/.test(c);

/**
 * The comments of JavaScript or TypeScript source between `from` and `to`, as { start, end }
 * offsets. Strings, template literals (with their `${…}` expressions read as code) and regular
 * expression literals are stepped over. A quoted string or a regular expression that meets the end
 * of its line unclosed was not one (an apostrophe or a slash in JSX text): the tokenizer takes the
 * quote or slash as punctuation and reads on.
 */
export function scriptComments(src, from = 0, to = src.length) {
  const out = [];
  const templateDepths = []; // brace depth at which each open `${` closes
  let depth = 0;
  let inTemplate = false;
  let prev = ''; // the last token of code: a punctuator, a word, or '' at the start
  let i = from;
  while (i < to) {
    const c = src[i];
    if (inTemplate) {
      if (c === '\\') i += 2;
      else if (c === '`') {
        inTemplate = false;
        prev = 'x';
        i++;
      } else if (c === '$' && src[i + 1] === '{') {
        templateDepths.push(depth);
        depth++;
        inTemplate = false;
        prev = '{';
        i += 2;
      } else i++;
      continue;
    }
    const n = src[i + 1];
    if (c === '/' && n === '/') {
      const end = lineEnd(src, i, to);
      out.push({ start: i, end });
      i = end;
    } else if (c === '/' && n === '*') {
      const close = src.indexOf('*/', i + 2);
      const end = close < 0 || close + 2 > to ? to : close + 2;
      out.push({ start: i, end });
      i = end;
    } else if (c === '"' || c === "'") {
      const end = quotedEnd(src, i, to);
      if (end < 0) {
        prev = c;
        i++;
      } else {
        prev = 'x';
        i = end;
      }
    } else if (c === '`') {
      inTemplate = true;
      i++;
    } else if (c === '{') {
      depth++;
      prev = c;
      i++;
    } else if (c === '}') {
      depth--;
      i++;
      if (templateDepths.length > 0 && templateDepths[templateDepths.length - 1] === depth) {
        templateDepths.pop();
        inTemplate = true;
      } else prev = c;
    } else if (c === '/') {
      const end = startsRegex(prev, n) ? regexEnd(src, i, to) : -1;
      prev = end < 0 ? c : 'x';
      i = end < 0 ? i + 1 : end;
    } else if (/\s/.test(c)) i++;
    else if (isWordChar(c)) {
      let j = i + 1;
      while (j < to && isWordChar(src[j])) j++;
      const word = src.slice(i, j);
      prev = REGEX_KEYWORDS.has(word) ? '(' : word;
      i = j;
    } else {
      prev = c;
      i++;
    }
  }
  return out;
}

/** Whether a slash after the token `prev` starts a regular expression rather than dividing. */
function startsRegex(prev, next) {
  if (prev === '') return true;
  if (prev === '<') return false; // a JSX closing tag: </div>
  if (prev === '}' && next === '>') return false; // a self-closing JSX tag after an attribute: {x} />
  return prev.length === 1 && '(,=:[!&|?{};+-*%<>~^'.includes(prev);
}

function lineEnd(src, i, to) {
  const nl = src.indexOf('\n', i);
  return nl < 0 || nl > to ? to : nl;
}

/** The offset after the string that opens at `i`, or -1 if its line ends first. */
function quotedEnd(src, i, to) {
  const quote = src[i];
  for (let j = i + 1; j < to; j++) {
    const c = src[j];
    if (c === '\\') j++;
    else if (c === quote) return j + 1;
    else if (c === '\n') return -1;
  }
  return -1;
}

/** The offset after the regular expression literal that opens at `i` (and its flags), or -1. */
function regexEnd(src, i, to) {
  let inClass = false;
  for (let j = i + 1; j < to; j++) {
    const c = src[j];
    if (c === '\\') j++;
    else if (c === '\n') return -1;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '/') {
      let k = j + 1;
      while (k < to && /[a-z]/i.test(src[k])) k++;
      return k;
    }
  }
  return -1;
}

/** The comments of a style sheet (or a page's style element): block comments outside strings. */
export function styleComments(src, from = 0, to = src.length) {
  const out = [];
  let i = from;
  while (i < to) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '*') {
      const close = src.indexOf('*/', i + 2);
      const end = close < 0 || close + 2 > to ? to : close + 2;
      out.push({ start: i, end });
      i = end;
    } else if (c === '"' || c === "'") {
      const end = quotedEnd(src, i, to);
      i = end < 0 ? i + 1 : end;
    } else i++;
  }
  return out;
}

/** The comments of an HTML page: <!-- … -->, and those of its script and style elements. */
export function pageComments(src) {
  const out = [];
  const opening = /<!--|<script\b[^>]*>|<style\b[^>]*>/gi;
  let m;
  while ((m = opening.exec(src))) {
    const start = m.index;
    if (m[0] === '<!--') {
      const close = src.indexOf('-->', start + 4);
      const end = close < 0 ? src.length : close + 3;
      out.push({ start, end });
      opening.lastIndex = end;
      continue;
    }
    const tag = m[0].startsWith('<script') || m[0].startsWith('<SCRIPT') ? 'script' : 'style';
    const bodyStart = start + m[0].length;
    const closeAt = src.toLowerCase().indexOf(`</${tag}`, bodyStart);
    const bodyEnd = closeAt < 0 ? src.length : closeAt;
    out.push(...(tag === 'script' ? scriptComments(src, bodyStart, bodyEnd) : styleComments(src, bodyStart, bodyEnd)));
    opening.lastIndex = bodyEnd;
  }
  return out;
}

/** Comments of one file's text, by its extension. */
export function commentsOf(src, ext) {
  if (ext === '.css') return styleComments(src);
  if (ext === '.html') return pageComments(src);
  return scriptComments(src);
}

/** The references found in one file's text: [{ line, what, text }], line 1-based. */
export function findReferences(src, ext) {
  const found = [];
  for (const { start, end } of commentsOf(src, ext)) {
    const comment = src.slice(start, end);
    for (const { what, pattern } of REFERENCES) {
      pattern.lastIndex = 0;
      let m;
      while ((m = pattern.exec(comment))) {
        const at = start + m.index;
        const line = lineOf(src, at);
        const lineText = src.slice(src.lastIndexOf('\n', at - 1) + 1, lineEnd(src, at, src.length)).trim();
        found.push({ line, what, text: lineText });
      }
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

function lineOf(src, offset) {
  let line = 1;
  for (let i = src.indexOf('\n'); i >= 0 && i < offset; i = src.indexOf('\n', i + 1)) line++;
  return line;
}

function skipped(abs) {
  const rel = path.relative(ROOT, abs).split(path.sep).join('/');
  return SKIP_PATHS.some((p) => rel === p || rel.startsWith(`${p}/`));
}

/** Every source file under the given files and folders, sorted. */
export function sourceFiles(paths) {
  const files = [];
  const visit = (p, explicit) => {
    let stat;
    try {
      stat = fs.lstatSync(p);
    } catch {
      if (explicit) throw new Error(`no such file or folder: ${p}`);
      return;
    }
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if (!explicit && (SKIP_DIRS.has(path.basename(p)) || skipped(path.resolve(p)))) return;
      for (const entry of fs.readdirSync(p).sort()) visit(path.join(p, entry), false);
    } else if (stat.isFile() && SOURCE_EXTENSIONS.has(path.extname(p))) files.push(p);
  };
  for (const p of paths) visit(p, true);
  return files;
}

function main(argv) {
  let paths;
  const at = argv.indexOf('--paths');
  if (at >= 0) {
    paths = argv.slice(at + 1);
    if (paths.length === 0) {
      console.error('usage: node scripts/check-comment-references.mjs [--paths <file or folder>…]');
      return 2;
    }
  } else if (argv.length > 0) {
    console.error('usage: node scripts/check-comment-references.mjs [--paths <file or folder>…]');
    return 2;
  } else paths = DEFAULT_ROOTS.map((r) => path.relative(process.cwd(), path.join(ROOT, r)) || '.');
  let files;
  try {
    files = sourceFiles(paths);
  } catch (e) {
    console.error(e.message);
    return 2;
  }
  let count = 0;
  for (const file of files) {
    for (const { line, what, text } of findReferences(fs.readFileSync(file, 'utf8'), path.extname(file))) {
      console.log(`${file}:${line}: cites ${what}: ${text}`);
      count++;
    }
  }
  if (count > 0) {
    console.log(
      `\n${count} comment reference(s) nobody who clones the repository can open, in ${files.length} files read.` +
        '\nSay the fact plainly, or point to the doc in docs/ that holds the reason.',
    );
    return 1;
  }
  console.log(`No comment cites a specification section or an issue number (${files.length} files read).`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
