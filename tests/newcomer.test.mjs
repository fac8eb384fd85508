// A first-time visitor on a phone: the computer's messages speak to "you", the first entry is
// coached, the computer's last turn stays marked on the board, a finger can drag a counter on
// the board, the status line never changes height, your tray is by the buttons as Nigri, and
// the computer waits while a dialog is open; on a phone and a tablet the first turn needs no
// scroll. Screenshots of each.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, at, position, said, says, screenshotPath, humanToThrow, playHumanTurn } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };

test('against the computer every message speaks to the player', async () => {
  const s = await open(browser, '?game=scripta&opponent=computer&level=tiro&seed=5&pace=0');
  await says(s.page, 'situation.you.toThrow');
  await playHumanTurn(s.page);
  await humanToThrow(s.page);
  await says(s.page, 'event.played');
  await says(s.page, 'situation.you.toThrow');
  assert.doesNotMatch(await said(s.page), /situation\.(toThrow|toPlay|allPlayed)\b/);
  await close(s);
});

test('the first turn is coached until a counter has entered', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=3');
  await s.page.click('[data-action="throw"]');
  await says(s.page, 'situation.coach');
  // Two at one device: the coaching says "your", so whose turn it is is said first.
  await says(s.page, 'situation.toPlay');
  assert.ok(await s.page.locator('[data-tray="albi"].coach').count());
  // The throw is done: Throw looks disabled and is not the main action any more.
  assert.ok(await s.page.locator('[data-action="throw"]').isDisabled());
  // Any empty mark points to the tray while entering is all there is to do.
  await s.page.click('[data-mark="20"]');
  await says(s.page, 'refuse.enter-from-tray');
  await s.page.click('[data-tray="albi"]');
  await says(s.page, 'situation.coachTarget');
  await s.page.click('[data-target]');
  assert.equal(await s.page.locator('.tray.coach').count(), 0);
  assert.doesNotMatch(await said(s.page), /situation\.coach/);
  await close(s);
});

test('against the computer the coached first turn still says it is yours, and what the dice are', async () => {
  const s = await open(browser, '?game=scripta&opponent=computer&level=tiro&seed=3&pace=0');
  await s.page.click('[data-action="throw"]');
  await says(s.page, 'situation.coach');
  await says(s.page, 'situation.you.toPlay');
  const lat = await open(browser, '?game=latrunculi&opponent=computer&level=tiro&pace=0');
  await says(lat.page, 'situation.latrunculi.coach.place');
  await says(lat.page, 'situation.latrunculi.you.place');
  await close(lat);
  await close(s);
});

test('the computer\'s last turn stays marked until the next throw, and can be shown again', async () => {
  for (const [name, viewport] of [['phone', PHONE], ['tablet', TABLET]]) {
    const s = await open(browser, '?game=scripta&opponent=computer&level=miles&seed=7&pace=0', { viewport, scale: 2 });
    await playHumanTurn(s.page);
    await humanToThrow(s.page);
    const record = await s.page.evaluate(() =>
      JSON.parse(localStorage.getItem('ludi-romani.scripta.austin-murray')).saved.turns.at(-1).steps);
    assert.equal(await s.page.locator('[data-trail-step]').count(), record.length);
    assert.ok(record.length > 0, 'Miles played no step with this seed');
    assert.ok(await s.page.locator('[data-action="replay"]').isVisible());
    await s.page.screenshot({ path: screenshotPath(`newcomer-computer-played-${name}.png`), fullPage: true });
    await s.page.click('[data-action="replay"]');
    await s.page.waitForFunction(() => document.querySelectorAll('[data-trail-step]').length === 0);
    await s.page.click('[data-action="throw"]');
    assert.equal(await s.page.locator('[data-trail-step]').count(), 0);
    await close(s);
  }
});

test('a finger drags a counter on the board (touch events)', async () => {
  const s = await open(browser, at('A w14s0o0:5 w15s0o0: 2'), { touch: true });
  const from = await s.page.locator('[data-mark="5"] .counter').boundingBox();
  const to = await s.page.locator('[data-mark="7"]').boundingBox();
  const cdp = await s.context.newCDPSession(s.page);
  const point = (x, y) => [{ x, y, id: 1 }];
  const x0 = from.x + from.width / 2;
  const y0 = from.y + from.height / 2;
  const x1 = to.x + to.width / 2;
  const y1 = to.y + to.height / 2;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x0, y0) });
  for (let i = 1; i <= 8; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove', touchPoints: point(x0 + ((x1 - x0) * i) / 8, y0 + ((y1 - y0) * i) / 8),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await s.page.waitForFunction(() => document.querySelector('[data-position]').dataset.position.startsWith('A w14s0o0:7 '));
  assert.equal(await position(s.page), 'A w14s0o0:7 w15s0o0:');
  await close(s);
});

test('the status line keeps its height and the board never moves across a game', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=19');
  const measures = await s.page.evaluate(() => {
    const q = (sel) => document.querySelector(sel);
    const tap = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const seen = new Set();
    for (let i = 0; i < 400 && !q('[data-winner]'); i++) {
      if (!q('[data-action="throw"]').disabled) tap(q('[data-action="throw"]'));
      else if (q('[data-selectable]')) {
        tap(q('[data-selectable]'));
        tap(q('[data-target]'));
      } else tap(q('[data-action="confirm"]'));
      // A refusal too: it must not grow the status either.
      if (i % 7 === 0) tap(q('[data-mark="36"]'));
      seen.add(`${q('[role="status"]').getBoundingClientRect().height}|${q('#board').getBoundingClientRect().top}`);
    }
    return [...seen];
  });
  assert.equal(measures.length, 1, `status height | board top varied: ${measures.join(', ')}`);
  await close(s);
});

test('playing Nigri against the computer, your tray is the one by the buttons', async () => {
  const s = await open(browser, '?game=scripta&opponent=computer&level=tiro&side=nigri&seed=2&pace=0');
  const box = async (sel) => (await s.page.locator(sel).boundingBox()).y;
  const board = await box('#board');
  assert.ok(await box('[data-tray="nigri"]') > board, 'Nigri\'s tray is below the board');
  assert.ok(await box('[data-tray="albi"]') < board, 'Albi\'s tray is above the board');
  await close(s);
});

test('the computer waits while a dialog is open', async () => {
  // The computer's pause (pace) is long enough that the dialog surely opens within it, even on
  // a loaded machine; the wait after it is longer still.
  const s = await open(browser, '?game=scripta&opponent=computer&level=tiro&seed=9&pace=1500');
  await playHumanTurn(s.page);
  const handedOver = await position(s.page);
  await s.page.click('[data-action="rules"]');
  await s.page.waitForSelector('dialog#rules[open]');
  await s.page.waitForTimeout(2500);
  assert.equal(await position(s.page), handedOver);
  await s.page.click('dialog#rules button[value="close"]');
  await humanToThrow(s.page);
  assert.notEqual(await position(s.page), handedOver);
  await close(s);
});

test('face to face on a tablet: Nigri\'s tray and, on their turn, the controls face them', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=4', { viewport: TABLET });
  await s.page.click('[data-action="face"]');
  assert.equal(await s.page.getAttribute('[data-action="face"]', 'aria-pressed'), 'true');
  const boardTop = async () => (await s.page.locator('#board').boundingBox()).y;
  const before = await boardTop();
  await s.page.click('[data-action="throw"]');
  while (await s.page.locator('[data-selectable]').count()) {
    await s.page.click('[data-selectable]');
    await s.page.click('[data-target]');
  }
  await s.page.click('[data-action="confirm"]');
  // Nigri to move: the controls now sit at the top edge, turned; the board stayed put.
  const controls = await s.page.locator('.controls').boundingBox();
  assert.ok(controls.y < before, 'the controls moved to Nigri\'s edge');
  assert.equal(await boardTop(), before);
  await s.page.screenshot({ path: screenshotPath('face-to-face-tablet.png'), fullPage: true });
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  assert.equal(await s.page.getAttribute('[data-action="face"]', 'aria-pressed'), 'true', 'the choice is remembered');
  await close(s);
});

test('the first turn at phone and tablet size: the board, its status, your tray, the dice and the buttons all in view', async () => {
  for (const [name, viewport] of [['phone', PHONE], ['tablet', { width: 768, height: 1024 }]]) {
    const s = await open(browser, '?game=scripta&opponent=computer&level=miles&seed=3&pace=0', { viewport, scale: 2 });
    await s.page.click('[data-action="throw"]');
    await s.page.waitForSelector('.tray.coach');
    const out = await s.page.evaluate(() => {
      const far = {};
      for (const selector of ['#board', '[role="status"]', '.tray.coach', '[data-tray="nigri"]', '[data-die]', '[data-action="throw"]', '[data-action="confirm"]']) {
        const r = document.querySelector(selector).getBoundingClientRect();
        far[selector] = Math.max(0, -r.top, r.bottom - innerHeight, -r.left, r.right - innerWidth);
      }
      return { far, sideways: document.documentElement.scrollWidth - innerWidth };
    });
    assert.equal(out.sideways, 0, `${name}: the page scrolls sideways`);
    assert.deepEqual(Object.entries(out.far).filter(([, px]) => px > 0), [], `${name}: out of view before any scroll (px)`);
    await s.page.screenshot({ path: screenshotPath(`newcomer-first-turn-${name}.png`), fullPage: true });
    await close(s);
  }
});
