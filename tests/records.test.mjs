// Game records in the page: a game exported and opened again is the same game; the replay
// steps through the positions the live game went through; "Take over from here" goes on from
// the turn on show; a bad record is refused and changes nothing; a shared position link opens
// the same position; the hard player's opinion reaches every XII Scripta turn. Everything is
// read from data attributes and engine positions, never from the words on screen.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, open, close, said, says, axe } from './helpers.mjs';
import { createI18n } from '../www/js/i18n/index.js';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// The clipboard and the share sheet, as a device that has them: what the page hands over is
// kept for the test to read.
function stubSharing() {
  window.handed = { copied: [], shared: [] };
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text) => { window.handed.copied.push(text); } },
  });
  navigator.share = async (data) => { window.handed.shared.push(data.url); };
}

// A browser that refuses the clipboard and has no share sheet.
function refuseSharing() {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async () => { throw new DOMException('denied', 'NotAllowedError'); } },
  });
  delete Navigator.prototype.share;
}

const boardPosition = (page) => page.getAttribute('#board', 'data-position');
const replayTurn = async (page) => Number(await page.getAttribute('#replay', 'data-replay-turn'));
const replayPosition = (page) => page.getAttribute('#replay', 'data-position');

/** Plays `turns` XII Scripta turns through the DOM (first source, first target); the positions after each. */
function playScripta(page, turns) {
  return page.evaluate((turns) => {
    const q = (s) => document.querySelector(s);
    const tap = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const seen = [q('#board').dataset.position];
    for (let i = 0; i < turns && !q('[data-winner]'); i++) {
      tap(q('[data-action="throw"]'));
      for (let source = q('[data-selectable]'); source; source = q('[data-selectable]')) {
        tap(source);
        tap(q('[data-target]'));
      }
      if (!q('[data-winner]')) tap(q('[data-action="confirm"]'));
      seen.push(q('#board').dataset.position);
    }
    return seen;
  }, turns);
}

/** Plays `moves` Latrunculi moves through the DOM (first counter, first destination). */
function playLatrunculi(page, moves) {
  return page.evaluate((moves) => {
    const q = (s) => document.querySelector(s);
    const tap = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const seen = [q('#board').dataset.position];
    for (let i = 0; i < moves && !q('[data-winner]'); i++) {
      tap(q('[data-selectable]'));
      tap(q('[data-target]'));
      seen.push(q('#board').dataset.position);
    }
    return seen;
  }, moves);
}

/**
 * Starts the game taken over from the replay. The live game of those rules would give way to
 * it, so the page asks first (unfinished.js): these tests answer Start the new game.
 */
async function startTakenOver(page) {
  await page.click('#take-over button[value="start"]');
  await page.click('[data-notice="replace"] [data-action="replace"]');
}

/** Opens the game screen's Record dialog and picks `action` in it. */
async function fromMenu(page, action) {
  await page.click('[data-action="records"]');
  await page.click(`#record-menu [data-menu="${action}"]`);
}

/** Copies the record of the game on the screen (sharing stubbed): its text. */
async function copied(page) {
  await fromMenu(page, 'record-copy');
  await says(page, 'record.copied');
  const [text] = await page.evaluate(() => window.handed.copied);
  return text;
}

/** Opens the replay of the game on the screen. */
async function openReplay(page) {
  await fromMenu(page, 'record-replay');
  await page.waitForSelector('#replay');
}

/** Downloads the record from the Record dialog: its file name and text. */
async function download(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), fromMenu(page, 'record-download')]);
  return { name: file.suggestedFilename(), path: await file.path(), text: await readFile(await file.path(), 'utf8') };
}

/** Pastes `text` into the open-record dialog (already open) and presses Open. */
async function paste(page, text) {
  await page.fill('#open-record [data-record-text]', text);
  await page.click('#open-record button[value="open"]');
}

/** Opens `text` as a record from the Record menu, into the replay. */
async function openPasted(page, text) {
  await fromMenu(page, 'record-open');
  await paste(page, text);
  await page.waitForSelector('#replay');
}

test('a XII Scripta game downloaded and opened again replays the live positions turn by turn', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=77&pace=0');
  const live = await playScripta(s.page, 16);
  assert.equal(live.length, 17);
  const file = await download(s.page);
  assert.match(file.name, /^xii-scripta-\d{4}-\d{2}-\d{2}\.txt$/);
  await says(s.page, 'record.downloaded');

  // Opened from the file on the home screen.
  await s.page.click('[data-action="home"]');
  await s.page.click('[data-action="open-record"]');
  await s.page.setInputFiles('#open-record [data-record-file]', file.path);
  await s.page.waitForSelector('#replay');
  assert.equal(await replayTurn(s.page), 0);
  assert.equal(await replayPosition(s.page), live[0]);
  assert.equal(await s.page.locator('.replay-turn[data-turn]').count(), live.length);

  // Next, the arrow key, and a tap on the list all land where the live game stood.
  for (let k = 1; k < live.length; k++) {
    if (k % 2) await s.page.click('[data-action="replay-next"]');
    else await s.page.keyboard.press('ArrowRight');
    assert.equal(await replayTurn(s.page), k);
    assert.equal(await replayPosition(s.page), live[k], `turn ${k}`);
  }
  assert.ok(await s.page.isDisabled('[data-action="replay-next"]'), 'the last turn is the end');
  await s.page.keyboard.press('Home');
  assert.equal(await replayPosition(s.page), live[0]);
  await s.page.click('.replay-turn[data-turn="9"]');
  assert.equal(await replayPosition(s.page), live[9]);
  assert.equal(await s.page.getAttribute('.replay-turn[data-turn="9"]', 'aria-current'), 'step');
  await s.page.keyboard.press('ArrowLeft');
  assert.equal(await replayPosition(s.page), live[8]);

  // A reload keeps the record and the turn on show.
  await s.page.reload();
  await s.page.waitForSelector('#replay');
  assert.equal(await replayTurn(s.page), 8);
  assert.equal(await replayPosition(s.page), live[8]);

  // Taken over at the end, it is the same game: the same position, the same turns behind it.
  await s.page.keyboard.press('End');
  await s.page.click('[data-action="take-over"]');
  await s.page.click('#take-over input[value="human"]');
  await startTakenOver(s.page);
  await s.page.waitForSelector('#board[data-position]');
  assert.equal(await boardPosition(s.page), live[live.length - 1]);
  await says(s.page, 'notice.tookOver');
  await openReplay(s.page);
  assert.equal(await s.page.locator('.replay-turn[data-turn]').count(), live.length, 'the history came along');
  await close(s);
});

test('a Latrunculi game copied and pasted back replays its moves, placements included', async () => {
  const s = await open(browser, '?game=latrunculi&opponent=human&rules=quintana&seed=5&pace=0', { init: stubSharing });
  const live = await playLatrunculi(s.page, 14);
  const text = await copied(s.page);

  await openPasted(s.page, text);
  assert.equal(await s.page.getAttribute('#replay', 'data-game'), 'latrunculi');
  for (let k = 0; k < live.length; k++) {
    assert.equal(await replayPosition(s.page), live[k], `move ${k}`);
    await s.page.keyboard.press('ArrowRight');
  }
  assert.equal(await replayTurn(s.page), live.length - 1);

  // Piso's placements, most of them placed for both sides at once, replay as single moves.
  await s.page.goto(new URL('?game=latrunculi&opponent=human&rules=piso&seed=9&pace=0', s.page.url()).href);
  await s.page.waitForSelector('#board[data-position]');
  await s.page.click('[data-action="place-rest"]');
  const placed = await playLatrunculi(s.page, 6);
  const file = await download(s.page);
  assert.match(file.name, /^latrunculi-\d{4}-\d{2}-\d{2}\.txt$/);
  await openPasted(s.page, file.text);
  assert.equal(await s.page.locator('.replay-turn[data-turn]').count(), 40 + 6 + 1);
  await s.page.keyboard.press('End');
  assert.equal(await replayPosition(s.page), placed[placed.length - 1]);
  await s.page.click('.replay-turn[data-turn="40"]');
  assert.equal(await replayPosition(s.page), placed[0], 'the last placement');
  // The move that led to the turn on show is marked as on the game's board: a placement by
  // its square alone, a move from and to.
  assert.equal(await s.page.locator('#replay [data-last="to"]').count(), 1);
  assert.equal(await s.page.locator('#replay [data-last="from"]').count(), 0);
  await s.page.click('.replay-turn[data-turn="41"]');
  assert.equal(await s.page.locator('#replay [data-last="from"]').count(), 1);
  await close(s);
});

test("taking over says who opens as the record's rules do: the opening throw under the Italian", async () => {
  const s = await open(browser, '?game=scripta&rules=italian&opponent=human&seed=31&pace=0&lang=en');
  await playScripta(s.page, 1);
  await openReplay(s.page);
  await s.page.click('[data-action="take-over"]');
  await s.page.click('#take-over input[value="computer"]');
  const en = createI18n('en');
  const label = (side) => s.page.locator(`#take-over input[name="side"][value="${side}"]`).locator('xpath=..').textContent();
  assert.equal((await label('albi')).trim(), en.t('side.albi.byThrow'));
  assert.equal((await label('nigri')).trim(), en.t('side.nigri.byThrow'));
  // Taken over from the replay's start: said as the start, not "after 0 turns".
  await s.page.click('#take-over input[value="human"]');
  await startTakenOver(s.page);
  await says(s.page, 'notice.tookOverStart');
  await close(s);
});

test('a replay taken over sets a broken save of its rules aside, as a link does, rather than write over it', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=31&pace=0');
  await playScripta(s.page, 2);
  await openReplay(s.page);
  const broken = '{"version": 3, "saved": ';
  await s.page.evaluate((text) => localStorage.setItem('ludi-romani.scripta.austin-murray', text), broken);
  await s.page.click('[data-action="take-over"]');
  await s.page.click('#take-over input[value="human"]');
  await s.page.click('#take-over button[value="start"]');
  await s.page.waitForSelector('#board[data-position]');
  await says(s.page, 'notice.corrupt');
  assert.equal(await s.page.evaluate(() => localStorage.getItem('ludi-romani.scripta.broken')), broken);
  await close(s);
});

test('a game taken over from a record without its seed is under way: the home screen offers it', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=31&pace=0', { init: stubSharing });
  const live = await playScripta(s.page, 4);
  const text = await copied(s.page);
  // Without its seed a record hands over the board alone, not the turns that led there.
  await openPasted(s.page, text.split('\n').filter((line) => !line.startsWith('Seed:')).join('\n'));
  await s.page.keyboard.press('End');
  await s.page.click('[data-action="take-over"]');
  await s.page.click('#take-over input[value="human"]');
  await startTakenOver(s.page);
  await s.page.waitForSelector('#board[data-position]');
  assert.equal(await boardPosition(s.page), live.at(-1));
  const saved = JSON.parse(await s.page.evaluate(() => localStorage.getItem('ludi-romani.scripta.austin-murray')));
  assert.equal(saved.begun, true);
  await s.page.click('[data-action="home"]');
  await s.page.waitForSelector('[data-action="resume"][data-game="scripta"][data-slot="austin-murray"]');
  await close(s);
});

test('taking over from a middle turn goes on from there, with the turns before it', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=31&pace=0');
  const live = await playScripta(s.page, 10);
  await openReplay(s.page);
  await s.page.click('.replay-turn[data-turn="4"]');
  await s.page.click('[data-action="take-over"]');
  await s.page.click('#take-over input[value="computer"]');
  await s.page.click('#take-over input[value="easy"]');
  await s.page.click('#take-over input[value="nigri"]');
  // Albi (the computer) is to throw after four turns, and at pace 0 may throw before the test
  // looks: what the board and the status line show is kept from the start.
  await s.page.evaluate(() => {
    window.shown = { positions: [], said: [] };
    const keep = (list, value) => { if (value && value !== list.at(-1)) list.push(value); };
    new MutationObserver(() => {
      keep(window.shown.positions, document.querySelector('#board')?.dataset.position);
      keep(window.shown.said, document.querySelector('[role="status"]')?.dataset.say);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await startTakenOver(s.page);
  await s.page.waitForSelector('#board[data-position]');
  const told = await s.page.waitForFunction(() => window.shown.said.some((keys) => keys.split(' ').includes('notice.tookOver')), null, { timeout: 5000 })
    .then(() => true, () => false);
  const shown = await s.page.evaluate(() => window.shown);
  assert.equal(shown.positions[0], live[4]);
  assert.ok(told, `the status said ${shown.said.join(' | ')}`);
  assert.equal(await s.page.getAttribute('body', 'data-opponent'), 'computer');
  assert.equal(await s.page.getAttribute('body', 'data-level'), 'easy');
  // It plays on by itself.
  await s.page.waitForFunction((from) => document.querySelector('#board').dataset.position !== from, live[4]);
  await s.page.waitForSelector('[data-action="throw"]:not([disabled])', { timeout: 20000 });
  // The record of the game taken over begins with the four turns it was taken over after.
  await openReplay(s.page);
  await s.page.click('.replay-turn[data-turn="4"]');
  assert.equal(await replayPosition(s.page), live[4]);
  assert.equal(await s.page.locator('.replay-turn[data-turn]').count(), 6, 'four turns, the computer\'s, and the start');

  // Latrunculi: take over after three moves, two players.
  await s.page.goto(new URL('?game=latrunculi&opponent=human&rules=quintana&seed=2&pace=0', s.page.url()).href);
  await s.page.waitForSelector('#board[data-position]');
  const moves = await playLatrunculi(s.page, 6);
  await openReplay(s.page);
  await s.page.click('.replay-turn[data-turn="3"]');
  await s.page.click('[data-action="take-over"]');
  await s.page.click('#take-over input[value="human"]');
  await startTakenOver(s.page);
  await s.page.waitForSelector('#board[data-position]');
  assert.equal(await boardPosition(s.page), moves[3]);
  assert.ok(await s.page.isEnabled('[data-action="undo"]'), 'the moves before it can be taken back');
  await s.page.click('[data-action="undo"]');
  assert.equal(await boardPosition(s.page), moves[2]);
  // A reload finds the game taken over, as any game.
  await s.page.reload();
  await s.page.waitForSelector('#board[data-position]');
  assert.equal(await boardPosition(s.page), moves[2]);
  await close(s);
});

test('New game warns that a game under way ends, and downloads its record from the warning', async () => {
  const s = await open(browser, '?game=latrunculi&opponent=human&seed=5');
  // Nothing played yet: nothing to lose, nothing said.
  await s.page.click('[data-action="new"]');
  assert.equal(await s.page.isVisible('#new-game [data-replaces]'), false);
  await s.page.click('#new-game button[value="cancel"]');
  await s.page.click('[data-square="d4"]');
  const before = await s.page.getAttribute('[data-position]', 'data-position');
  await s.page.click('[data-action="new"]');
  assert.ok(await s.page.isVisible('#new-game [data-replaces]'));
  const [file] = await Promise.all([s.page.waitForEvent('download'), s.page.click('#new-game [data-replaces] [data-action="record-download"]')]);
  assert.match(await readFile(await file.path(), 'utf8'), /d4/);
  // The dialog stays open for the choice; Cancel keeps the game as it was.
  assert.ok(await s.page.isVisible('#new-game[open]'));
  await s.page.click('#new-game button[value="cancel"]');
  assert.equal(await s.page.getAttribute('[data-position]', 'data-position'), before);
  await close(s);
});

test('a bad record is refused, saying where it goes wrong, and changes nothing', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=8&pace=0');
  const live = await playScripta(s.page, 3);
  await fromMenu(s.page, 'record-open');
  await paste(s.page, 'Game: XII Scripta\n\nA 235: in/2 in/3\n');
  await s.page.waitForSelector('#open-record [data-record-error="turn"][data-turn="1"]:not([hidden])');
  assert.ok(await s.page.isVisible('#open-record'), 'the dialog stays open to mend the text');
  await paste(s.page, 'Game: XII Scripta\nRules: nonsense\n');
  await s.page.waitForSelector('#open-record [data-record-error="line"][data-line="2"]:not([hidden])');
  assert.equal(await s.page.locator('#open-record [data-turn]').count(), 0, 'where it went wrong is this record\'s');
  await paste(s.page, 'Game: chess\n');
  await s.page.waitForSelector('#open-record [data-record-error="game"]:not([hidden])');
  assert.equal(await s.page.locator('#open-record [data-line]').count(), 0);
  await paste(s.page, 'Albi: Ada\n');
  await s.page.waitForSelector('#open-record [data-record-error="game"]:not([hidden])');
  await paste(s.page, '  \n');
  await s.page.waitForSelector('#open-record [data-record-error="empty"]:not([hidden])');
  await s.page.click('#open-record button[value="cancel"]');
  assert.equal(await s.page.locator('#replay').count(), 0);
  assert.equal(await boardPosition(s.page), live[live.length - 1]);
  await s.page.reload();
  await s.page.waitForSelector('#board[data-position]');
  assert.equal(await boardPosition(s.page), live[live.length - 1], 'the saved game is untouched');

  // On the home screen too: the record already kept for the replay stays as it was.
  await openReplay(s.page);
  await s.page.click('[data-action="home"]');
  await s.page.click('[data-action="open-record"]');
  await paste(s.page, 'Game: Latrunculi\n\n@d4\n@d4\n');
  await s.page.waitForSelector('#open-record [data-record-error="turn"][data-turn="2"]:not([hidden])');
  await s.page.keyboard.press('Escape');
  assert.equal(await s.page.locator('main.home').count(), 1);
  await s.page.goto(new URL('?page=replay', s.page.url()).href);
  await s.page.waitForSelector('#replay');
  assert.equal(await s.page.getAttribute('#replay', 'data-game'), 'scripta');
  assert.equal(await s.page.locator('.replay-turn[data-turn]').count(), live.length);

  // With nothing kept, the replay page is the home screen with a notice.
  await s.page.evaluate(() => localStorage.clear());
  await s.page.reload();
  await s.page.waitForSelector('main.home');
  await says(s.page, 'notice.noRecord');
  await close(s);
});

test('a shared position link opens the same position, through the share sheet or the clipboard', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=12&pace=0', { init: stubSharing });
  await playScripta(s.page, 5);
  await s.page.click('[data-action="throw"]');
  const here = await boardPosition(s.page);
  await fromMenu(s.page, 'record-share');
  await says(s.page, 'record.shared');
  const [link] = await s.page.evaluate(() => window.handed.shared);
  const url = new URL(link);
  assert.equal(url.searchParams.get('game'), 'scripta');
  assert.equal(url.searchParams.get('position'), here, 'the dice thrown come along');
  const other = await open(browser, `${url.search}`);
  assert.equal(await boardPosition(other.page), here);
  await close(other);

  // Latrunculi without a share sheet: the link goes to the clipboard, rules and all.
  const l = await open(browser, '?game=latrunculi&opponent=human&rules=start%3Drows%2Cmove%3Drook%2Ccorner%3Don%2Cnoback%3Doff%2Cwin%3Dall&seed=3', {
    init: () => {
      window.handed = { copied: [] };
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text) => { window.handed.copied.push(text); } } });
      delete Navigator.prototype.share;
    },
  });
  await playLatrunculi(l.page, 4);
  const there = await boardPosition(l.page);
  await fromMenu(l.page, 'record-share');
  await says(l.page, 'record.shareCopied');
  const [copied] = await l.page.evaluate(() => window.handed.copied);
  const opened = await open(browser, new URL(copied).search);
  assert.equal(await boardPosition(opened.page), there);
  assert.match(await said(opened.page), /situation\.latrunculi/);
  await close(opened);
  await close(l);
  await close(s);
});

test('when the clipboard is refused the record is shown selected, and it opens as the same game', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=40&pace=0', { init: refuseSharing });
  const live = await playScripta(s.page, 4);
  await fromMenu(s.page, 'record-copy');
  await s.page.waitForSelector('#record-text[open]');
  const shown = await s.page.evaluate(() => {
    const area = document.querySelector('#record-text textarea');
    return { text: area.value, selected: area.selectionEnd - area.selectionStart };
  });
  assert.ok(shown.selected > 0 && shown.selected === shown.text.length, 'all of it selected');
  await s.page.click('#record-text button[value="close"]');
  await openPasted(s.page, shown.text);
  await s.page.keyboard.press('End');
  assert.equal(await replayPosition(s.page), live[live.length - 1]);
  await close(s);
});

test('the hard player judges every XII Scripta turn in the worker while the replay stays live', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=64&pace=0');
  await playScripta(s.page, 24);
  await openReplay(s.page);
  // Stepping answers at once while the worker judges.
  await s.page.click('[data-action="replay-next"]');
  assert.equal(await replayTurn(s.page), 1);
  await s.page.waitForFunction(() => !document.querySelector('.replay-turn[data-turn]:not([data-turn="0"]):not([data-after])'), null, { timeout: 60000 });
  const entries = await s.page.$$eval('.replay-turn[data-turn]:not([data-turn="0"])', (nodes) => nodes.map((n) => ({
    before: Number(n.dataset.before),
    after: Number(n.dataset.after),
    better: n.dataset.better ?? null,
    costly: n.hasAttribute('data-costly'),
  })));
  assert.equal(entries.length, 24);
  for (const [i, e] of entries.entries()) {
    assert.ok(e.after >= 0 && e.after <= e.before + 0.0005 && e.before <= 1, `turn ${i + 1}: ${JSON.stringify(e)}`);
    // The core names a better turn past four points (the numbers here are rounded to 0.001).
    if (e.before - e.after > 0.0415) assert.ok(e.better, `turn ${i + 1} names a better turn`);
    if (e.before - e.after < 0.0385) assert.equal(e.better, null, `turn ${i + 1} names none`);
    if (e.costly) assert.ok(e.before - e.after > 0.14, `turn ${i + 1} is costly only when much was lost`);
  }
  // The first-source player misses better turns: the view shows one, and draws it on the board.
  const k = entries.findIndex((e) => e.better) + 1;
  assert.ok(k > 0, 'some turn could have been better');
  await s.page.click(`.replay-turn[data-turn="${k}"]`);
  assert.equal(await s.page.getAttribute('.replay-opinion', 'data-judged'), '24');
  await s.page.click('[data-action="show-better"]');
  assert.ok(await s.page.getAttribute('#replay', 'data-better') !== null);
  assert.ok(await s.page.locator('#replay .hint').count() > 0, 'the better turn is drawn');
  assert.equal(await replayTurn(s.page), k, 'still on the same turn');
  await close(s);
});

// Axe's default rules: label in name (WCAG 2.5.3) would fail the replay's Next, named "One turn on".
const AXE = { labelInName: false };

test('axe finds nothing in the replay view and the record dialogs, light and dark', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=5&pace=0');
  await playScripta(s.page, 6);
  for (const scheme of ['light', 'dark']) {
    await s.page.emulateMedia({ colorScheme: scheme });
    await s.page.goto(new URL('?game=scripta&opponent=human&seed=5&pace=0', s.page.url()).href);
    await s.page.waitForSelector('body.ready');
    await s.page.click('[data-action="records"]');
    await axe(s.page, `the Record dialog, ${scheme}`, AXE);
    await s.page.click('#record-menu [data-menu="record-open"]');
    await s.page.fill('#open-record [data-record-text]', 'Game: chess');
    await s.page.click('#open-record button[value="open"]');
    await s.page.waitForSelector('#open-record [data-record-error]');
    await axe(s.page, `a refused record, ${scheme}`, AXE);
    await s.page.keyboard.press('Escape');
    await openReplay(s.page);
    await s.page.waitForFunction(() => !document.querySelector('.replay-turn[data-turn]:not([data-turn="0"]):not([data-after])'), null, { timeout: 60000 });
    await s.page.click('.replay-turn[data-turn="3"]');
    await axe(s.page, `the replay, ${scheme}`, AXE);
  }
  await close(s);
});
