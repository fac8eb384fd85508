// Phones, tablets and desktops: no sideways scrolling, tap targets of at least 24x24 CSS px at
// 360 px wide, screenshots to look at, no request to any other origin, and offline play.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, at, position, screenshotPath, visit } from './helpers.mjs';
import { GAME as SCRIPTA } from '../www/js/games/scripta/meta.js';
import { GAME as LATRUNCULI } from '../www/js/games/latrunculi/meta.js';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// A middle game: stacks, a tall stack, blots, sent-home counters and dice to play.
const MIDGAME = 'A w3s1o0:1,3x2,5,12,25x3,31x2,36 w2s1o2:2,7x2,14,19x5,33 235';

const TAPPABLE = '[data-mark], [data-tray], [data-off], [data-action], button';

async function noSidewaysScroll(page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  assert.ok(scroll <= width, `page is ${scroll} px wide in a ${width} px window`);
}

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['phone-landscape', { width: 844, height: 390 }],
  ['tablet', { width: 820, height: 1180 }],
  ['desktop', { width: 1440, height: 900 }],
]) {
  test(`${name} layout: no sideways scrolling; screenshot`, async () => {
    const s = await open(browser, at(MIDGAME), { viewport, scale: 2 });
    assert.equal(await position(s.page), MIDGAME);
    await noSidewaysScroll(s.page);
    await s.page.click('[data-tray="albi"]');
    await s.page.screenshot({ path: screenshotPath(`${name}.png`), fullPage: true });
    await close(s);
  });
}

for (const [name, viewport] of [['tablet-upright', { width: 768, height: 1024 }], ['phone-sideways', { width: 667, height: 375 }]]) {
  test(`${name}: every preset in the longest languages, no sideways scrolling`, async () => {
    // The reading's name joins the title. Too long for one line with the buttons, they go under
    // it; on a phone held sideways, whose header keeps one line, the name ends in an ellipsis.
    const s = await open(browser, '', { viewport });
    for (const lang of ['fr', 'ru']) {
      for (const [game, presets] of [['scripta', SCRIPTA.presets], ['latrunculi', LATRUNCULI.named]]) {
        for (const rules of presets) {
          await visit(s.page, `?lang=${lang}&game=${game}&rules=${rules}&opponent=human`);
          await noSidewaysScroll(s.page);
        }
      }
    }
    await visit(s.page, '?lang=fr&game=scripta&rules=italian-columns&opponent=human');
    await s.page.screenshot({ path: screenshotPath(`${name}-italian-columns-fr.png`) });
    await close(s);
  });
}

test('every tap target is at least 24x24 CSS px at 360 px wide', async () => {
  for (const viewport of [{ width: 360, height: 740 }, { width: 740, height: 360 }]) {
    const s = await open(browser, at(MIDGAME), { viewport });
    await noSidewaysScroll(s.page);
    const small = await s.page.$$eval(TAPPABLE, (nodes) => nodes
      .filter((n) => n.getClientRects().length)
      .map((n) => {
        const r = n.getBoundingClientRect();
        const name = n.dataset.mark ?? n.dataset.tray ?? n.dataset.off ?? n.dataset.action ?? n.textContent;
        return { name, width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 };
      })
      .filter((r) => r.width < 24 || r.height < 24));
    assert.deepEqual(small, [], `too small at ${viewport.width}x${viewport.height}`);
    assert.equal(await s.page.locator('[data-mark]').count(), 36);
    await close(s);
  }
});

test('the board reads as on the Trier stone: rows, letters and the S of the track', async () => {
  const s = await open(browser, '?game=scripta');
  const marks = await s.page.$$eval('[data-mark]', (nodes) => nodes.map((n) => {
    const r = n.getBoundingClientRect();
    return { n: Number(n.dataset.mark), x: r.x, y: r.y, letter: n.querySelector('.letter').textContent };
  }));
  const row = (first, last) => marks.filter((m) => m.n >= first && m.n <= last).sort((a, b) => a.x - b.x);
  const words = [row(1, 12), row(13, 24), row(25, 36)].map((r) => r.map((m) => m.letter).join(''));
  assert.deepEqual(words, ['VIRTVSIMPERI', 'HOSTESVINCTI', 'LVDANTROMANI']);
  assert.deepEqual(row(1, 12).map((m) => m.n), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  assert.deepEqual(row(13, 24).map((m) => m.n), [24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13]);
  assert.deepEqual(row(25, 36).map((m) => m.n), [25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36]);
  const y = (n) => marks.find((m) => m.n === n).y;
  assert.ok(y(1) < y(13) && y(13) < y(25));
  const exit = await s.page.locator('[data-off="albi"]').boundingBox();
  const last = await s.page.locator('[data-mark="36"]').boundingBox();
  assert.ok(exit.x >= last.x + last.width - 1, 'the exit zone is beside mark 36');
  await close(s);
});

test('no request leaves this origin, and the app plays offline once loaded', async () => {
  const s = await open(browser, '?game=scripta&seed=9');
  await s.page.evaluate(() => navigator.serviceWorker.ready);
  await s.page.click('[data-action="throw"]');
  const thrown = await position(s.page);
  await s.context.setOffline(true);
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  assert.equal(await position(s.page), thrown);
  await s.context.setOffline(false);
  assert.ok(s.requests.some((url) => url.endsWith('.wasm')));
  await close(s);
});

/** The part of `selector`'s first box outside the window, as text, or null when it is all inside. */
const outsideOf = (page, selector) => page.$eval(selector, (n) => {
  const r = n.getBoundingClientRect();
  const out = r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5;
  return out ? `${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}` : null;
});

test('a phone held sideways: the New game dialog keeps Start in reach, and the replay shows its board with Next', async () => {
  const s = await open(browser, '?game=scripta&opponent=computer&seed=3', { viewport: { width: 844, height: 390 } });
  await s.page.click('[data-action="new"]');
  await s.page.waitForSelector('dialog[open]');
  assert.equal(await outsideOf(s.page, 'dialog[open] button[value="start"]'), null, 'Start');
  await s.page.keyboard.press('Escape');
  await s.page.click('[data-action="records"]');
  await s.page.click('#record-menu [data-menu="record-replay"]');
  await s.page.waitForSelector('#replay');
  for (const game of ['scripta', 'latrunculi']) {
    if (game === 'latrunculi') {
      await visit(s.page, '?game=latrunculi&rules=quintana&opponent=human');
      await s.page.click('[data-action="records"]');
      await s.page.click('#record-menu [data-menu="record-replay"]');
      await s.page.waitForSelector('#replay');
    }
    await s.page.$eval('.replay-board', (n) => n.scrollIntoView());
    await s.page.screenshot({ path: screenshotPath(`replay-${game}-844x390.png`) });
    assert.equal(await outsideOf(s.page, '.replay-board .board'), null, `${game}: the board`);
    assert.equal(await outsideOf(s.page, '[data-action="replay-next"]'), null, `${game}: Next`);
    const [board, next] = await Promise.all(['.replay-board .board', '.replay-nav'].map((q) => s.page.$eval(q, (n) => n.getBoundingClientRect().toJSON())));
    assert.ok(board.bottom <= next.top + 0.5, `${game}: the step buttons leave the board's foot in view`);
  }
  await close(s);
});

test('mark numbers and the exit word read at 11 CSS px or more on a 390 px phone', async () => {
  const s = await open(browser, at(MIDGAME), { viewport: { width: 390, height: 844 } });
  const sizes = await s.page.$$eval('#board .number, #board .exit-label', (nodes) => nodes.map((n) =>
    parseFloat(getComputedStyle(n).fontSize) * n.ownerSVGElement.getScreenCTM().a));
  assert.equal(sizes.length, 38);
  const smallest = Math.min(...sizes);
  assert.ok(smallest >= 11, `the smallest is ${smallest.toFixed(1)} px`);
  await close(s);
});

// Every board, whatever its shape, and every button of the game screen are on screen without
// scrolling, on phones held either way and on a tablet: a scroll would move the board under a
// finger, and a board cut off at the bottom hides the squares there.
test('the whole board and every button fit the screen, a phone held either way and a tablet', async () => {
  const screens = [
    ['scripta', `?game=scripta&opponent=human&position=${encodeURIComponent(MIDGAME)}`],
    ...['piso', 'kharebga-6x8', 'seega-11x12', 'seega-11x16', 'falkener', 'kowalski-10x11', 'kowalski-8x12', 'bell-8x7']
      .map((rules) => [rules, `?game=latrunculi&opponent=human&rules=${rules}`]),
  ];
  const s = await open(browser);
  const outside = [];
  for (const [width, height] of [[844, 390], [667, 375], [390, 844], [820, 1180], [1024, 768]]) {
    await s.page.setViewportSize({ width, height });
    for (const [name, query] of screens) {
      await visit(s.page, query);
      const cut = await s.page.$$eval('.board-svg, .controls button', (nodes) => nodes
        .filter((n) => n.getClientRects().length && getComputedStyle(n).visibility !== 'hidden')
        .map((n) => ({ what: n.dataset.action ?? n.getAttribute('class'), r: n.getBoundingClientRect() }))
        .filter(({ r }) => r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
        .map(({ what, r }) => `${what} ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`));
      outside.push(...cut.map((c) => `${width}x${height} ${name}: ${c}`));
      if ((width === 844 && name !== 'kharebga-6x8') || width === 820) await s.page.screenshot({ path: screenshotPath(`fit-${name}-${width}x${height}.png`) });
    }
  }
  await close(s);
  assert.deepEqual(outside, []);
});
