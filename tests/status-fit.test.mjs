// The status box says every message whole (issue 25, point 4). At 390 x 844 (and on a landscape
// phone and a tablet), in each of the six languages, the real status element of each game is
// given every message the page can say: each status key of the catalogue with its longest
// arguments, and the longest messages the screens compose (the computer's turn of three hitting
// steps, the longest hint, a step from a stack with the turn's duty). Each fits (scrollHeight <=
// clientHeight) and the board's top stays where it was with the shortest message. The keyboard's
// board descriptions ("where"), as long as the board is full, are the one exception: the box
// scrolls for them rather than cut them.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, screenshotPath, visit } from './helpers.mjs';
import { LANGUAGES } from '../www/js/i18n/index.js';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// Status keys whose message is a list as long as the board: the box scrolls for them.
const BOARD_LISTS = /^a11y\.(where|blocked$|latrunculi\.(where|blocked$))/;

/**
 * Every message `game`'s screen can put in its status line, in the page's language, as
 * [{key, text}]: built in the page with its own catalogue and words modules.
 */
async function messages(game) {
  {
    const lang = document.documentElement.lang;
    const at = (file) => import(new URL(`js/${file}`, document.baseURI).href);
    const { loadI18n } = await at('i18n/index.js');
    const { createWords } = await at(`games/${game}/words.js`);
    const catalogue = (await at(`i18n/${lang}.js`)).default;
    const i18n = await loadI18n(lang);
    const { t, list } = i18n;
    const longest = (items) => items.map(String).reduce((a, b) => (b.length > a.length ? b : a));
    const sides = (game === 'scripta' ? ['albi', 'nigri'] : ['white', 'black']).map((s) => t(`side.${s}`));
    const levels = ['easy', 'medium', 'hard', 'expert', 'random'].map((l) => t(`level.${l}`));
    const level = longest(levels);
    const side = longest(sides);
    const computer = t('computer.name', { level, side: sides[1] });
    const rules = Object.keys(catalogue).filter((k) => /^rules\.(scripta|latrunculi)\.[\w-]+$/.test(k)).map((k) => t(k));
    // A private cell of the split-track readings, named with its side (the mover's).
    const ownMark = t('a11y.ownMark', { mark: 6, side: sides[1] });
    const mark = longest(['36', ownMark]);
    const square = 'n14';
    const latMove = t('move.latrunculi.move', { from: 'n14', to: 'n1' });
    const message = [];
    const add = (key, text) => message.push({ key, text });

    // The longest composed messages of each game.
    if (game === 'scripta') {
      for (const hit of ['tray', 'middle']) {
        const words = createWords(i18n, { hit });
        const duty = t(hit === 'middle' ? 'situation.mustMoveHit' : 'situation.mustReenter');
        const three = [{ from: 12, to: 18, hit: true }, { from: 24, to: 30, hit: true }, { from: ownMark, to: 12, hit: true }];
        const pair = [{ from: 24, to: 30, hit: true, count: 2 }, { from: ownMark, to: 12, hit: true }];
        const sum = [{ from: ownMark, to: 24, hit: true, summed: true, dice: [6, 6, 6] }];
        for (const steps of [three, pair, sum]) {
          const turn = words.event({ kind: 'confirm', side: 'nigri', who: computer, other: 'albi', steps, dice: [6, 6, 6] }, 'albi');
          add(`${turn.key} situation.you.toThrow`, `${turn.text} ${t('situation.you.toThrow')}`);
          const theirs = words.event({ kind: 'confirm', side: 'nigri', other: 'albi', steps, dice: [6, 6, 6] }, null);
          add(`${theirs.key} situation.toThrow`, `${theirs.text} ${t('situation.toThrow', { side })}`);
          const hint = words.event({ kind: 'hint', who: level, steps }, 'albi');
          add(hint.key, hint.text);
          const step = words.event({ kind: 'step', side: 'albi', other: 'nigri', step: steps[0] }, 'albi');
          add(`${step.key} situation.you.toPlay`, `${step.text} ${t('situation.you.toPlay', { dice: list([5, 6]) })} ${duty}`);
          const undo = words.event({ kind: 'undo', side: 'albi', other: 'nigri', step: steps[0] }, 'albi');
          add(`${undo.key} situation.you.toPlay`, `${undo.text} ${t('situation.you.toPlay', { dice: list([6, 6, 6]) })} ${duty}`);
        }
      }
      // New game against the computer that opens: who plays, the opening throw, its thinking.
      const opening = t('notice.opening', { albiSide: t('side.albi'), nigriSide: t('side.nigri'), albi: '6-6-5 (17)', nigri: '6-6-6 (18)', opener: side });
      add('notice.newGameVs notice.opening situation.thinking',
        `${t('notice.newGameVs', { human: side, level })} ${opening} ${t('situation.thinking', { who: computer })}`);
    } else {
      const words = createWords(i18n);
      // The longest turns: a move that takes three counters, and one that freezes three.
      for (const move of [
        { kind: 'move', side: 'white', from: 'n14', to: 'n1', captured: ['m1', 'n2', 'l1'], frozen: [] },
        { kind: 'move', side: 'white', from: 'n14', to: 'n1', captured: [], frozen: ['m1', 'n2', 'l1'] },
      ]) {
        const turn = words.event({ kind: 'play', who: computer, move }, 'white');
        add(`${turn.key} situation.latrunculi.you.move`, `${turn.text} ${t('situation.latrunculi.you.move')}`);
        const theirs = words.event({ kind: 'play', side: 'black', move }, null);
        add(`${theirs.key} situation.latrunculi.move`, `${theirs.text} ${t('situation.latrunculi.move', { side })}`);
      }
    }

    // Every status key of the catalogue alone, with its longest arguments and every plural form
    // (the steps of XII Scripta's turns and hints are composed above).
    const fill = {
      who: longest([computer, t('you.name'), ...sides]), side, human: side, other: side, owner: side, level,
      fallback: longest([...sides, ...levels]), levels: list(levels),
      dice: longest([list([6, 6, 6]), '6-6-6']), mark, from: mark, to: mark, at: square, square,
      squares: list(['m1', 'n2', 'l1', 'n13']), counters: 15, turns: t('turns', { count: 188 }),
      game: longest([t('game.scripta'), t('game.latrunculi')]), value: 'centurio-2',
      why: 'the saved position has 16 counters for Albi', text: '33/off',
      action: longest(['throw', 'undo', 'confirm', 'hint', 'placeRest'].map((a) => t(`action.${a}`))),
      move: latMove, moves: list([latMove, latMove]), limit: 100,
      albi: '6-6-5 (17)', nigri: '6-6-6 (18)', albiSide: t('side.albi'), nigriSide: t('side.nigri'), opener: side,
    };
    const composed = game === 'scripta' ? /^event\.(step|undo|played|hint)$/ : /^$/;
    const status = /^(event|situation|refuse|notice)\.|^record\.(copied|downloaded|shared|shareCopied|copyByHand)$|^a11y\.(cannot|command\.refused|blocked\.none|latrunculi\.blocked\.none)$/;
    const other = game === 'scripta' ? 'latrunculi' : 'scripta';
    // Where a link names something unknown, what the page falls back on.
    const fallback = {
      'notice.unknownLevel': level, 'notice.unknownSide': side, 'notice.unknownRules': longest(rules),
      'notice.unknownLanguage': longest(['English', 'Deutsch', 'Italiano', 'Français', 'Русский', 'Latina']),
    };
    for (const key of Object.keys(catalogue)) {
      if (!status.test(key) || composed.test(key) || key.includes(`.${other}.`)) continue;
      for (const count of [1, 2, 5, 21]) add(key, t(key, { ...fill, fallback: fallback[key] ?? fill.fallback, count }));
    }
    return message.filter((m, i) => message.findIndex((n) => n.text === m.text) === i);
  }
}

/** Puts each message in the page's status box; the ones that do not fit, and the board's tops. */
async function measure(page, list) {
  return page.evaluate((list) => {
    const status = document.getElementById('status');
    const board = document.querySelector('[data-position]');
    const tops = new Set();
    const cut = [];
    for (const { key, text } of list) {
      status.textContent = text;
      tops.add(Math.round(board.getBoundingClientRect().top * 10) / 10);
      if (status.scrollHeight > status.clientHeight) cut.push(`${key} (${status.scrollHeight} > ${status.clientHeight}): ${text}`);
    }
    return { cut, tops: [...tops] };
  }, list);
}

const SCREENS = [
  ['scripta', 'game=scripta&opponent=computer&level=expert&seed=3&pace=0'],
  ['latrunculi', 'game=latrunculi&rules=quintana&opponent=computer&level=hard'],
];

// The phone of the issue first, then a landscape phone and a portrait tablet.
const VIEWPORTS = [[390, 844], [844, 390], [768, 1024]];

for (const lang of LANGUAGES) {
  test(`${lang}: every status message fits its box at 390 px (and wider) and the board stays put`, async () => {
    const cut = [];
    const s = await open(browser, `?lang=${lang}`);
    const { page } = s;
    for (const [width, height] of VIEWPORTS) for (const [game, query] of SCREENS) {
      await page.setViewportSize({ width, height });
      await visit(page, `?${query}&lang=${lang}`);
      const all = await page.evaluate(messages, game);
      const said = all.filter((m) => !BOARD_LISTS.test(m.key));
      assert.ok(said.length > (game === 'scripta' ? 90 : 60), `${game}: only ${said.length} messages`);
      const byLength = [...said].sort((a, b) => a.text.length - b.text.length);
      const shortest = await measure(page, byLength.slice(0, 1));
      const { cut: cutHere, tops } = await measure(page, byLength);
      cut.push(...cutHere.map((c) => `${width}x${height} ${game}: ${c}`));
      assert.deepEqual(tops, shortest.tops, `${width}x${height} ${game}: the board's top moved`);
      if ((lang === 'ru' || lang === 'de') && width === 390) {
        await measure(page, byLength.slice(-1));
        await page.screenshot({ path: screenshotPath(`status-longest-${game}-${lang}.png`) });
      }
    }
    await close(s);
    assert.deepEqual(cut, []);
  });
}

test('a description of the whole board scrolls in the box instead of being cut, and the board stays put', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&lang=de');
  const { page } = s;
  const before = await page.evaluate(() => document.querySelector('[data-position]').getBoundingClientRect().top);
  const { scrolls, after } = await page.evaluate(async () => {
    const { loadI18n } = await import(new URL('js/i18n/index.js', document.baseURI).href);
    const { t, list } = await loadI18n('de');
    const marks = list([...Array(15).keys()].map((i) => t('a11y.where.mark', { count: 1, mark: 2 * i + 1 })));
    const status = document.getElementById('status');
    status.textContent = t('a11y.where', { side: 'Nigri', marks, waiting: 0, sentHome: 0, borneOff: 0 });
    const box = getComputedStyle(status);
    return {
      scrolls: status.scrollHeight > status.clientHeight && box.overflowY === 'auto',
      after: document.querySelector('[data-position]').getBoundingClientRect().top,
    };
  });
  assert.ok(scrolls, 'the box scrolls');
  assert.equal(after, before);
  await close(s);
});
