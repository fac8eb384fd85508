// No function in www/js runs over 200 lines: a screen is named functions and modules, not one
// closure. No JS parser is installed for the tests (esprima predates `?.` and `??`), so a
// small scanner finds the bodies: it skips comments, strings, template literals and regular
// expressions, and matches the braces of every function declaration or expression, method and
// arrow body (an arrow's parenthesised expression body counts as its body).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const MOST = 200;
const WWW = new URL('../../www/js/', import.meta.url).pathname;
const CONTROL = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'typeof', 'await', 'in', 'of']);
// After these a `/` starts a regular expression, not a division.
const BEFORE_REGEX = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'yield', 'await', '=>']);

/** The tokens that matter here: identifiers, `=>` and single punctuation, with their lines. */
function tokens(source) {
  const out = [];
  const templates = []; // brace depth at each open `${`, innermost last
  let depth = 0;
  let line = 1;
  let i = 0;
  const push = (text) => out.push({ text, line });
  const regexAllowed = () => {
    const last = out[out.length - 1];
    if (!last) return true;
    if (BEFORE_REGEX.has(last.text)) return true;
    return !/^[\w$)\]}]/.test(last.text);
  };
  /** Skips a template literal's text from `i` to its end or its next `${`. */
  const templateText = () => {
    while (i < source.length) {
      const ch = source[i];
      if (ch === '\\') i += 2;
      else if (ch === '`') { i++; return; } else if (ch === '$' && source[i + 1] === '{') {
        i += 2;
        templates.push(depth);
        depth++;
        return;
      } else {
        if (ch === '\n') line++;
        i++;
      }
    }
  };
  while (i < source.length) {
    const ch = source[i];
    const next = source[i + 1];
    if (ch === '\n') { line++; i++; } else if (/\s/.test(ch)) i++;
    else if (ch === '/' && next === '/') { while (i < source.length && source[i] !== '\n') i++; } else if (ch === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end + 2;
      line += (source.slice(i, stop).match(/\n/g) ?? []).length;
      i = stop;
    } else if (ch === '"' || ch === "'") {
      i++;
      while (i < source.length && source[i] !== ch) i += source[i] === '\\' ? 2 : 1;
      i++;
      push('string');
    } else if (ch === '`') {
      i++;
      templateText();
      push('string');
    } else if (ch === '/' && regexAllowed()) {
      i++;
      let inClass = false;
      while (i < source.length && (inClass || source[i] !== '/')) {
        if (source[i] === '\\') i++;
        else if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
        i++;
      }
      i++;
      while (/[a-z]/.test(source[i] ?? '')) i++;
      push('regex');
    } else if (/[\w$]/.test(ch)) {
      const start = i;
      while (i < source.length && /[\w$]/.test(source[i])) i++;
      push(source.slice(start, i));
    } else if (ch === '=' && next === '>') {
      i += 2;
      push('=>');
    } else if (ch === '{') {
      depth++;
      i++;
      push('{');
    } else if (ch === '}') {
      depth--;
      i++;
      // The end of a template literal's `${...}`: back to its text.
      if (templates.length && templates[templates.length - 1] === depth) {
        templates.pop();
        templateText();
      } else {
        push('}');
      }
    } else {
      i++;
      push(ch);
    }
  }
  return out;
}

/** Every function body of `source`: {name, line, lines}. */
export function functionsOf(source) {
  const list = tokens(source);
  const found = [];
  const opens = []; // for each open bracket: its token index and, for a body, its function
  const parens = []; // the token index of each open `(`
  const matched = new Map(); // a `)`'s token index -> its `(`'s
  for (let k = 0; k < list.length; k++) {
    const { text, line } = list[k];
    const before = list[k - 1]?.text;
    if (text === '(') {
      parens.push(k);
      // An arrow's expression body in parentheses: `=> ({ ... })`.
      opens.push(before === '=>' ? { body: { name: nameOf(list, k - 1), line } } : {});
    } else if (text === ')') {
      matched.set(k, parens.pop());
      close(opens.pop(), line);
    } else if (text === '{') {
      opens.push({ body: bodyOf(list, k, matched) });
    } else if (text === '}') {
      close(opens.pop(), line);
    }
  }
  function close(open, line) {
    if (open?.body) found.push({ ...open.body, lines: line - open.body.line + 1 });
  }
  return found;
}

/** The function `{` at `k` opens, or null when it opens a block or an object. */
function bodyOf(list, k, matched) {
  const before = list[k - 1]?.text;
  if (before === '=>') return { name: nameOf(list, k - 1), line: list[k].line };
  if (before !== ')') return null;
  const open = matched.get(k - 1);
  const callee = list[open - 1]?.text;
  if (callee === 'function') return { name: '(anonymous)', line: list[open - 1].line };
  if (!/^[\w$]+$/.test(callee ?? '') || CONTROL.has(callee)) return null;
  return { name: callee, line: list[open - 1].line };
}

/** A best guess at an arrow's name: `name = (...) =>` or `name: (...) =>`. */
function nameOf(list, arrow) {
  let k = arrow - 1;
  if (list[k]?.text === ')') {
    let level = 0;
    for (; k >= 0; k--) {
      if (list[k].text === ')') level++;
      else if (list[k].text === '(' && --level === 0) break;
    }
  }
  k--;
  if (list[k]?.text === 'async') k--;
  return ['=', ':'].includes(list[k]?.text) ? list[k - 1]?.text ?? '(arrow)' : '(arrow)';
}

function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

test('the scanner measures functions past strings, templates, regexes and comments', () => {
  const filler = Array.from({ length: 203 }, (_, n) => `  x += ${n}; // } not a brace`).join('\n');
  const source = [
    'const re = /[{}]/g; const s = "}{";',
    'function short(a) { return `${a}{`; }',
    'export async function long(x) {',
    '  const t = `a ${`nested ${x}`} }`;',
    '  /* { */',
    filler,
    '}',
    'const arrow = (a) => ({',
    '  a,',
    '});',
    'class K { method(b) {', '  if (b) { return b / 2; }', '} }',
    'if (x) { y(); }',
  ].join('\n');
  const found = functionsOf(source);
  const byName = Object.fromEntries(found.map((f) => [f.name, f.lines]));
  assert.deepEqual(byName, { short: 1, long: 207, arrow: 3, method: 3 });
});

test(`no function in www/js is longer than ${MOST} lines`, () => {
  const long = jsFiles(WWW).flatMap((file) => functionsOf(readFileSync(file, 'utf8'))
    .filter((f) => f.lines > MOST)
    .map((f) => `${file.slice(WWW.length)}:${f.line} ${f.name} (${f.lines} lines)`));
  assert.deepEqual(long, []);
});
