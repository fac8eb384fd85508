// The catalogue: t() fills placeholders and picks plural forms; every message the page uses is
// in the catalogue; no word of the page lives anywhere else.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createI18n, pickLanguage } from '../../www/js/i18n/index.js';
import en from '../../www/js/i18n/en.js';

const WWW = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'www');

test('t fills placeholders, formats numbers and picks the plural form', () => {
  const { t, list } = createI18n('en');
  assert.equal(t('refuse.blocked', { mark: 7, side: 'Nigri' }), 'Mark 7 is blocked: Nigri hold it with two or more counters.');
  assert.equal(t('turns', { count: 1 }), '1 turn');
  assert.equal(t('turns', { count: 12 }), '12 turns');
  assert.equal(t('turns', { count: 1200 }), '1,200 turns');
  assert.equal(list([2, 3, 5]), '2, 3, and 5');
  assert.equal(t('refuse.blocked', {}), 'Mark {mark} is blocked: {side} hold it with two or more counters.',
    'a missing argument stays visible rather than saying "undefined"');
  assert.equal(t('no.such.key'), 'no.such.key');
});

test('the language comes from the first one we have, else English', () => {
  assert.equal(pickLanguage(['xx', 'en-GB']), 'en');
  assert.equal(pickLanguage([null, undefined]), 'en');
  assert.equal(createI18n('zz').t('action.throw'), 'Throw');
});

test('every message is a non-empty string or a plural object with an other form', () => {
  for (const [key, message] of Object.entries(en)) {
    if (typeof message === 'string') assert.ok(message.trim(), key);
    else assert.ok(typeof message.other === 'string' && message.other.trim(), key);
  }
});

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

test('every key the modules name literally is in the catalogue', () => {
  const missing = [];
  for (const file of files(path.join(WWW, 'js')).filter((f) => f.endsWith('.js') && !f.includes(`${path.sep}i18n${path.sep}`))) {
    const text = readFileSync(file, 'utf8');
    for (const [, key] of text.matchAll(/\bt\('([a-z][\w.-]*)'/g)) {
      if (!(key in en)) missing.push(`${path.relative(WWW, file)}: ${key}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('no words in index.html beyond the no-JavaScript notice, none in the CSS', () => {
  const html = readFileSync(path.join(WWW, 'index.html'), 'utf8')
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/<head>[\s\S]*?<\/head>/, '');
  const text = html.replace(/<[^>]+>/g, '').trim();
  assert.equal(text, '');
  const css = readFileSync(path.join(WWW, 'style.css'), 'utf8');
  const words = [...css.matchAll(/content:\s*"([^"]*)"/g)].map((m) => m[1]).filter(Boolean);
  assert.deepEqual(words, []);
});
