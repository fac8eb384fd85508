// The catalogue: t() fills placeholders and picks plural forms; every message the page uses is
// in the catalogue; no word of the page lives anywhere else.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createI18n, loadI18n, pickLanguage } from '../../www/js/i18n/index.js';
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

// Every language: the same keys as English, the same placeholders, nothing empty, and the plural
// forms its rules need (Latin, which no browser knows, by our own rule: one for 1, other).

const { LANGUAGES, pluralRules, languageOf } = await import('../../www/js/i18n/index.js');
const CATALOGUES = Object.fromEntries(await Promise.all(LANGUAGES.map(async (lang) =>
  [lang, (await import(`../../www/js/i18n/${lang}.js`)).default])));

const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const union = (message) => [...new Set((typeof message === 'string' ? [message] : Object.values(message))
  .flatMap(placeholders))].sort();

test('six languages, English first', () => {
  assert.deepEqual(LANGUAGES, ['en', 'de', 'it', 'fr', 'ru', 'la']);
});

for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
  const catalogue = CATALOGUES[lang];
  const categories = pluralRules(lang).resolvedOptions().pluralCategories;
  // Where `one` means the number 1 alone (0 too, in French), its message may leave {count} out.
  const oneIsOne = [...Array(1001).keys()].filter((n) => pluralRules(lang).select(n) === 'one').every((n) => n <= 1);

  test(`${lang}: every English key, and no other`, () => {
    assert.deepEqual(Object.keys(en).filter((key) => !(key in catalogue)), [], 'missing');
    assert.deepEqual(Object.keys(catalogue).filter((key) => !(key in en)), [], 'unknown');
  });

  test(`${lang}: no empty message, the same placeholders as English`, () => {
    const wrong = [];
    for (const [key, english] of Object.entries(en)) {
      const message = catalogue[key];
      if (message === undefined) continue;
      if (typeof english === 'string') {
        if (typeof message !== 'string') wrong.push(`${key}: a plural object where English has a string`);
        else if (!message.trim()) wrong.push(`${key}: empty`);
        else if (placeholders(message).join() !== placeholders(english).join()) {
          wrong.push(`${key}: {${placeholders(message)}} instead of {${placeholders(english)}}`);
        }
        continue;
      }
      if (!message || typeof message !== 'object') {
        wrong.push(`${key}: a string where English has plural forms`);
        continue;
      }
      const want = union(english);
      for (const [form, text] of Object.entries(message)) {
        if (typeof text !== 'string' || !text.trim()) {
          wrong.push(`${key}.${form}: empty`);
          continue;
        }
        const got = placeholders(text).filter((name, i, all) => all.indexOf(name) === i);
        const allowed = form === 'one' && oneIsOne ? [want, want.filter((n) => n !== 'count')] : [want];
        if (!allowed.some((a) => a.join() === got.join())) wrong.push(`${key}.${form}: {${got}} instead of {${want}}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  test(`${lang}: plural objects have exactly the forms ${categories.join(', ')}`, () => {
    const wrong = [];
    for (const [key, message] of Object.entries(catalogue)) {
      if (typeof message !== 'object' || message === null) continue;
      const missing = categories.filter((c) => !(c in message));
      const extra = Object.keys(message).filter((form) => !categories.includes(form));
      if (missing.length) wrong.push(`${key}: no ${missing.join(', ')}`);
      if (extra.length) wrong.push(`${key}: ${extra.join(', ')} never chosen`);
    }
    assert.deepEqual(wrong, []);
  });
}

test('a browser language picks ours by its base; a link code is checked', () => {
  assert.equal(pickLanguage(['de-AT', 'en']), 'de');
  assert.equal(pickLanguage(['pt-BR', 'fr-CA', 'en']), 'fr');
  assert.equal(pickLanguage(['RU']), 'ru');
  assert.equal(pickLanguage([null, 'la']), 'la');
  assert.equal(languageOf('it_IT'), 'it');
  assert.equal(languageOf('xx'), null);
  assert.equal(createI18n('xx').lang, 'en');
});

test('plurals, numbers and lists follow each language (Latin by our own rules)', async () => {
  assert.equal((await loadI18n('de')).t('turns', { count: 1200 }), '1.200 Zügen');
  assert.equal((await loadI18n('fr')).t('turns', { count: 0 }), '0 tour');
  assert.equal((await loadI18n('fr')).t('turns', { count: 1000000 }), '1\u202f000\u202f000 de tours');
  assert.equal((await loadI18n('de')).list(['a', 'b', 'c']), 'a, b und c');
  assert.equal((await loadI18n('fr')).list(['a', 'b']), 'a et b');
  const la = (await loadI18n('la'));
  assert.equal(la.list(['a1', 'b2', 'c3']), 'a1, b2 et c3');
  assert.equal(la.list(['a1']), 'a1');
  assert.equal(pluralRules('la').select(1), 'one');
  assert.equal(pluralRules('la').select(2), 'other');
  assert.equal(pluralRules('la').select(0), 'other');
  assert.equal(la.t('camp.latrunculi.placing', { count: 1200, captured: '' }).includes('1200'), true);
});
