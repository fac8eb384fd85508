// The catalogue: t() fills placeholders and picks plural forms; every message the page uses is
// in the catalogue; no word of the page lives anywhere else.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createI18n, loadI18n, pickLanguage } from '../../www/js/i18n/index.js';
import words from '../../www/js/i18n/en.js';
import enPages from '../../www/js/i18n/pages/en.js';

// English whole: the page's words and the rules pages'.
const en = { ...words, ...enPages };

const WWW = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'www');

test('t fills placeholders, formats numbers and picks the plural form', () => {
  const { t, list } = createI18n('en');
  assert.equal(t('refuse.blocked', { mark: 7, side: 'Nigri' }), 'Mark 7 is blocked: two or more Nigri counters stand there.');
  assert.equal(t('turns', { count: 1 }), '1 turn');
  assert.equal(t('turns', { count: 12 }), '12 turns');
  assert.equal(t('turns', { count: 1200 }), '1,200 turns');
  assert.equal(list([2, 3, 5]), '2, 3, and 5');
  assert.equal(t('refuse.blocked', {}), 'Mark {mark} is blocked: two or more {side} counters stand there.',
    'a missing argument stays visible rather than saying "undefined"');
  assert.equal(t('no.such.key'), 'no.such.key');
});

test('numbers read as each language writes them, the plain digits of small counts included', async () => {
  for (const lang of ['en', 'de', 'fr', 'it', 'ru']) {
    const { t } = await loadI18n(lang);
    const format = new Intl.NumberFormat(lang);
    for (const n of [0, 7, 999, 1000, 12345, -3, 2.5]) {
      assert.equal(t('app.failed', { why: n }).match(/[-\d].*$/u)[0], format.format(n), `${lang} ${n}`);
    }
  }
  const latin = await loadI18n('la');
  for (const n of [7, 999, 12345, 2.5]) assert.ok(latin.t('app.failed', { why: n }).endsWith(String(n)), `la ${n}`);
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

// The modules that draw a rules page, which may name the rules pages' words (pages/<lang>.js).
const RULES_PAGES = /games\/\w+\/rules\.js$|faces-section\.js$|app\/page\.js$/;

test('every key the modules name literally is in the catalogue: the rules pages\' words in a rules page only', () => {
  const missing = [];
  for (const file of files(path.join(WWW, 'js')).filter((f) => f.endsWith('.js') && !f.includes(`${path.sep}i18n${path.sep}`))) {
    const text = readFileSync(file, 'utf8');
    const known = RULES_PAGES.test(file) ? en : words;
    for (const [, key] of text.matchAll(/\bt\('([a-z][\w.-]*)'/g)) {
      if (!(key in known)) missing.push(`${path.relative(WWW, file)}: ${key}`);
    }
    // A rules page's key named anywhere else, in a call or kept in data for one.
    if (RULES_PAGES.test(file)) continue;
    for (const [, key] of text.matchAll(/'([a-z][\w.-]*)'/g)) {
      if (key in enPages) missing.push(`${path.relative(WWW, file)}: ${key} (a rules page's)`);
    }
  }
  assert.deepEqual(missing, []);
});

test('a rules page\'s words are said once they are fetched', async () => {
  const i18n = await loadI18n('de');
  assert.equal(i18n.t('scripta.am.goal'), 'scripta.am.goal', 'not with the first visit');
  assert.equal(i18n.has('scripta.am.goal'), false);
  await i18n.pages();
  const german = (await import('../../www/js/i18n/pages/de.js')).default;
  assert.equal(i18n.t('scripta.am.goal'), german['scripta.am.goal']);
  assert.notEqual(german['scripta.am.goal'], enPages['scripta.am.goal']);
  assert.equal(i18n.t('action.throw'), (await import('../../www/js/i18n/de.js')).default['action.throw'], 'the page\'s words as before');
});

test('no words in index.html beyond the no-JavaScript notice, none in the CSS', () => {
  const html = readFileSync(path.join(WWW, 'index.html'), 'utf8')
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '');
  const text = html.replace(/<[^>]+>/g, '').trim();
  assert.equal(text, '');
  const css = readFileSync(path.join(WWW, 'style.css'), 'utf8');
  const words = [...css.matchAll(/content:\s*"([^"]*)"/g)].map((m) => m[1]).filter(Boolean);
  assert.deepEqual(words, []);
});

// Every language: the same keys as English, the same placeholders, nothing empty, and the plural
// forms its rules need (Latin, which no browser knows, by our own rule: one for 1, other).

const { LANGUAGES, pluralRules, languageOf } = await import('../../www/js/i18n/index.js');
// Each language whole: its page's words and its rules pages'.
const CATALOGUES = Object.fromEntries(await Promise.all(LANGUAGES.map(async (lang) =>
  [lang, { ...(await import(`../../www/js/i18n/${lang}.js`)).default, ...(await import(`../../www/js/i18n/pages/${lang}.js`)).default }])));

test('the rules pages\' words are apart from the page\'s in every language: no key in both', async () => {
  for (const lang of LANGUAGES) {
    const page = (await import(`../../www/js/i18n/${lang}.js`)).default;
    const rules = (await import(`../../www/js/i18n/pages/${lang}.js`)).default;
    assert.deepEqual(Object.keys(rules).filter((key) => key in page), [], lang);
    // Each in its own file as in English's: a rules page's word filed with the page's would
    // never be fetched with the rules, nor the other way round.
    assert.deepEqual(Object.keys(rules).sort(), Object.keys(enPages).sort(), `${lang}: the rules pages' keys`);
    assert.deepEqual(Object.keys(page).filter((key) => !key.startsWith('form.')).sort(), Object.keys(words).filter((key) => !key.startsWith('form.')).sort(), `${lang}: the page's keys`);
  }
});

// A placeholder may ask for a form of a side's name ({side:of}); it is still {side}.
const placeholders = (text) => [...text.matchAll(/\{(\w+)(?::\w+)?\}/g)].map((m) => m[1]).sort();
// A language's own tables of the side names' forms ('form.of': {Albi: 'degli Albi'}).
const isForm = (key) => key.startsWith('form.');
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
    assert.deepEqual(Object.keys(catalogue).filter((key) => !(key in en) && !isForm(key)), [], 'unknown');
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
      if (typeof message !== 'object' || message === null || isForm(key)) continue;
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

// Plural and person (issue 25, point 5): each count picks its own form in each language, the
// number shows wherever the form is not the one for 1 alone, and each message agrees with its
// subject: you, a side, or the computer named by its level.

const { createWords: scriptaWords } = await import('../../www/js/games/scripta/words.js');
const { createWords: latrunculiWords } = await import('../../www/js/games/latrunculi/words.js');
const I18N = Object.fromEntries(LANGUAGES.map((lang) => [lang, createI18n(lang, CATALOGUES[lang])]));
const COUNTS = [1, 2, 5, 21];

test('a side\'s name takes the form its sentence asks for: article and case', () => {
  assert.equal(I18N.it.t('situation.toThrow', { side: I18N.it.t('side.albi') }), 'Turno degli Albi: lancia i dadi.');
  assert.equal(I18N.it.t('situation.latrunculi.move', { side: I18N.it.t('side.black') }), 'Turno del Nero: muovi una pedina.');
  assert.equal(I18N.la.t('board.latrunculi.held', { square: 'c3', side: I18N.la.t('side.black') }), 'c3, calculus Nigrorum');
  assert.equal(I18N.la.t('refuse.other-tray', { side: 'Marcus' }), 'Hic est loculus Marcus: nunc non ludunt.',
    'a name the table does not know stays as it is where the language has no pattern for it');
});

test('online, a side\'s name takes its article and a player\'s name none', () => {
  const { t } = I18N.it;
  assert.equal(t('online.toPlay', { who: t('side.albi') }), 'Tocca agli Albi.');
  assert.equal(t('online.toPlay', { who: 'Marco' }), 'Tocca a Marco.');
  assert.equal(t('online.end.abandoned', { loser: t('side.black'), winner: 'Anna' }),
    'Partita abbandonata dal Nero: vittoria di Anna.');
  assert.equal(t('online.said.claim', { who: t('side.nigri') }), 'Vittoria reclamata dai Nigri.');
  assert.equal(t('online.toPlay', { who: 'Bo$\'b $&' }), 'Tocca a Bo$\'b $&.', 'a name is put in as it is typed');
  const fr = I18N.fr.t;
  assert.equal(fr('online.toPlay', { who: fr('side.white') }), 'C’est aux Blancs de jouer.');
  assert.equal(fr('online.toPlay', { who: 'Anne' }), 'C’est à Anne de jouer.');
});

for (const lang of LANGUAGES) {
  test(`${lang}: every form a message asks for has its table, naming every side`, () => {
    const catalogue = CATALOGUES[lang];
    const names = Object.keys(en).filter((key) => /^side\.\w+$/.test(key)).map((key) => catalogue[key]);
    const texts = Object.entries(catalogue).filter(([key]) => !isForm(key))
      .flatMap(([, m]) => (typeof m === 'string' ? [m] : Object.values(m)));
    const wrong = new Set();
    for (const [, name, form] of texts.flatMap((text) => [...text.matchAll(/\{(\w+):(\w+)\}/g)])) {
      if (!['side', 'other', 'owner', 'human', 'who', 'winner', 'loser'].includes(name)) wrong.add(`{${name}:${form}}: only a side's or player's name has forms`);
      const table = catalogue[`form.${form}`];
      if (!table) wrong.add(`{${name}:${form}}: no form.${form}`);
      else for (const side of names) if (!table[side]) wrong.add(`form.${form}: no ${side}`);
      if (table?.['*'] !== undefined && !table['*'].includes('{name}')) wrong.add(`form.${form}: '*' drops the name`);
    }
    assert.deepEqual([...wrong], []);
  });
}

test('counts 1, 2, 5 and 21 take each language\'s own forms', () => {
  const want = {
    turns: {
      en: ['1 turn', '2 turns', '5 turns', '21 turns'],
      de: ['1 Zug', '2 Zügen', '5 Zügen', '21 Zügen'],
      fr: ['1 tour', '2 tours', '5 tours', '21 tours'],
      it: ['1 turno', '2 turni', '5 turni', '21 turni'],
      la: ['1 iactum', '2 iactus', '5 iactus', '21 iactus'],
      ru: ['1 ход', '2 хода', '5 ходов', '21 ход'],
    },
    // A tray's piles: the number, then these words ("1 побиты" was wrong).
    'tray.sentHome': {
      en: ['sent home', 'sent home', 'sent home', 'sent home'],
      de: ['geschlagen', 'geschlagen', 'geschlagen', 'geschlagen'],
      fr: ['renvoyé', 'renvoyés', 'renvoyés', 'renvoyés'],
      it: ['catturata', 'catturate', 'catturate', 'catturate'],
      la: ['domum missus', 'domum missi', 'domum missi', 'domum missi'],
      ru: ['побита', 'побиты', 'побито', 'побита'],
    },
    'tray.waiting': {
      de: ['wartet', 'warten', 'warten', 'warten'],
      la: ['exspectat', 'exspectant', 'exspectant', 'exspectant'],
      ru: ['ждёт', 'ждут', 'ждут', 'ждёт'],
    },
    'tray.borneOff': {
      fr: ['sorti', 'sortis', 'sortis', 'sortis'],
      it: ['uscita', 'uscite', 'uscite', 'uscite'],
      la: ['eductus', 'educti', 'educti', 'educti'],
      ru: ['выведена', 'выведены', 'выведено', 'выведена'],
    },
    'camp.latrunculi.captured': {
      ru: ['1\u00a0пленный', '2\u00a0пленных', '5\u00a0пленных', '21\u00a0пленный'],
      la: ['1\u00a0captivus', '2\u00a0captivi', '5\u00a0captivi', '21\u00a0captivi'],
      fr: ['1\u00a0prisonnier', '2\u00a0prisonniers', '5\u00a0prisonniers', '21\u00a0prisonniers'],
    },
  };
  for (const [key, byLang] of Object.entries(want)) {
    for (const [lang, forms] of Object.entries(byLang)) {
      assert.deepEqual(COUNTS.map((count) => I18N[lang].t(key, { count })), forms, `${lang} ${key}`);
    }
  }
});

test('every plural message shows its number for 2, 5 and 21, and for 1 unless its form means 1 alone', () => {
  const wrong = [];
  for (const lang of LANGUAGES) {
    const { t } = I18N[lang];
    const oneAlone = [...Array(1001).keys()].filter((n) => pluralRules(lang).select(n) === 'one').every((n) => n <= 1);
    for (const [key, english] of Object.entries(en)) {
      if (typeof english !== 'object' || !union(english).includes('count')) continue;
      for (const count of COUNTS) {
        if (count === 1 && oneAlone) continue;
        const text = t(key, { count });
        if (!text.includes(String(count))) wrong.push(`${lang} ${key} (${count}): ${text}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

// The moments of XII Scripta where the subject changes: a side in pass and play, you against
// the computer, the computer by its level.
const dice = (state) => [4, 5, 6].map((value) => ({ value, state }));
const scriptaSnap = (extra) => ({
  turn: 'albi', winner: null, turns: 21, thrown: true, turnOver: false, dice: dice('unused'),
  albi: { sentHome: 0, mustMove: false }, nigri: { sentHome: 0, mustMove: false }, ...extra,
});

for (const lang of LANGUAGES) {
  test(`${lang}: messages agree with their subject (you, a side, the computer by name)`, () => {
    const i18n = I18N[lang];
    const { t } = i18n;
    const words = scriptaWords(i18n);
    const turns = t('turns', { count: 21 });
    const allPlayed = scriptaSnap({ turnOver: true, dice: dice('used') });
    const side = words.situation(allPlayed, { counters: 15, you: null });
    assert.equal(side.key, 'situation.allPlayed');
    assert.ok(side.text.includes(t('side.albi')), side.text);
    assert.equal(words.situation(allPlayed, { counters: 15, you: 'albi', level: 'Miles' }).key, 'situation.you.allPlayed');

    const won = scriptaSnap({ winner: 'albi', turn: 'nigri' });
    assert.equal(words.situation(won, { counters: 15, you: 'albi', level: 'Miles' }).key, 'situation.you.won');
    const lost = words.situation(won, { counters: 15, you: 'nigri', level: 'Miles' });
    assert.equal(lost.key, 'situation.you.lost', 'a lost game says so');
    assert.ok(lost.text.includes('Miles') && lost.text.includes(turns), lost.text);
    const sides = words.situation(won, { counters: 15, you: null });
    assert.equal(sides.key, 'situation.won');
    assert.ok(sides.text.includes(t('side.albi')), sides.text);

    // The computer's turn hitting you twice or more says it once, with the count.
    const steps = [{ from: 12, to: 18, hit: true }, { from: 20, to: 24, hit: true }];
    const thrown = [6, 6, 4];
    const turn = words.event({ kind: 'confirm', side: 'nigri', who: 'Miles', other: 'albi', steps, dice: thrown }, 'albi');
    assert.equal(turn.key, 'event.playedHitYou');
    assert.equal(turn.text, t('event.playedHitYou', { who: 'Miles', dice: '6-6-4', count: 2, other: t('side.albi'),
      steps: i18n.list([t('played.move', steps[0]), t('played.move', steps[1])]) }));
    const theirs = words.event({ kind: 'confirm', side: 'nigri', other: 'albi', steps, dice: thrown }, null);
    assert.equal(theirs.key, 'event.playedHit');
    // The victims' name, in whatever form its sentence needs ("Alborum" in Latin).
    const albi = [t('side.albi'), ...Object.keys(CATALOGUES[lang]).filter(isForm).map((key) => CATALOGUES[lang][key][t('side.albi')])];
    assert.ok(albi.some((name) => theirs.text.includes(name)) && theirs.text.includes('2'), theirs.text);
    const one = words.event({ kind: 'confirm', side: 'nigri', who: 'Miles', other: 'albi', steps: [steps[0]], dice: thrown }, 'albi');
    assert.ok(one.text.includes(t('played.moveHitYou', steps[0])), one.text);
    // The throw is said with the turn played.
    assert.ok(one.text.includes('6-6-4'), one.text);

    const lat = latrunculiWords(i18n);
    const over = (winner) => ({ result: { winner, reason: 'captures' } });
    assert.equal(lat.situation(over('white'), { you: 'white', level: 'Centurio' }).key, 'situation.latrunculi.you.won');
    const latLost = lat.situation(over('black'), { you: 'white', level: 'Centurio' });
    assert.equal(latLost.key, 'situation.latrunculi.you.lost');
    assert.ok(latLost.text.includes('Centurio'), latLost.text);
    assert.ok(lat.situation(over('black')).text.includes(t('side.black')));

    // The tray of your side says "to move" in your person, the computer's in its own.
    assert.ok(t('tray.toMove.you') && t('tray.toMove.player'));
    // The game's end is said in the language itself: Latin only in Latin.
    if (lang !== 'la') assert.doesNotMatch(t('gameOver.title', { side: 'Albi' }), /vincunt/);
    assert.notEqual(t('gameOver.you.lost'), t('gameOver.you.won'));
  });
}

test('the verbs of the forms that name you agree with you, in Russian and Latin', () => {
  // "вы · ходят" and "tu · ludunt" were third person plural after "you".
  assert.equal(`${I18N.ru.t('tray.you')} · ${I18N.ru.t('tray.toMove.you')}`, 'вы · ходите');
  assert.equal(`${I18N.la.t('tray.you')} · ${I18N.la.t('tray.toMove.you')}`, 'tu · ludis');
  assert.equal(I18N.ru.t('tray.toMove.player'), 'ходит');
  assert.equal(I18N.la.t('tray.toMove.player'), 'ludit');
  assert.match(I18N.en.t('situation.allPlayed', { side: 'Albi' }), /^Albi: /, 'no "Albi have played"');
  assert.equal(I18N.la.t('camp.latrunculi.placing', { count: 1, captured: '' }).includes('ponendi'), false);
});

test('a move\'s words name its player before a colon, where "you" would need another verb form', () => {
  // {who} is "you" for the player's own moves, else a side or a level: "Du zieht", "Tu muove"
  // and "Vous a retiré" were the third person's verb after "you". English verbs agree with both.
  const keys = ['event.throw', 'event.step', 'event.undo', 'event.played', 'event.forfeit',
    ...['place', 'move', 'placeDux', 'moveDux', 'remove', 'stop'].map((kind) => `event.latrunculi.${kind}`)];
  const wrong = [];
  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    for (const key of keys) {
      if (!/^\{who\}\s?[:,]/.test(CATALOGUES[lang][key])) wrong.push(`${lang} ${key}: ${CATALOGUES[lang][key]}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('German calls the home screen Startseite, not Start (which reads as "start a game")', () => {
  assert.equal(I18N.de.t('nav.home'), 'Startseite');
  assert.equal(I18N.de.t('action.home'), 'Startseite');
});

test('a turn\'s entries are said once, and a counter moving on is one move "via" where it stopped', () => {
  const { t, list } = I18N.en;
  const words = scriptaWords(I18N.en);
  const entries = [{ from: 'tray', to: 3 }, { from: 'tray', to: 3 }, { from: 'tray', to: 2 }];
  const turn = words.event({ kind: 'confirm', side: 'nigri', who: 'Miles', other: 'albi', steps: entries, dice: [3, 3, 2] }, 'albi');
  assert.equal(turn.text, `Miles threw 3-3-2: entered on marks ${list(['3', '3', '2'])}.`);
  const chain = [{ from: 2, to: 8 }, { from: 8, to: 11 }, { from: 11, to: 12 }];
  assert.equal(words.event({ kind: 'confirm', side: 'nigri', who: 'Miles', other: 'albi', steps: chain, dice: [6, 3, 1] }, 'albi').text,
    `Miles threw 6-3-1: moved from mark 2 via ${list(['8', '11'])} to 12.`);
  // A hit in a run is said after the steps; another counter's move is not part of the run.
  const mixed = [{ from: 2, to: 8 }, { from: 8, to: 11, hit: true }, { from: 5, to: 6 }];
  const merged = words.event({ kind: 'confirm', side: 'nigri', who: 'Miles', other: 'albi', steps: mixed, dice: [6, 3, 1] }, 'albi');
  assert.equal(merged.key, 'event.playedHitYou');
  assert.equal(merged.text, t('event.playedHitYou', { who: 'Miles', dice: '6-3-1', count: 1,
    steps: list([t('played.via', { from: 2, via: list(['8']), to: 11 }), t('played.move', { from: 5, to: 6 })]) }));
  // A hit outside any run is said with its step, also beside a run of other steps.
  const beside = [{ from: 'tray', to: 3 }, { from: 'tray', to: 2 }, { from: 5, to: 9, hit: true }];
  const besideRun = words.event({ kind: 'confirm', side: 'nigri', who: 'Miles', other: 'albi', steps: beside, dice: [3, 2, 4] }, 'albi');
  assert.equal(besideRun.key, 'event.played');
  assert.equal(besideRun.text, `Miles threw 3-2-4: ${list([t('played.enters', { marks: list(['3', '2']) }), t('played.moveHitYou', { from: 5, to: 9 })])}.`);
  const apart = [{ from: 2, to: 8, hit: true }, { from: 5, to: 6 }];
  assert.equal(words.event({ kind: 'confirm', side: 'nigri', who: 'Miles', other: 'albi', steps: apart, dice: [6, 1] }, 'albi').text,
    `Miles threw 6-1: ${list([t('played.moveHitYou', { from: 2, to: 8 }), t('played.move', { from: 5, to: 6 })])}.`);
  // On the split track, entries into one's own half name the half once.
  const it = I18N.it;
  const own = [1, 2, 3, 4, 5, 6].flatMap((mark) => [{ owner: 'albi', mark }, { owner: 'nigri', mark }]);
  const split = scriptaWords(it, { cells: own });
  const into = [{ from: 'tray', to: 1 }, { from: 'tray', to: 6 }, { from: 'tray', to: 5 }];
  const said = split.event({ kind: 'confirm', side: 'nigri', other: 'albi', steps: into, dice: [1, 6, 5] }, null);
  assert.equal(said.text, 'Nigri: 1-6-5 ai dadi, ingressi nelle caselle 1, 6 e 5 nella metà dei Nigri.');
  assert.equal(said.key, 'event.played place.own.nigri');
  // A counter moving on within its own half names the half once; onto shared marks, step by step.
  const within = split.event({ kind: 'confirm', side: 'nigri', other: 'albi', steps: [{ from: 1, to: 3 }, { from: 3, to: 6 }, { from: 6, to: 9 }], dice: [2, 3, 3] }, null);
  assert.equal(within.text, `Nigri: 2-3-3 ai dadi, ${it.list([
    it.t('played.via', { from: 1, via: it.list(['3']), to: it.t('place.own.nigri', { mark: 6 }) }),
    it.t('played.move', { from: it.t('place.own.nigri', { mark: 6 }), to: 9 })])}.`);
});

test("Latrunculi says whose counters a move took, and a leap or a pair of placements as one turn", () => {
  const words = latrunculiWords(I18N.en);
  const { t } = I18N.en;
  const move = (from, to, captured = []) => ({ kind: 'move', side: 'black', owner: 'white', from, to, captured, frozen: [], dux: false });
  const capture = move('c6', 'c5', ['c4']);
  const yours = words.event({ kind: 'play', side: 'black', who: 'Miles', move: capture }, 'white');
  assert.equal(yours.key, 'event.latrunculi.move event.latrunculi.capturedYours');
  const theirs = words.event({ kind: 'play', side: 'black', move: capture }, null);
  assert.equal(theirs.key, 'event.latrunculi.move event.latrunculi.captured');
  assert.ok(theirs.text.includes(t('side.white')), theirs.text);
  const leap = [move('d1', 'd3'), move('d3', 'd5', ['e5'])];
  const leapt = words.event({ kind: 'play', side: 'black', move: leap[1], turn: leap }, 'white');
  assert.equal(leapt.key, 'event.latrunculi.moves event.latrunculi.capturedYours');
  assert.ok(leapt.text.includes('d1') && leapt.text.includes('d5'), leapt.text);
  const place = (to) => ({ kind: 'place', side: 'black', owner: 'white', from: null, to, captured: [], frozen: [], dux: false });
  const pair = [place('a1'), place('k12')];
  assert.equal(words.event({ kind: 'play', side: 'black', move: pair[1], turn: pair }, 'white').key, 'event.latrunculi.places');
  assert.equal(words.event({ kind: 'play', side: 'black', move: pair[1], turn: [pair[1]] }, 'white').key, 'event.latrunculi.place');
});
