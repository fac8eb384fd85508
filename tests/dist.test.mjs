// The site ships its scripts without their comments (crates/xtask/src/strip.rs). This checks,
// without a browser, that every shipped script is read as its source is: each parses the same
// way (as a module, or as a classic script: the service worker and what it imports), so a
// stripper that misread a string, a regular expression or a template cannot ship it unseen.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE = process.env.LUDI_SITE;
const WWW = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'www');

/** Every script of `dir`, as paths relative to it. */
function scripts(dir, prefix = '') {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) return scripts(dir, relative);
    return /\.m?js$/.test(entry.name) ? [relative] : [];
  });
}

// Run in a child with vm modules enabled: for each pair of files, how each parses.
const PARSER = `
const vm = require('node:vm');
const { readFileSync } = require('node:fs');
const how = (file) => {
  const text = readFileSync(file, 'utf8');
  try { new vm.SourceTextModule(text); return 'module'; } catch (e) { if (!(e instanceof SyntaxError)) throw e; }
  try { new vm.Script(text); return 'script'; } catch (e) { return 'error: ' + e.message; }
};
const files = JSON.parse(process.argv[1]);
console.log(JSON.stringify(files.map(([a, b]) => [how(a), how(b)])));
`;

test('every shipped script parses as its source does, never longer', () => {
  assert.ok(SITE, 'LUDI_SITE names the built site (cargo xtask test sets it)');
  // precache.js is written for the site by the xtask: it has no source to compare with.
  const files = scripts(WWW).filter((file) => file !== 'precache.js');
  assert.ok(files.length > 50, `${files.length} scripts`);
  const pairs = files.map((file) => [path.join(WWW, file), path.join(SITE, file)]);
  const parsed = JSON.parse(execFileSync(process.execPath,
    ['--experimental-vm-modules', '--no-warnings', '-e', PARSER, JSON.stringify(pairs)], { encoding: 'utf8' }));
  let before = 0;
  let after = 0;
  files.forEach((file, i) => {
    const [source, shipped] = parsed[i];
    assert.ok(!source.startsWith('error'), `${file}: ${source}`);
    assert.equal(shipped, source, `${file} parses as a ${source} in www/ but not once shipped`);
    const [a, b] = pairs[i].map((p) => readFileSync(p, 'utf8'));
    assert.ok(b.length <= a.length, file);
    before += a.length;
    after += b.length;
  });
  console.log(`${files.length} scripts: ${(before / 1024).toFixed(1)} KB in www/, ${(after / 1024).toFixed(1)} KB shipped`);
});
