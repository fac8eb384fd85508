// Playing without a mouse or without sight (issue 14): axe-core finds nothing on any screen in
// either theme; a whole XII Scripta turn and a Latrunculi placement and move by keyboard alone;
// the text command line; the accessible names of marks and squares; the live region's
// announcements of a hit and a capture, each once; dialogs keep and give back the focus.
// Expected words come from the catalogue (through t), never written here in English.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, close, position, says, at, dice, axe } from './helpers.mjs';
import { createI18n } from '../www/js/i18n/index.js';

const { t, list } = createI18n('en');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A fresh page at `query` in the `scheme` colour scheme, shaped for helpers' close(). */
async function open(query, { scheme = 'light', viewport = { width: 390, height: 844 } } = {}) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: scheme });
  const requests = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(new URL(query, BASE).href);
  await page.waitForSelector('body.ready');
  return { context, page, requests, errors };
}

const lat = (params = {}) => `?${new URLSearchParams({ game: 'latrunculi', opponent: 'human', pace: '0', ...params })}`;
const CUSTODIAL = 'B4B/5B/2W3/2B3/3W2/6 w 0,0 0,0 0 -,-';

for (const scheme of ['light', 'dark']) {
  test(`axe finds nothing on any screen, ${scheme}`, async () => {
    const s = await open('?', { scheme });
    assert.equal(await s.page.getAttribute('html', 'data-theme'), scheme);
    await axe(s.page, `home ${scheme}`);
    for (const [query, what] of [
      ['?game=scripta&opponent=human&seed=3', 'XII Scripta'],
      [lat(), 'Latrunculi'],
      [lat({ position: CUSTODIAL }), 'Latrunculi moving'],
      ['?page=rules&game=scripta', 'XII Scripta rules'],
      ['?page=rules&game=scripta&rules=italian', 'XII Scripta Italian rules'],
      ['?page=rules&game=latrunculi', 'Latrunculi rules'],
    ]) {
      await s.page.goto(new URL(query, BASE).href);
      await s.page.waitForSelector('body.ready');
      await axe(s.page, `${what} ${scheme}`);
    }
    // A game under way (dice thrown, a counter picked), and the New game dialog open.
    await s.page.goto(new URL('?game=scripta&opponent=human&seed=3', BASE).href);
    await s.page.waitForSelector('body.ready');
    await s.page.keyboard.press('t');
    await s.page.click('[data-tray="albi"]');
    await axe(s.page, `XII Scripta under way ${scheme}`);
    await s.page.click('[data-action="new"]');
    await s.page.waitForSelector('#new-game[open]');
    await axe(s.page, `New game dialog ${scheme}`);
    // Another reading: its game with the choice between moves open, and rules of one's own.
    const choosing = new URLSearchParams({ game: 'scripta', opponent: 'human', rules: 'italian', position: 'italian A w0s0o14:8 w15s0o0: 642' });
    await s.page.goto(new URL(`?${choosing}`, BASE).href);
    await s.page.waitForSelector('body.ready');
    await s.page.click('[data-mark="8"]:not([data-owner])');
    await s.page.click('[data-mark="14"]:not([data-owner])');
    await s.page.waitForSelector('#move-choice:not([hidden])');
    assert.equal(await s.page.evaluate(() => document.activeElement?.dataset.action), 'choose', 'the focus goes to the first way');
    await axe(s.page, `XII Scripta choosing a move under the Italian rules ${scheme}`);
    await s.page.goto(new URL('?page=rules&game=scripta&rules=counters%3D6%2Cdice%3D2%2Ctrack%3Dsplit', BASE).href);
    await s.page.waitForSelector('[data-reading="custom"]');
    await axe(s.page, `XII Scripta rules of one's own ${scheme}`);
    await close(s);
  });
}

/** The element with the focus, as {mark, tray, off, square} (whichever it is). */
const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return { mark: el?.dataset.mark ?? null, tray: el?.dataset.tray ?? null, off: el?.dataset.off ?? null, square: el?.dataset.square ?? null };
});

/** Presses Tab until the focus is on the board (a place of it); fails after 30 presses. */
async function tabToBoard(page) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const on = await focused(page);
    if (on.mark || on.tray || on.off || on.square) return on;
  }
  throw new Error('Tab never reached the board');
}

/** Moves the focus with the arrow keys only, until it is on `selector`. */
async function arrowTo(page, selector) {
  for (let i = 0; i < 40; i++) {
    const way = await page.evaluate((selector) => {
      const target = document.querySelector(selector);
      if (!target) throw new Error(`nothing is ${selector}`);
      if (target === document.activeElement) return null;
      const centre = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
      const [ax, ay] = centre(document.activeElement);
      const [bx, by] = centre(target);
      const dx = bx - ax;
      const dy = by - ay;
      if (Math.abs(dy) > 8) return dy > 0 ? 'ArrowDown' : 'ArrowUp';
      return dx > 0 ? 'ArrowRight' : 'ArrowLeft';
    }, selector);
    if (!way) return;
    await page.keyboard.press(way);
  }
  throw new Error(`the arrows never reached ${selector}`);
}

/** How many places of the board (with the trays) are in the tab order: one. */
const tabStops = (page) => page.$$eval('[data-mark], [data-tray], [data-off], [data-square]',
  (nodes) => nodes.filter((n) => n.getAttribute('tabindex') === '0').length);

/** Records every distinct announcement of the status line (its data-say) from now on. */
function listen(page) {
  return page.evaluate(() => {
    const status = document.querySelector('[role="status"]');
    window.announced = [];
    let last = status.textContent;
    new MutationObserver(() => {
      if (status.textContent !== last) {
        last = status.textContent;
        window.announced.push(status.dataset.say);
      }
    }).observe(status, { childList: true, characterData: true, subtree: true });
  });
}
const announced = (page) => page.evaluate(() => window.announced);

test('a whole XII Scripta turn by keyboard: throw, enter from the tray, a move, confirm', async () => {
  const s = await open('?game=scripta&opponent=human&seed=7');
  const { page } = s;
  await page.keyboard.press('t');
  assert.equal((await dice(page)).length, 3);
  await says(page, 'event.throw');
  // The board is one tab stop, offering the tray (the only source before anything entered).
  assert.equal(await tabStops(page), 1);
  assert.deepEqual(await tabToBoard(page), { mark: null, tray: 'albi', off: null, square: null });
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('[data-tray="albi"].selected').count(), 1);
  // Escape lets go; Enter picks the tray up again.
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('[data-tray="albi"].selected').count(), 0);
  await page.keyboard.press('Enter');
  await arrowTo(page, '[data-mark][data-target]');
  await page.keyboard.press('Enter');
  await says(page, 'played.enter');
  assert.equal(Number(await page.getAttribute('[data-tray="albi"]', 'data-waiting')), 14);
  assert.equal(await tabStops(page), 1);
  // A move of the counter on the board.
  const before = await position(page);
  await arrowTo(page, '[data-mark][data-selectable]');
  await page.keyboard.press('Enter');
  await arrowTo(page, '[data-mark][data-target]');
  await page.keyboard.press('Enter');
  await says(page, 'played.move');
  assert.notEqual(await position(page), before);
  // Whatever dice are left, by keyboard too; then C confirms.
  for (let i = 0; i < 4 && await page.locator('[data-action="confirm"]:disabled').count(); i++) {
    await arrowTo(page, '[data-selectable]');
    await page.keyboard.press('Enter');
    await arrowTo(page, '[data-target]');
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('c');
  await says(page, 'event.played');
  assert.equal(await page.getAttribute('body', 'data-turn'), 'nigri');
  // U on a fresh turn has nothing to take back: it says so rather than doing nothing.
  await page.keyboard.press('u');
  await says(page, 'a11y.cannot');
  await close(s);
});

test('Throw and Confirm pressed from the keyboard hand the focus to the board, not to the page', async () => {
  const s = await open('?game=scripta&opponent=human&seed=7');
  const { page } = s;
  await page.focus('[data-action="throw"]');
  await page.keyboard.press('Enter');
  await says(page, 'event.throw');
  // The throw disables its button: the focus is on the board, on the tray to enter from.
  assert.deepEqual(await focused(page), { mark: null, tray: 'albi', off: null, square: null });
  for (let i = 0; i < 5 && await page.locator('[data-action="confirm"]:disabled').count(); i++) {
    await arrowTo(page, '[data-selectable]');
    await page.keyboard.press('Enter');
    await arrowTo(page, '[data-target]');
    await page.keyboard.press('Enter');
  }
  await page.focus('[data-action="confirm"]');
  await page.keyboard.press('Enter');
  await says(page, 'event.played');
  const on = await focused(page);
  assert.ok(on.mark || on.tray || on.off, JSON.stringify(on));
  await close(s);
});

test('Latrunculi by keyboard: a placement, then a move that captures', async () => {
  const s = await open(lat());
  assert.equal(await tabStops(s.page), 1);
  const first = await tabToBoard(s.page);
  assert.ok(first.square);
  await arrowTo(s.page, '[data-square="d4"]');
  await s.page.keyboard.press('Space');
  assert.equal(await s.page.getAttribute('[data-square="d4"]', 'data-piece'), 'white');
  await says(s.page, 'event.latrunculi.place');
  // The focus stays where it was, on the square just placed on.
  assert.equal((await focused(s.page)).square, 'd4');
  await close(s);

  const m = await open(lat({ position: CUSTODIAL }));
  await listen(m.page);
  await tabToBoard(m.page);
  await arrowTo(m.page, '[data-square="d2"]');
  await m.page.keyboard.press('Enter');
  assert.equal(await m.page.locator('[data-square="d2"].selected').count(), 1);
  await arrowTo(m.page, '[data-square="c2"]');
  await m.page.keyboard.press('Enter');
  assert.equal(await m.page.getAttribute('[data-square="c3"]', 'data-piece'), null);
  assert.equal(await m.page.getAttribute('[data-square="c2"]', 'data-piece'), 'white');
  await says(m.page, 'event.latrunculi.captured');
  const heard = (await announced(m.page)).filter((say) => say.split(' ').includes('event.latrunculi.captured'));
  assert.equal(heard.length, 1, 'the capture is announced once');
  await close(m);
});

test('the command line plays a step and a move, and says why a bad one cannot be played', async () => {
  const s = await open('?game=scripta&opponent=human&seed=7');
  const { page } = s;
  await page.fill('#command', t('a11y.cmd.throw'));
  await page.press('#command', 'Enter');
  await says(page, 'event.throw');
  const [die] = await dice(page);
  await page.fill('#command', 'in/9');
  await page.press('#command', 'Enter');
  await says(page, 'a11y.command.refused');
  assert.equal(await page.inputValue('#command'), 'in/9', 'a refused command stays to be corrected');
  // Typing in the field is not a shortcut: "t" and "u" above threw nothing and undid nothing.
  await page.fill('#command', `in/${die.value}`);
  await page.press('#command', 'Enter');
  await says(page, 'played.enter');
  assert.equal(await page.inputValue('#command'), '');
  await page.fill('#command', t('a11y.cmd.where'));
  await page.press('#command', 'Enter');
  await says(page, 'a11y.where');
  assert.equal(await page.textContent('[role="status"]'), t('a11y.where', {
    side: t('side.albi'), marks: list([t('a11y.where.mark', { count: 1, mark: die.value })]),
    waiting: 14, sentHome: 0, borneOff: 0,
  }));
  await page.fill('#command', t('a11y.cmd.blocked'));
  await page.press('#command', 'Enter');
  await says(page, 'a11y.blocked.none');
  await close(s);

  const l = await open(lat());
  await l.page.fill('#command', '@d4');
  await l.page.press('#command', 'Enter');
  assert.equal(await l.page.getAttribute('[data-square="d4"]', 'data-piece'), 'white');
  await l.page.fill('#command', 'd4-d5');
  await l.page.press('#command', 'Enter');
  await says(l.page, 'a11y.command.refused');
  await close(l);

  const m = await open(lat({ position: CUSTODIAL }));
  await m.page.fill('#command', 'd2-c2');
  await m.page.press('#command', 'Enter');
  assert.equal(await m.page.getAttribute('[data-square="c3"]', 'data-piece'), null);
  await says(m.page, 'event.latrunculi.captured');
  await close(m);
});

test('marks and squares say where they are, what stands there and what can be done; a hit is announced once', async () => {
  const s = await open(at('A w14s0o0:5 w14s0o0:7 2'));
  const { page } = s;
  const label = (selector) => page.getAttribute(selector, 'aria-label');
  // A tray is named by what it shows, then (unseen) whether a counter can be picked from it.
  const trayName = (side) => page.$eval(`[data-tray="${side}"]`, (tray) => tray.textContent.replace(/\s+/g, ' ').trim());
  const counts = (side, [waiting, sentHome, borneOff], extra = '') => `${t(`side.${side}`)}${extra}, ${waiting} ${t('tray.waiting')}, ${sentHome} ${t('tray.sentHome')}, ${borneOff} ${t('tray.borneOff')}`;
  const toMove = ` · ${t('tray.toMove')}`;
  const albi = t('a11y.counters', { count: 1, side: t('side.albi') });
  const nigri = t('a11y.counters', { count: 1, side: t('side.nigri') });
  assert.equal(await label('[data-mark="5"]'),
    t('a11y.withState', { name: t('a11y.mark', { mark: '5 V', word: 'VIRTVS', what: albi }), state: t('a11y.canPick') }));
  assert.equal(await label('[data-mark="7"]'), t('a11y.mark', { mark: '7 I', word: 'IMPERI', what: nigri }));
  assert.equal(await label('[data-mark="20"]'), t('a11y.mark', { mark: '20 E', word: 'HOSTES', what: t('a11y.empty') }));
  assert.equal(await label('[data-off="albi"]'), t('a11y.exit', { side: t('side.albi'), count: 0 }));
  assert.equal(await trayName('nigri'), counts('nigri', [14, 0, 0]));
  assert.equal(await trayName('albi'), `${counts('albi', [14, 0, 0], toMove)}, ${t('a11y.canPick')}`);
  assert.equal(await page.getAttribute('[data-die]', 'aria-label'), t('die.label', { value: 2, state: t('die.unused') }));
  await listen(page);
  await tabToBoard(page);
  await arrowTo(page, '[data-mark="5"]');
  await page.keyboard.press('Enter');
  assert.equal(await label('[data-mark="5"]'),
    t('a11y.withState', { name: t('a11y.mark', { mark: '5 V', word: 'VIRTVS', what: albi }), state: t('a11y.picked') }));
  assert.equal(await label('[data-mark="7"]'),
    t('a11y.withState', { name: t('a11y.mark', { mark: '7 I', word: 'IMPERI', what: nigri }), state: t('a11y.destinationHit') }));
  await arrowTo(page, '[data-mark="7"]');
  await page.keyboard.press('Enter');
  assert.equal(await position(page), 'A w14s0o0:7 w14s1o0:');
  const heard = await announced(page);
  assert.equal(heard.filter((say) => /played\.moveHit/.test(say)).length, 1, `heard ${heard}`);
  assert.equal(await trayName('nigri'), counts('nigri', [14, 1, 0]));
  await close(s);

  const m = await open(lat({ position: CUSTODIAL }));
  const square = (sq) => m.page.getAttribute(`[data-square="${sq}"]`, 'aria-label');
  assert.equal(await square('d2'), t('a11y.withState', {
    name: t('board.latrunculi.held', { square: 'd2', side: t('side.white') }), state: t('a11y.canPick'),
  }));
  assert.equal(await square('c3'), t('board.latrunculi.held', { square: 'c3', side: t('side.black') }));
  await m.page.click('[data-square="d2"]');
  assert.equal(await square('c2'), t('a11y.withState', {
    name: t('board.latrunculi.empty', { square: 'c2' }), state: t('a11y.destinationTakes', { count: 1, squares: list(['c3']) }),
  }));
  await m.page.click('[data-square="c2"]');
  const captured = t('camp.latrunculi.captured', { count: 1 });
  assert.equal(await m.page.getAttribute('[data-camp="white"]', 'aria-label'),
    t('camp.latrunculi.label', { name: t('side.white'), counts: captured }));
  await close(m);
});

test('the keys dialog opens with ?, keeps the focus inside and gives it back', async () => {
  const s = await open('?game=scripta&opponent=human&seed=7');
  const { page } = s;
  await page.keyboard.press('t');
  const on = await tabToBoard(page);
  await page.keyboard.press('?');
  await page.waitForSelector('#keys[open]');
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('#keys')) || document.activeElement === document.body),
      'the focus stays in the dialog');
  }
  // Letters do nothing while a dialog is open.
  await page.keyboard.press('c');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#keys[open]').count(), 0);
  assert.deepEqual(await focused(page), on);
  // The New game dialog, opened from its button by keyboard, gives the focus back to it.
  await page.focus('[data-action="new"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#new-game[open]');
  assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('#new-game'))));
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#new-game[open]').count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.action), 'new');
  await close(s);
});

test('the theme follows the device until switched, and the switch is remembered', async () => {
  const s = await open('?', { scheme: 'dark' });
  assert.equal(await s.page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await s.page.getAttribute('[data-action="theme"]', 'aria-pressed'), 'true');
  await s.page.click('[data-action="theme"]');
  assert.equal(await s.page.getAttribute('html', 'data-theme'), 'light');
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  assert.equal(await s.page.getAttribute('html', 'data-theme'), 'light');
  assert.equal(await s.page.getAttribute('[data-action="theme"]', 'aria-pressed'), 'false');
  await close(s);
});

test('the end of a game is announced once and takes the focus to Play again', async () => {
  // d2-c2 takes c3 and leaves Black one counter: the game ends.
  const s = await open(lat({ position: 'B5/6/2W3/2B3/3W2/6 w 0,0 0,0 0 -,-' }));
  await listen(s.page);
  await s.page.fill('#command', 'd2-c2');
  await s.page.press('#command', 'Enter');
  await s.page.waitForSelector('[data-winner]');
  assert.equal(await s.page.evaluate(() => document.activeElement?.dataset.action), 'again');
  const heard = await announced(s.page);
  assert.equal(heard.filter((say) => /situation\.latrunculi\.won/.test(say)).length, 1, `heard ${heard}`);
  await axe(s.page, 'Latrunculi game over');
  await close(s);
});
