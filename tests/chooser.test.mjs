// Choosing a move under the readings that move stacks and add dice (issue 25, point 11), and
// naming the split track's own cells (point 9). How many counters go is picked on the stack
// itself, the board never moves, several dice to one cell are offered as their dice in a small
// overlay on the board, and every tap on the board is answered. A number in the middle row
// stands for two cells, one in each side's half: the words say whose.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, position, says, said, targets, screenshotPath } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const VIEWPORTS = [{ width: 390, height: 844 }, { width: 768, height: 1024 }];
const RUSSIAN_START = 'russian A w0s0o0:1x2,2x2,3x2,4x2,5x2,6x2 w0s0o0:1x2,2x2,3x2,4x2,5x2,6x2';

function game(rules, xsn, extra = {}) {
  const params = new URLSearchParams({ game: 'scripta', opponent: 'human', rules, lang: 'en', position: xsn, ...extra });
  return `?${params}`;
}

const mark = (n, owner) => (owner ? `[data-mark="${n}"][data-owner="${owner}"]` : `[data-mark="${n}"]:not([data-owner])`);
const tap = (page, selector) => page.locator(selector).first().click();
const boardTop = (page) => page.evaluate(() => document.querySelector('#board').getBoundingClientRect().top);

/** The engine's legal steps from `source` (a mark or 'tray') at `xsn`, read with the page's wasm. */
const stepsFrom = (page, xsn, source) => page.evaluate(async ([text, from]) => {
  const wasm = await import(new URL('pkg/scripta.js', document.baseURI).href);
  await wasm.default({ module_or_path: new URL('pkg/scripta_bg.wasm', document.baseURI) });
  const g = wasm.ScriptaGame.fromPosition(text, '1');
  try {
    return g.snapshot().sources.find((s) => s.source === from)?.steps ?? [];
  } finally {
    g.free();
  }
}, [xsn, source]);

/** The catalogue's words for `key` in `lang`, as the page writes them. */
const words = (page, lang, key, args) => page.evaluate(async ([l, k, a]) => {
  const { loadI18n } = await import(new URL('js/i18n/index.js', document.baseURI).href);
  return (await loadI18n(l)).t(k, a);
}, [lang, key, args]);

/** The destinations the page marks, as the engine numbers them, sorted. */
const marked = async (page) => (await targets(page)).map(String).sort();
const destinations = (steps, count) => [...new Set(steps.filter((s) => s.count === count).map((s) => String(s.to)))].sort();

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  test(`italian at ${size}: a stack's count is picked on the stack, the dice asked beside the cell, the board still`, async () => {
    // Albi's four counters on 8 and one on 10 with 3, 1 and 4: the 4 alone and 3 + 1 both
    // reach 12, for one counter or several.
    const xsn = 'italian A w0s0o10:8x4,10 w15s0o0: 314';
    const s = await open(browser, game('italian', xsn), { viewport });
    const steps = await stepsFrom(s.page, xsn, 8);
    const top = await boardTop(s.page);
    // Each tap on the stack takes one more counter, drawn on it; the destinations follow.
    for (const count of [1, 2, 3, 4]) {
      await tap(s.page, mark(8));
      assert.equal(await s.page.getAttribute(mark(8), 'data-picked'), String(count));
      assert.deepEqual(await marked(s.page), destinations(steps, count), `${count} picked`);
      await says(s.page, count < 4 ? 'pick.more' : 'pick.last');
      assert.equal(await boardTop(s.page), top, 'the board stays where it was');
    }
    // Past the most, the stack is let go; the next tap takes one again.
    await tap(s.page, mark(8));
    assert.equal(await s.page.locator('.selected').count(), 0);
    for (let i = 0; i < 3; i++) await tap(s.page, mark(8));
    assert.equal(await s.page.getAttribute(mark(8), 'data-picked'), '3');
    if (viewport.width === 390) await s.page.screenshot({ path: screenshotPath('chooser-italian-stack.png') });
    await tap(s.page, mark(12));
    await s.page.waitForSelector('#move-choice:not([hidden])');
    await says(s.page, 'choice.prompt');
    assert.equal(await boardTop(s.page), top, 'the choice moves nothing');
    await s.page.screenshot({ path: screenshotPath(`chooser-italian-sum-${size}.png`) });
    // Each way is written as its dice, at least 44 px square, on the board.
    const options = await s.page.$$eval('#move-choice [data-action="choose"]', (bs) => bs.map((b) => {
      const r = b.getBoundingClientRect();
      return { step: b.dataset.step, text: b.textContent, width: r.width, height: r.height };
    }));
    assert.deepEqual(options.map((o) => [o.step, o.text]), [['8/12x3', '4'], ['8/12x3(3+1)', '3+1']]);
    for (const o of options) assert.ok(o.width >= 44 && o.height >= 44, JSON.stringify(o));
    const box = await s.page.locator('#move-choice').boundingBox();
    const board = await s.page.locator('#board').boundingBox();
    assert.ok(box.y >= board.y && box.y + box.height <= board.y + board.height, 'the choice lies over the board');
    await s.page.click('#move-choice [data-step="8/12x3(3+1)"]');
    await s.page.waitForSelector('#move-choice', { state: 'hidden' });
    assert.equal(await position(s.page), 'italian A w0s0o10:8,10,12x3 w15s0o0: 4');
    // The words say the stack's count and its dice.
    await says(s.page, 'event.step');
    const text = await s.page.textContent('[role="status"]');
    assert.ok(text.includes('3 + 1') && text.includes(await words(s.page, 'en', 'played.stackSum', { step: '', count: 3, dice: '3 + 1' })), text);
    assert.equal(await boardTop(s.page), top);
    await close(s);
  });

  test(`russian at ${size}: a pair is picked on the stack, and the dice added are offered as dice`, async () => {
    const xsn = `${RUSSIAN_START} 336`;
    const s = await open(browser, game('russian', xsn), { viewport });
    const top = await boardTop(s.page);
    const steps = await stepsFrom(s.page, xsn, 1);
    await tap(s.page, mark(1, 'albi'));
    assert.deepEqual(await marked(s.page), destinations(steps, 1));
    // A double moves a pair: the second tap takes both, the third lets them go.
    await tap(s.page, mark(1, 'albi'));
    assert.equal(await s.page.getAttribute(mark(1, 'albi'), 'data-picked'), '2');
    assert.deepEqual(await marked(s.page), ['4']);
    await says(s.page, 'pick.last');
    if (viewport.width === 390) await s.page.screenshot({ path: screenshotPath('chooser-russian-pair.png') });
    await tap(s.page, mark(1, 'albi'));
    await tap(s.page, mark(1, 'albi'));
    // One counter to 7: the 6, or 3 + 3.
    await tap(s.page, mark(7));
    await s.page.waitForSelector('#move-choice:not([hidden])');
    assert.deepEqual(await s.page.$$eval('#move-choice [data-action="choose"]', (bs) => bs.map((b) => b.textContent)), ['6', '3+3']);
    assert.equal(await boardTop(s.page), top);
    await s.page.screenshot({ path: screenshotPath(`chooser-russian-sum-${size}.png`) });
    await close(s);
  });
}

test('while the dice are asked for, every tap on the board is answered', async () => {
  const xsn = 'italian A w0s0o10:8x4,10 w15s0o0: 314';
  const s = await open(browser, game('italian', xsn));
  const places = await s.page.$$eval('#board [data-mark], #board [data-off], [data-tray]', (nodes) => nodes.map((n, i) => {
    n.dataset.probe = String(i);
    return `[data-probe="${i}"]`;
  }));
  for (const place of places) {
    // Back to three counters of 8 picked and the dice for 12 asked for.
    await s.page.evaluate(() => {
      const $ = (selector) => document.querySelector(selector);
      const click = (node) => node.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      if (!$('[data-action="undo"]').disabled) $('[data-action="undo"]').click();
      if (!$('#move-choice').hidden) $('[data-action="choice-cancel"]').click();
      while ($('.selected')) click($('.selected'));
      for (let i = 0; i < 3; i++) click($('[data-mark="8"]:not([data-owner])'));
      click($('[data-mark="12"]:not([data-owner])'));
    });
    assert.equal(await s.page.locator('#move-choice:not([hidden])').count(), 1);
    const before = await said(s.page);
    // A real tap where the place is drawn, on the choice where it lies over the place.
    const centre = await s.page.evaluate((selector) => {
      const node = document.querySelector(selector);
      const r = (node.querySelector('.cell, .exit-cell') ?? node).getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }, place);
    await s.page.mouse.click(centre.x, centre.y);
    assert.notEqual(await said(s.page), before, `the status line did not answer the tap on ${place}`);
  }
  await close(s);
});

test('a tap that another number of the picked stack could take says so', async () => {
  // Italian columns: Nigri's pair on 13 is taken by Albi's pair from 8 with the 5, not by one.
  const xsn = 'italian-columns A w0s0o13:8x2 w0s0o13:13x2 531';
  const s = await open(browser, game('italian-columns', xsn));
  await tap(s.page, mark(8));
  assert.ok(!(await marked(s.page)).includes('13'));
  await tap(s.page, mark(13));
  await says(s.page, 'pick.notWith');
  await tap(s.page, mark(8));
  assert.ok((await marked(s.page)).includes('13'));
  await close(s);
});

test('the split track\'s own cells are named with whose half they are in, in every language', async () => {
  for (const lang of ['en', 'de', 'fr', 'it', 'la', 'ru']) {
    const s = await open(browser, game('russian', `${RUSSIAN_START} 336`, { lang }));
    await tap(s.page, mark(1, 'albi'));
    await tap(s.page, mark(1, 'albi'));
    await tap(s.page, mark(4, 'albi'));
    await says(s.page, 'event.step');
    await says(s.page, 'place.own.albi');
    const text = await s.page.textContent('[role="status"]');
    // A step within one half names the half once, after the second number.
    const to = await words(s.page, lang, 'place.own.albi', { mark: 4 });
    assert.ok(text.includes(to), `${lang}: "${text}" names ${to}`);
    const from = await words(s.page, lang, 'place.own.albi', { mark: 1 });
    assert.ok(!text.includes(from), `${lang}: "${text}" names the half twice`);
    await close(s);
  }
});

test('against the computer your own cells are yours, and the other side\'s block nothing', async () => {
  const s = await open(browser, game('russian', `${RUSSIAN_START} 336`, { opponent: 'computer', level: 'tiro', pace: '0' }));
  await tap(s.page, mark(1, 'albi'));
  await tap(s.page, mark(1, 'albi'));
  await tap(s.page, mark(4, 'albi'));
  await says(s.page, 'place.yours');
  const text = await s.page.textContent('[role="status"]');
  assert.ok(text.includes(await words(s.page, 'en', 'place.yours', { mark: 4 })), text);
  // Nigri's pairs on its own six cells are out of Albi's way.
  const word = await words(s.page, 'en', 'a11y.cmd.blocked');
  await s.page.fill('#command', word);
  await s.page.press('#command', 'Enter');
  await says(s.page, 'a11y.blocked.none');
  assert.equal(await said(s.page), 'a11y.blocked.none');
  // The computer's turn names its own cells as its side's.
  await tap(s.page, mark(2, 'albi'));
  await tap(s.page, '[data-target]');
  await s.page.click('[data-action="confirm"]');
  await says(s.page, 'event.played');
  await says(s.page, 'place.own.nigri');
  await close(s);
});

test('from the keyboard: Enter picks one more, the dice are offered with the focus, Escape goes back to the board', async () => {
  const s = await open(browser, game('italian', 'italian A w0s0o10:8x4,10 w15s0o0: 314'));
  await s.page.focus(mark(8));
  await s.page.keyboard.press('Enter');
  await s.page.keyboard.press('Enter');
  assert.equal(await s.page.getAttribute(mark(8), 'data-picked'), '2');
  await s.page.focus(mark(12));
  await s.page.keyboard.press('Enter');
  await s.page.waitForSelector('#move-choice:not([hidden])');
  assert.equal(await s.page.evaluate(() => document.activeElement?.dataset.action), 'choose');
  await s.page.keyboard.press('Escape');
  await s.page.waitForSelector('#move-choice', { state: 'hidden' });
  assert.equal(await s.page.evaluate(() => document.activeElement?.dataset.mark), '12', 'the focus is back on the cell asked about');
  // Picked still: Enter there asks again, and a way chosen plays it.
  await s.page.keyboard.press('Enter');
  await s.page.keyboard.press('Tab');
  await s.page.keyboard.press('Enter');
  await s.page.waitForSelector('#move-choice', { state: 'hidden' });
  assert.equal(await position(s.page), 'italian A w0s0o10:8x2,10,12x2 w15s0o0: 4');
  assert.ok(await s.page.evaluate(() => document.activeElement?.closest('#board') !== null), 'the focus is on the board');
  await close(s);
});

test('a tap between the marks is answered too, and closes the choice of dice', async () => {
  const s = await open(browser, game('italian', 'italian A w0s0o10:8x4,10 w15s0o0: 314'));
  // The gap between the board's halves, beside mark 12, and the frame's margin.
  const gap = await s.page.evaluate(() => {
    const a = document.querySelector('[data-mark="13"]:not([data-owner]) .cell').getBoundingClientRect();
    const b = document.querySelector('[data-mark="12"]:not([data-owner]) .cell').getBoundingClientRect();
    return { x: (a.right + b.left) / 2, y: a.top + a.height / 2 };
  });
  const frame = await s.page.locator('#board svg').boundingBox();
  await s.page.mouse.click(gap.x, gap.y);
  await says(s.page, 'refuse.between');
  await tap(s.page, mark(8));
  assert.notEqual(await said(s.page), 'refuse.between');
  await tap(s.page, mark(8));
  await tap(s.page, mark(8));
  await tap(s.page, mark(12));
  await s.page.waitForSelector('#move-choice:not([hidden])');
  await s.page.mouse.click(frame.x + 3, frame.y + frame.height / 2);
  await s.page.waitForSelector('#move-choice', { state: 'hidden' });
  await says(s.page, 'situation.toPlay');
  await s.page.mouse.click(frame.x + 3, frame.y + frame.height / 2);
  await says(s.page, 'refuse.between');
  // A counter dragged from one mark to another is a move, not a tap between them.
  const from = await s.page.locator(mark(10)).boundingBox();
  const to = await s.page.locator(mark(11)).boundingBox();
  await s.page.mouse.move(from.x + from.width / 2, from.y + from.height * 0.7);
  await s.page.mouse.down();
  await s.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await s.page.mouse.up();
  await says(s.page, 'event.step');
  await s.page.waitForTimeout(100);
  assert.notEqual(await said(s.page), 'refuse.between');
  await close(s);
});
