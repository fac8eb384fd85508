// Never losing a game, and bad input: a reload mid-turn comes back to the same position and
// dice; version-1 and version-2 saves still restore, each into its rule set's save; a corrupted
// or newer save is set aside and said; a browser that refuses storage still plays, saying so
// once; of two tabs on one game the later owns it and the earlier says so and stops saving,
// while tabs on two rule sets each keep their own; a mangled link is refused politely; an
// engine failure brings up the error view, whose two buttons work; and nothing from a link or
// from storage ever becomes HTML.
//
// The engine failure is injected by the test alone: the browser's copy of the wasm glue
// (pkg/scripta.js, pkg/latrunculi.js) is served with a few lines appended that make a chosen method of the game
// objects throw a WebAssembly.RuntimeError (what a Rust panic becomes in the page, after the
// panic hook has spoken) once `window.__ludiFail` names it. The page itself has no test switch.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, launch, close, position, said, says, dice, screenshotPath, visit, moves, holdEngine } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const PAYLOAD = '<img src=x onerror="window.__xss=1">';
const START = 'A w15s0o0: w15s0o0:';
// Where a link without `rules` keeps its XII Scripta game (saves.js: one save per game and rule set).
const SCRIPTA = 'ludi-romani.scripta.austin-murray';
const fixture = (game) => JSON.parse(readFileSync(new URL(`./unit/fixtures/${game}.v1.json`, import.meta.url), 'utf8'));

const FAILING_ENGINE = (Game) => `
{
  for (const [name, { value }] of Object.entries(Object.getOwnPropertyDescriptors(${Game}.prototype))) {
    if (typeof value !== 'function' || name === 'constructor') continue;
    ${Game}.prototype[name] = function (...args) {
      if (globalThis.__ludiFail === name) throw new WebAssembly.RuntimeError('unreachable');
      return value.apply(this, args);
    };
  }
}
`;

/**
 * A context of its own (no service worker, so every request is the server's or the test's)
 * and a page at `query`. `init` runs in the page before its scripts; `failing` serves the
 * wasm glue with FAILING_ENGINE appended; `clipboard` lets the page copy.
 */
async function start(query, { init, initArg, failing = false, clipboard = false, context: shared } = {}) {
  const context = shared ?? await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', serviceWorkers: 'block' });
  if (!shared && clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(BASE).origin });
  if (!shared && failing) {
    for (const [file, Game] of [['scripta', 'ScriptaGame'], ['latrunculi', 'LatrunculiGame']]) {
      await context.route(`**/pkg/${file}.js`, async (route) => {
        const response = await route.fetch();
        route.fulfill({ response, body: `${await response.text()}\n${FAILING_ENGINE(Game)}` });
      });
    }
  }
  if (init) await context.addInitScript(init, initArg);
  const requests = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(new URL(query, BASE).href);
  await page.waitForSelector('body.ready');
  return { context, page, requests, errors };
}

const ready = (page) => page.waitForSelector('body.ready');
/** Clicks `selector`, which loads a new page, and waits until that page is ready. */
async function clickAway(page, selector) {
  await Promise.all([page.waitForNavigation(), page.click(selector)]);
  await ready(page);
}
const item = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);

/** The home screen's Play of Latrunculi under Quintana against `opponent`. */
async function playQuintana(page, opponent) {
  await page.click('.choice[data-game="latrunculi"]');
  await page.click('.choice[data-rules="quintana"]');
  await page.click(`.choice[data-opponent="${opponent}"]`);
  await page.click('[data-action="start"]');
}
const keys = (page) => page.evaluate(() => Object.keys(localStorage).sort());

/** Throws and plays the first legal step: the middle of a turn. */
async function throwAndStep(page) {
  await page.click('[data-action="throw"]');
  await page.click('[data-selectable]');
  await page.click('[data-target]');
}

test('a reload in the middle of a turn restores the same position and dice; a Latrunculi game too', async () => {
  const s = await start('?game=scripta&opponent=human&seed=8');
  await throwAndStep(s.page);
  const before = { at: await position(s.page), dice: await dice(s.page) };
  assert.ok(before.dice.some((d) => d.state === 'used'), 'one die is spent');
  assert.notEqual(before.at, START);
  await s.page.reload();
  await ready(s.page);
  assert.deepEqual({ at: await position(s.page), dice: await dice(s.page) }, before);
  await says(s.page, 'notice.restored');
  const saved = JSON.parse(await item(s.page, SCRIPTA));
  assert.equal(saved.version, 3);
  assert.equal(saved.game, 'scripta');
  assert.equal(saved.slot, 'austin-murray');
  assert.equal(typeof saved.writer, 'string');
  assert.ok(Date.parse(saved.savedAt) > 0);
  await close(s);

  const l = await start('?game=latrunculi&rules=quintana&opponent=human&pace=0');
  for (const [from, to] of [['c2', 'c5'], ['f7', 'f4'], ['d2', 'd4']]) {
    await l.page.click(`[data-square="${from}"]`);
    await l.page.click(`[data-square="${to}"]`);
  }
  const mid = await position(l.page);
  await l.page.reload();
  await ready(l.page);
  assert.equal(await position(l.page), mid);
  assert.equal(await l.page.getAttribute('body', 'data-turn'), 'black');
  await says(l.page, 'notice.restored');
  await close(l);
});

/** Puts `items` into localStorage before the page's first load only (a reload keeps what the page wrote). */
function seed(items) {
  if (sessionStorage.getItem('seeded')) return;
  sessionStorage.setItem('seeded', '1');
  localStorage.clear();
  for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
}

for (const game of ['scripta', 'latrunculi']) {
  test(`a version-1 save of ${game}, as the page stored it before version 2, still restores`, async () => {
    const { key, text, route, position: was } = fixture(game);
    const s = await start(route, { init: seed, initArg: { [key]: text } });
    assert.equal(await position(s.page), was);
    await says(s.page, 'notice.restored');
    assert.equal(await item(s.page, key), null, 'the old key goes once the new version is written');
    const slot = { scripta: 'austin-murray', latrunculi: 'quintana' }[game];
    const now = JSON.parse(await item(s.page, `ludi-romani.${game}.${slot}`));
    assert.equal(now.version, 3);
    assert.deepEqual(now.saved, JSON.parse(text).saved);
    await close(s);
  });
}

test('a corrupted save is set aside under .broken and said; a newer one under .newer; a new game starts', async () => {
  const s = await start('?game=scripta&opponent=human&seed=8', { init: seed, initArg: { 'ludi-romani.scripta': '{not json' } });
  await says(s.page, 'notice.corrupt');
  assert.equal(await position(s.page), START);
  assert.equal(await item(s.page, 'ludi-romani.scripta.broken'), '{not json');
  assert.equal(await item(s.page, 'ludi-romani.scripta'), null, 'once kept aside, it is not read again');
  assert.equal(JSON.parse(await item(s.page, SCRIPTA)).version, 3, 'the new game is saved');
  await close(s);

  // A Latrunculi save that reads but does not replay: its moves are not legal.
  const { text, route } = fixture('latrunculi');
  const bad = JSON.parse(text);
  bad.saved.moves = ['c2-c5', 'c5-c9'];
  const l = await start(route, { init: seed, initArg: { 'ludi-romani.latrunculi.v1': JSON.stringify(bad) } });
  await says(l.page, 'notice.corrupt');
  assert.equal(await position(l.page), bad.saved.start, 'a fresh game');
  assert.deepEqual(JSON.parse(await item(l.page, 'ludi-romani.latrunculi.broken')).saved.moves, bad.saved.moves);
  await close(l);

  // One whose fields are not what a save holds: the engine reads each and refuses it.
  for (const wrong of [{ moves: 'c2-c5' }, { moves: ['c2-c5', 7] }, { seed: 8 }]) {
    const odd = JSON.parse(text);
    Object.assign(odd.saved, wrong);
    const o = await start(route, { init: seed, initArg: { 'ludi-romani.latrunculi.v1': JSON.stringify(odd) } });
    await says(o.page, 'notice.corrupt');
    assert.equal(await position(o.page), odd.saved.start, `a fresh game after ${JSON.stringify(wrong)}`);
    await close(o);
  }

  const newer = JSON.stringify({ version: 9, game: 'scripta', whatever: 'comes next' });
  const n = await start('?game=scripta', { init: seed, initArg: { 'ludi-romani.scripta': newer } });
  await says(n.page, 'notice.newerSave');
  assert.equal(await item(n.page, 'ludi-romani.scripta.newer'), newer);
  await close(n);
});

/** Makes every localStorage call throw, as a browser with storage disabled does. */
function noStorage() {
  Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });
}

test('with storage disabled, or full, play goes on and the page says so once', async () => {
  const s = await start('?game=scripta&opponent=human&seed=8', { init: noStorage });
  await says(s.page, 'notice.unsaved');
  await throwAndStep(s.page);
  assert.doesNotMatch(await said(s.page), /notice\.unsaved/);
  // Said once, and marked in the header for as long as nothing is saved.
  assert.ok(await s.page.locator('[data-unsaved]').isVisible());
  assert.notEqual(await position(s.page), START);
  await close(s);

  // Storage that fills up during a game: the first refused save is said, the next ones not.
  const l = await start('?game=latrunculi&rules=quintana&opponent=human&pace=0');
  assert.ok(await l.page.locator('[data-unsaved]').isHidden(), 'saving: no mark');
  await l.page.evaluate(() => {
    Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
  });
  const heard = [];
  for (const [from, to] of [['c2', 'c5'], ['f7', 'f4'], ['d2', 'd4'], ['e7', 'e5']]) {
    await l.page.click(`[data-square="${from}"]`);
    await l.page.click(`[data-square="${to}"]`);
    await l.page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    heard.push(await said(l.page));
  }
  assert.match(heard[0], /notice\.unsaved/);
  assert.deepEqual(heard.slice(1).filter((keys) => keys.includes('notice.unsaved')), []);
  assert.equal(await l.page.getAttribute('body', 'data-turn'), 'white', 'all four moves were played');
  assert.ok(await l.page.locator('[data-unsaved]').isVisible());
  await close(l);
});

test('a game not saved here survives another language and a look at its replay', async () => {
  const s = await start('?game=latrunculi&rules=quintana&opponent=human&pace=0', { init: noStorage });
  await moves(s.page, ['c2-c5', 'f7-f4']);
  const played = await position(s.page);
  // Another language draws the screen again: the game goes on as it stood, still unsaved.
  await s.page.selectOption('[data-action="language"]', 'it');
  await s.page.waitForSelector('html[lang="it"] #board[data-position]');
  await ready(s.page);
  assert.equal(await position(s.page), played);
  assert.ok(await s.page.locator('[data-unsaved]').isVisible());
  // Its replay shows this game's moves, and Back finds the game where it was.
  await s.page.click('[data-action="records"]');
  await s.page.click('#record-menu [data-menu="record-replay"]');
  await s.page.waitForSelector('#replay');
  // The start and the two moves.
  assert.equal(await s.page.locator('.replay-turn[data-turn]').count(), 3);
  await s.page.goBack();
  await s.page.waitForSelector('#board[data-position]');
  await ready(s.page);
  assert.equal(await position(s.page), played);
  await says(s.page, 'notice.unsaved');
  await moves(s.page, ['d2-d4']);
  await close(s);

  // Storage that takes a small write but not a game's: the copy says so, not that another tab
  // played meanwhile (a reload would not bring this game back).
  const f = await start('?game=latrunculi&rules=quintana&opponent=human&pace=0', {
    init: () => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (String(value).length > 200) throw new DOMException('full', 'QuotaExceededError');
        return setItem.call(this, key, value);
      };
    },
  });
  await moves(f.page, ['c2-c5', 'f7-f4']);
  await f.page.click('[data-action="records"]');
  await f.page.click('#record-menu [data-menu="record-replay"]');
  await f.page.waitForSelector('#replay');
  await f.page.goBack();
  await ready(f.page);
  await says(f.page, 'notice.unsaved');
  await close(f);
});

test('a game kept in memory is asked about before Play replaces it, saved again once storage takes saves, and gives way to a newer save', async () => {
  // Storage refused: Play of the same rules asks first, with the copy's card.
  const s = await start('?game=latrunculi&rules=quintana&opponent=human&pace=0', { init: noStorage });
  await moves(s.page, ['c2-c5', 'f7-f4']);
  await s.page.click('[data-action="home"]');
  await s.page.waitForSelector('[data-action="resume"][data-game="latrunculi"]');
  await playQuintana(s.page, 'computer');
  await s.page.waitForSelector('[data-notice="replace"] [data-action="resume"]');
  await close(s);

  // Storage full for one move, then free again: Continue brings the move back and saves it.
  const f = await start('?game=latrunculi&rules=quintana&opponent=human&pace=0');
  await moves(f.page, ['c2-c5', 'f7-f4']);
  await f.page.evaluate(() => {
    window.setItemBefore = Storage.prototype.setItem;
    Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
  });
  await moves(f.page, ['d2-d4']);
  const held = await position(f.page);
  await f.page.click('[data-action="home"]');
  await f.page.waitForSelector('[data-action="start"]');
  await f.page.evaluate(() => { Storage.prototype.setItem = window.setItemBefore; });
  await f.page.click('[data-action="resume"][data-game="latrunculi"]');
  await f.page.waitForFunction((at) => document.querySelector('[data-position]')?.dataset.position === at, held);
  assert.ok(await f.page.locator('[data-unsaved]').isHidden(), 'saved again');
  assert.deepEqual(JSON.parse(await item(f.page, 'ludi-romani.latrunculi.quintana')).saved.moves, ['c2-c5', 'f7-f4', 'd2-d4']);

  // Full again for one move; meanwhile another tab plays on from the save: its game wins.
  await f.page.evaluate(() => { Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }; });
  await moves(f.page, ['f8-f5']);
  await f.page.click('[data-action="home"]');
  await f.page.waitForSelector('[data-action="start"]');
  await f.page.evaluate(() => { Storage.prototype.setItem = window.setItemBefore; });
  const other = await f.context.newPage();
  await other.goto(new URL('?game=latrunculi&rules=quintana&opponent=human&pace=0', BASE).href);
  await ready(other);
  await moves(other, ['e7-e5']);
  const latest = await position(other);
  assert.match(latest, /e7-e5/);
  await f.page.click('[data-action="resume"][data-game="latrunculi"]');
  await f.page.waitForFunction((at) => document.querySelector('[data-position]')?.dataset.position === at, latest);
  await close(f);
});

test('words that do not arrive leave the screen and the language as they were', async () => {
  const s = await start('?game=latrunculi&rules=quintana&opponent=human&pace=0');
  await moves(s.page, ['c2-c5']);
  await s.context.route('**/js/i18n/de.js', (route) => route.abort());
  await s.page.selectOption('[data-action="language"]', 'de');
  await s.page.waitForFunction(() => document.querySelector('[data-action="language"]').value === 'en');
  assert.equal(await s.page.getAttribute('html', 'lang'), 'en');
  // The board still plays.
  await moves(s.page, ['f7-f4']);
  assert.match(await position(s.page), /f7-f4/);
  await close(s);
  // A saved choice whose words cannot be fetched starts in English rather than not at all.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', serviceWorkers: 'block' });
  await context.route('**/js/i18n/de.js', (route) => route.abort());
  const d = await start('?game=latrunculi&rules=quintana&opponent=human&pace=0', {
    context, init: () => localStorage.setItem('ludi-romani.language.v1', '"de"'),
  });
  assert.equal(await d.page.getAttribute('html', 'lang'), 'en');
  await moves(d.page, ['c2-c5']);
  await close(d);
});

test('an engine that does not arrive says so, offers to try again and leads home', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', serviceWorkers: 'block' });
  let blocked = true;
  await context.route('**/pkg/latrunculi_bg.wasm', (route) => (blocked ? route.abort() : route.continue()));
  const s = await start('?game=latrunculi&rules=quintana&opponent=human&pace=0', { context });
  const panel = s.page.locator('[data-notice="engine-unfetched"]');
  await panel.waitFor();
  await s.page.screenshot({ path: screenshotPath('safety-engine-unfetched-phone.png') });
  await panel.locator('[data-action="home"]').click();
  await s.page.waitForSelector('[data-action="start"]');
  // Back to the game once the network is back: Try again loads it.
  await s.page.goBack();
  await panel.waitFor();
  blocked = false;
  // Tried again in the page, which keeps what it holds in memory.
  await s.page.evaluate(() => { window.stillThisPage = true; });
  await s.page.click('[data-notice="engine-unfetched"] [data-action="try-again"]');
  await s.page.waitForSelector('#board[data-position]');
  assert.equal(await s.page.evaluate(() => window.stillThisPage), true);
  assert.equal(await panel.count(), 0);
  await moves(s.page, ['c2-c5']);
  await close(s);
});

test('two tabs on one game: the later owns it, the earlier says so, stops saving and can take it back', async () => {
  const query = '?game=scripta&opponent=human&seed=8';
  const first = await start(query);
  await throwAndStep(first.page);
  const second = await start(query, { context: first.context });
  await says(second.page, 'notice.restored');
  assert.equal(await position(second.page), await position(first.page));
  const panel = first.page.locator('[data-notice="taken-over"]');
  await panel.waitFor();
  assert.ok(await first.page.locator('[data-unsaved]').isVisible(), 'the earlier tab saves no more');
  // Nor does a key play behind the panel: Undo's shortcut leaves the board as it was.
  const covered = await position(first.page);
  await first.page.keyboard.press('u');
  assert.equal(await position(first.page), covered);
  await first.page.screenshot({ path: screenshotPath('safety-taken-over-phone.png') });

  // The later tab plays on; the earlier one's moves (made behind its panel) are not saved.
  const restored = await position(second.page);
  await second.page.click('[data-selectable]');
  await second.page.click('[data-target]');
  // The step is saved with the state that draws it: once the board shows it, the save holds it.
  await second.page.waitForFunction((at) => document.querySelector('[data-position]')?.dataset.position !== at, restored);
  const owned = await item(second.page, SCRIPTA);
  await first.page.evaluate(() => document.querySelector('[data-action="undo"]').dispatchEvent(new MouseEvent('click', { bubbles: true })));
  assert.equal(await item(first.page, SCRIPTA), owned);

  // Taking it back loads the later tab's game here, and the later tab is told in turn.
  const latest = await position(second.page);
  await clickAway(first.page, '[data-action="take-back"]');
  await first.page.waitForFunction((at) => document.querySelector('[data-position]')?.dataset.position === at, latest);
  await says(first.page, 'notice.restored');
  await second.page.locator('[data-notice="taken-over"]').waitFor();
  assert.equal(await first.page.locator('[data-notice="taken-over"]').count(), 0);
  await close(second);
});

test('a game another tab took over comes back from its save, not as this tab left it', async () => {
  const first = await start('./?pace=0');
  await playQuintana(first.page, 'human');
  await first.page.waitForSelector('#board[data-position]');
  await moves(first.page, ['c2-c5']);
  const second = await first.context.newPage();
  await second.goto(first.page.url());
  await ready(second);
  await says(second, 'notice.restored');
  await first.page.locator('[data-notice="taken-over"]').waitFor();
  await moves(second, ['f7-f4']);
  const latest = await position(second);
  // The first tab goes back to its home screen, then on with the game: the other tab's.
  await first.page.goBack();
  await first.page.click('[data-action="resume"][data-game="latrunculi"]');
  await first.page.waitForFunction((at) => document.querySelector('[data-position]')?.dataset.position === at, latest);
  await says(first.page, 'notice.restored');
  await close(first);
});

test('a game another tab plays while this tab\'s engine loads is kept, and the new game is not saved over it', async () => {
  const first = await start('?game=latrunculi&rules=quintana&opponent=human&pace=0');
  // The second tab's engine is slow to come; its link starts another game of these rules.
  const release = await holdEngine(first.context, 'latrunculi');
  const second = await first.context.newPage();
  await second.goto(new URL('?game=latrunculi&rules=quintana&opponent=computer&level=easy&pace=0', BASE).href);
  await second.waitForSelector('#status');
  // Meanwhile the first tab plays: nothing was played when the second looked, so it asked nothing.
  await moves(first.page, ['c2-c5']);
  const kept = await item(first.page, 'ludi-romani.latrunculi.quintana');
  assert.deepEqual(JSON.parse(kept).saved.moves, ['c2-c5']);
  release();
  await ready(second);
  await says(second, 'notice.savedMeanwhile');
  assert.ok(await second.locator('[data-unsaved]').isVisible());
  await moves(second, ['d2-d4']);
  assert.equal(await item(first.page, 'ludi-romani.latrunculi.quintana'), kept, 'the first tab\'s game stands');
  await second.close();
  await close(first);
});

test('a game another tab plays while this tab asks whether to replace it is kept: after a link, and after Play', async () => {
  const first = await start('?game=latrunculi&rules=quintana&opponent=human&pace=0');
  await moves(first.page, ['c2-c5']);
  // A link of another game of these rules asks first; the first tab plays while it asks.
  const second = await first.context.newPage();
  await second.goto(new URL('?game=latrunculi&rules=quintana&opponent=computer&level=easy&pace=0', BASE).href);
  await second.waitForSelector('[data-notice="replace"]');
  await moves(first.page, ['f7-f4']);
  const kept = await item(first.page, 'ludi-romani.latrunculi.quintana');
  assert.deepEqual(JSON.parse(kept).saved.moves, ['c2-c5', 'f7-f4']);
  await second.click('[data-notice="replace"] [data-action="replace"]');
  await ready(second);
  await says(second, 'notice.savedMeanwhile');
  assert.equal(await item(first.page, 'ludi-romani.latrunculi.quintana'), kept, 'the first tab\'s game stands');
  // Play on the home screen, the same: the new game starts unsaved beside the game played
  // meanwhile, which stays.
  await second.goto(new URL('./', BASE).href);
  await playQuintana(second, 'computer');
  await second.waitForSelector('[data-notice="replace"]');
  await moves(first.page, ['d2-d4']);
  const later = await item(first.page, 'ludi-romani.latrunculi.quintana');
  await second.click('[data-notice="replace"] [data-action="replace"]');
  await ready(second);
  await says(second, 'notice.savedMeanwhile');
  assert.ok(await second.locator('[data-unsaved]').isVisible());
  assert.equal(await item(first.page, 'ludi-romani.latrunculi.quintana'), later, 'not cleared');
  await second.close();
  await close(first);
});

test('a game screen left while its engine loads writes nothing: Back, then Continue, finds the game as it was', async () => {
  const s = await start('?game=latrunculi&rules=quintana&opponent=human&pace=0');
  await moves(s.page, ['c2-c5', 'f7-f4']);
  const kept = await item(s.page, 'ludi-romani.latrunculi.quintana');
  // The engine is slow to come this time; Play starts another game of these rules, agreed to.
  const release = await holdEngine(s.context, 'latrunculi');
  await s.page.goto(new URL('./?pace=0', BASE).href);
  await playQuintana(s.page, 'human');
  await s.page.click('dialog[open] [data-notice="replace"] [data-action="replace"]');
  await s.page.waitForSelector('#status');
  // Back before the board is playable: the home screen offers the game, and Continue takes it.
  await s.page.goBack();
  await s.page.click('[data-action="resume"][data-game="latrunculi"]');
  release();
  await ready(s.page);
  await says(s.page, 'notice.restored');
  assert.deepEqual(JSON.parse(await item(s.page, 'ludi-romani.latrunculi.quintana')).saved.moves, ['c2-c5', 'f7-f4']);
  assert.equal(JSON.parse(await item(s.page, 'ludi-romani.latrunculi.quintana')).saved.moves.length,
    JSON.parse(kept).saved.moves.length);
  assert.equal(await s.page.locator('header h1 .reading').count(), 1, 'the left screen named its rules nowhere');
  // Home, too, leads home before the engine has come, once; and the engine failing after that
  // leaves the home screen be.
  const failing = await holdEngine(s.context, 'scripta');
  await s.page.goto(new URL('?game=scripta&opponent=human&pace=0', BASE).href);
  await s.page.waitForSelector('header [data-action="rules"][disabled]');
  await s.page.click('[data-action="home"]');
  await s.page.waitForSelector('[data-action="resume"][data-game="latrunculi"]');
  const steps = await s.page.evaluate(() => history.length);
  await s.page.click('main [data-action="rules"]');
  await s.page.click('[data-action="home"]');
  await s.page.waitForSelector('[data-action="resume"][data-game="latrunculi"]');
  assert.equal(await s.page.evaluate(() => history.length), steps + 2, 'one step for each tap');
  failing('fail');
  await s.page.waitForTimeout(500);
  assert.ok(await s.page.locator('[data-action="start"]').isVisible(), 'the home screen stays');
  await close(s);
});

test('two tabs on two rule sets of one game: each keeps its own save, neither takes the other over', async () => {
  const first = await start('?game=latrunculi&rules=quintana&opponent=human&pace=0');
  await moves(first.page, ['c2-c5']);
  const second = await start('?game=latrunculi&rules=piso&opponent=human&pace=0', { context: first.context });
  await second.page.click('[data-target]');
  await moves(first.page, ['f7-f4']);
  await first.page.waitForSelector('body[data-turn="white"]');
  assert.equal(await first.page.locator('[data-notice="taken-over"]').count(), 0);
  assert.equal(await second.page.locator('[data-notice="taken-over"], [data-notice="replace"]').count(), 0);
  assert.deepEqual(JSON.parse(await item(first.page, 'ludi-romani.latrunculi.quintana')).saved.moves, ['c2-c5', 'f7-f4']);
  assert.equal(JSON.parse(await item(first.page, 'ludi-romani.latrunculi.piso')).saved.moves.length, 1);
  await close(second);
  await close(first);
});

test('a version-2 save (one per game) is offered under its rules and kept when other rules are played', async () => {
  const { text, route, position: was } = fixture('latrunculi');
  const v2 = JSON.stringify({ ...JSON.parse(text), version: 2, game: 'latrunculi', savedFormat: 1, savedAt: '2026-11-30T09:00:00.000Z', writer: 'old-tab' });
  const s = await start('./', { init: seed, initArg: { 'ludi-romani.latrunculi': v2 } });
  assert.deepEqual(await s.page.$$eval('[data-action="resume"]', (nodes) => nodes.map((b) => `${b.dataset.game}/${b.dataset.slot}`)), ['latrunculi/quintana']);
  await s.page.goto(new URL('?game=latrunculi&rules=piso&opponent=human', BASE).href);
  await ready(s.page);
  assert.equal(await s.page.locator('[data-notice="replace"]').count(), 0, 'a Piso game replaces no Quintana game');
  assert.equal(await item(s.page, 'ludi-romani.latrunculi'), v2, 'the old save stays where it was');
  await s.page.goto(new URL(route, BASE).href);
  await ready(s.page);
  assert.equal(await position(s.page), was);
  await says(s.page, 'notice.restored');
  assert.equal(await item(s.page, 'ludi-romani.latrunculi'), null, 'moved into its slot once that is saved');
  assert.equal(JSON.parse(await item(s.page, 'ludi-romani.latrunculi.quintana')).version, 3);
  await close(s);
});

test('a mangled link is refused politely: a notice naming what was wrong, and a normal game', async () => {
  const cases = [
    ['?game=scripta&position=garbage', ['notice.badPosition']],
    ['?game=scripta&seed=12ab', ['notice.badSeed']],
    ['?game=scripta&rules=nonsense', ['notice.unknownRules']],
    ['?game=scripta&lang=xx', ['notice.unknownLanguage']],
    ['?game=scripta&opponent=robot', ['notice.unknownOpponent']],
    ['?game=scripta&level=god&side=green', ['notice.unknownLevel', 'notice.unknownSide']],
    ['?game=latrunculi&rules=nonsense&position=BBBBBBBB%2FBBBBBBBB%2F8%2F8%2F8%2F8%2FWWWWWWWW%2FWWWWWWWW%20w%200%2C0%200%2C0%200%20-%2C-', ['notice.unknownRules']],
    ['?game=latrunculi&position=not-a-position', ['notice.badPosition']],
  ];
  const s = await start('./');
  for (const [query, notices] of cases) {
    await visit(s.page, query);
    for (const notice of notices) await says(s.page, notice);
    assert.ok(await position(s.page), `${query}: a board is drawn`);
    assert.equal(await s.page.locator('.trouble').count(), 0, query);
    if (query.includes('game=scripta')) assert.equal(await position(s.page), START, query);
    if (query.includes('lang=xx')) assert.equal(await s.page.getAttribute('html', 'lang'), 'en');
  }
  await close(s);
});

test('an engine failure shows the error view: the record can be copied and a new game started', async () => {
  const s = await start('?game=scripta&opponent=human&seed=8', { failing: true, clipboard: true });
  // A whole turn, so the record has a line to keep.
  await s.page.click('[data-action="throw"]');
  while (await s.page.locator('[data-selectable]').count()) {
    await s.page.click('[data-selectable]');
    await s.page.click('[data-target]');
  }
  await s.page.click('[data-action="confirm"]');
  const played = JSON.parse(await item(s.page, SCRIPTA)).saved.turns[0].steps;
  const lastGood = await item(s.page, SCRIPTA);
  await s.page.evaluate(() => { window.__ludiFail = 'throwDice'; });
  await s.page.click('[data-action="throw"]');
  const view = s.page.locator('[data-notice="engine-failed"]');
  await view.waitFor();
  assert.ok(await view.locator('[data-action="restart"]').evaluate((b) => b === document.activeElement));
  await s.page.screenshot({ path: screenshotPath('safety-error-view-phone.png') });

  await s.page.click('[data-action="copy-record"]');
  await s.page.waitForSelector('.trouble-said[data-say="trouble.copied"]');
  const copied = await s.page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await s.page.inputValue('[data-record]'));
  assert.match(copied, /^Game: XII Scripta$/m);
  assert.match(copied, new RegExp(`^A \\d{3}: ${played.join(' ').replaceAll('*', '\\*')}$`, 'm'));

  await clickAway(s.page, '[data-action="restart"]');
  await s.page.waitForFunction(() => !new URLSearchParams(location.search).has('seed'));
  assert.equal(await position(s.page), START);
  assert.equal(await s.page.locator('[data-notice="engine-failed"]').count(), 0);
  assert.equal(await item(s.page, 'ludi-romani.scripta.broken'), lastGood, 'the failed game is kept aside');
  await close(s);
});

test('Latrunculi: a failing move, and an engine failing as the screen is built, show the error view', async () => {
  const s = await start('?game=latrunculi&rules=quintana&opponent=human&pace=0', { failing: true });
  await moves(s.page, ['c2-c5']);
  await s.page.evaluate(() => { window.__ludiFail = 'play'; });
  await moves(s.page, ['f7-f4']);
  await s.page.locator('[data-notice="engine-failed"]').waitFor();
  assert.match(await s.page.inputValue('[data-record]'), /^c2-c5$/m);
  // The computer and the board are stopped behind the view; the last good save stays.
  assert.deepEqual(JSON.parse(await item(s.page, 'ludi-romani.latrunculi.quintana')).saved.moves, ['c2-c5']);
  await close(s);

  const m = await start('?game=latrunculi&opponent=human', {
    failing: true,
    init: () => {
      if (sessionStorage.getItem('failed')) return;
      sessionStorage.setItem('failed', '1');
      window.__ludiFail = 'snapshot';
    },
  });
  const view = m.page.locator('[data-notice="engine-failed"]');
  await view.waitFor();
  assert.equal(await view.locator('[data-action="copy-record"]').count(), 0, 'no record yet, no copy button');
  await clickAway(m.page, '[data-action="restart"]');
  await m.page.waitForSelector('[data-square]');
  await close(m);
});

/** Fails if the payload became HTML anywhere. */
async function noInjection(page, what) {
  const found = await page.evaluate(() => ({ flag: window.__xss, images: document.querySelectorAll('img[src="x"]').length }));
  assert.deepEqual(found, { flag: undefined, images: 0 }, what);
}

test('nothing from a link or from storage becomes HTML', async () => {
  const params = ['game', 'page', 'rules', 'position', 'seed', 'lang', 'opponent', 'level', 'side', 'pace', 'theme'];
  const links = await start('./');
  for (const game of ['scripta', 'latrunculi']) {
    for (const name of params) {
      const query = `?${new URLSearchParams({ game, [name]: PAYLOAD })}`;
      await visit(links.page, query);
      await noInjection(links.page, query);
    }
  }
  await visit(links.page, `?${new URLSearchParams({ game: PAYLOAD, lang: PAYLOAD })}`);
  await noInjection(links.page, 'an unknown game on the home screen');
  await close(links);

  // Storage: both games' saves (old and new formats), the choices, the language, the theme.
  const evil = (version, game) => JSON.stringify({
    version, game, origin: new URLSearchParams({ position: PAYLOAD, level: PAYLOAD, rules: PAYLOAD, seed: PAYLOAD }).toString(),
    saved: { seed: PAYLOAD, start: PAYLOAD, rules: PAYLOAD, turns: [{ throw: PAYLOAD, steps: [PAYLOAD] }], moves: [PAYLOAD], thrown: true, steps: [PAYLOAD] },
    savedFormat: 1, opponent: { kind: 'computer', level: PAYLOAD, human: PAYLOAD }, over: PAYLOAD, savedAt: PAYLOAD, writer: PAYLOAD,
  });
  // Its origin's parameters are in another order than a link's (route.js): Resume still opens
  // its game, never the question about replacing it.
  const italian = { ...JSON.parse(evil(3, 'scripta')), slot: 'italian' };
  italian.origin = `rules=italian&${new URLSearchParams({ level: PAYLOAD, position: PAYLOAD, seed: PAYLOAD })}`;
  const items = {
    'ludi-romani.scripta': evil(2, 'scripta'),
    'ludi-romani.scripta.italian': JSON.stringify(italian),
    'ludi-romani.latrunculi.v1': evil(1, 'latrunculi'),
    'ludi-romani.choices.v1': JSON.stringify({ game: PAYLOAD, opponent: PAYLOAD, scripta: { level: PAYLOAD, side: PAYLOAD }, latrunculi: { rules: PAYLOAD, options: { start: PAYLOAD } } }),
    'ludi-romani.language.v1': JSON.stringify(PAYLOAD),
    'ludi-romani.theme': PAYLOAD,
    'ludi-romani.setting.face': PAYLOAD,
  };
  const s = await start('./', { init: seed, initArg: items });
  await noInjection(s.page, 'the home screen');
  // Every save that reads is offered; the others' rules, holding a "=", are rules of one's own.
  assert.deepEqual(await s.page.$$eval('[data-action="resume"]', (nodes) => nodes.map((b) => `${b.dataset.game}/${b.dataset.slot}`)),
    ['scripta/italian', 'scripta/custom', 'latrunculi/custom']);
  await s.page.click('[data-action="resume"][data-slot="italian"]');
  await s.page.waitForSelector('[data-position]');
  await ready(s.page);
  assert.equal(new URL(s.page.url()).searchParams.get('rules'), 'italian');
  await noInjection(s.page, 'a resumed game');
  for (const query of ['?game=scripta', '?game=latrunculi', `?${new URLSearchParams({ game: 'scripta', position: PAYLOAD, level: PAYLOAD, rules: PAYLOAD, seed: PAYLOAD })}`]) {
    await s.page.goto(new URL(query, BASE).href);
    await ready(s.page);
    await noInjection(s.page, query);
  }
  await close(s);
});
