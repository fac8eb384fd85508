// Schädler's readings of Latrunculi and Locus Ludi's Seneca in the browser: a trapped counter
// freezes (drawn so, not by colour alone), the captor's side removes it with its own control or
// key (under Seneca without ending its turn), a frozen counter is freed when a trapper moves
// away, a multi-leap shows its path and stops where the player says, the computer plays these
// rules, and the rules pages draw their diagrams. Positions are the engine's (data-position),
// words are catalogue keys.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, open, close, position, says, screenshotPath, axe } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

function lat(params = {}) {
  return `?${new URLSearchParams({ game: 'latrunculi', rules: 'schadler-1994', opponent: 'human', pace: '0', ...params })}`;
}

const attr = (page, square, name) => page.getAttribute(`[data-square="${square}"]`, name);
const frozen = async (page, square) => (await attr(page, square, 'data-frozen')) !== null;

// White to move: e2-e3 traps black's d3 against c3; black's a8 and h8 keep black in the game.
const TRAP = 'B6B/8/8/8/8/2WB4/4W3/8 w 0,0 0,0 0 -,-';
// White's d1 may leap over d2 to d3, and on over black's d4 to d5.
const LEAP = 'B6B/8/8/8/3B4/8/3W4/3W4 w 0,0 0,0 0 -,-';

test('a trapped counter freezes, cannot move, and white removes it with the Remove control', async () => {
  const s = await open(browser, lat({ position: TRAP }));
  await s.page.click('[data-square="e2"]');
  await s.page.click('[data-square="e3"]');
  await says(s.page, /event\.latrunculi\.frozen/);
  assert.ok(await frozen(s.page, 'd3'), 'd3 is frozen');
  assert.equal(await attr(s.page, 'd3', 'data-piece'), 'black', 'still on the board');
  // Not by colour alone: a frame of ice and a star are drawn on it.
  assert.equal(await s.page.locator('[data-square="d3"] .frost-frame').count(), 1);
  assert.equal(await s.page.locator('[data-square="e3"] .frost').count(), 0);
  // Black's frozen counter cannot move: the engine says why.
  await s.page.click('[data-square="d3"]');
  await says(s.page, 'refuse.latrunculi.frozen');
  await s.page.click('[data-square="h8"]');
  await s.page.click('[data-square="h7"]');
  // White may now spend the turn on removing it.
  const remove = s.page.locator('[data-action="remove"]');
  assert.ok(await remove.isVisible());
  await remove.click();
  assert.equal(await remove.getAttribute('aria-pressed'), 'true');
  await says(s.page, 'situation.latrunculi.coach.remove');
  assert.deepEqual(await s.page.$$eval('[data-target]', (n) => n.map((e) => e.dataset.square)), ['d3']);
  await axe(s.page, 'choosing a frozen counter to remove');
  await s.page.click('[data-square="d3"]');
  await says(s.page, /event\.latrunculi\.remove/);
  assert.equal(await attr(s.page, 'd3', 'data-piece'), null);
  assert.equal(await s.page.getAttribute('[data-camp="white"]', 'data-captured'), '1');
  assert.match(await position(s.page), /^B7\/7B\/8\/8\/8\/2W1W3\/8\/8 b /);
  assert.ok(await remove.isHidden(), 'nothing left to remove');
  // Undo puts the frozen counter back, and a reload keeps it frozen and removable.
  await s.page.click('[data-action="undo"]');
  assert.ok(await frozen(s.page, 'd3'));
  await s.page.reload();
  await s.page.waitForSelector('body.ready [data-frozen]');
  assert.ok(await frozen(s.page, 'd3'));
  assert.ok(await remove.isVisible());
  assert.deepEqual(s.errors, []);
  await close(s);
});

test('a tap on a removable frozen counter starts the removal; the key and the command line remove too', async () => {
  // White to move with black's d3 already frozen between c3 and e3.
  const start = 'B6B/7B/8/8/8/2WbW3/8/8 w 0,0 0,0 0 -,-';
  const s = await open(browser, lat({ position: start }));
  assert.ok(await frozen(s.page, 'd3'));
  await s.page.click('[data-square="d3"]');
  assert.equal(await s.page.getAttribute('[data-action="remove"]', 'aria-pressed'), 'true');
  // A tap elsewhere leaves the choice.
  await s.page.click('[data-square="a1"]');
  assert.equal(await s.page.getAttribute('[data-action="remove"]', 'aria-pressed'), 'false');
  // The keyboard: the Remove key, then Enter on the counter.
  await s.page.locator('[data-square="c3"]').focus();
  await s.page.keyboard.press('x');
  assert.equal(await s.page.getAttribute('[data-action="remove"]', 'aria-pressed'), 'true');
  await s.page.keyboard.press('ArrowRight');
  await s.page.keyboard.press('Enter');
  await says(s.page, /event\.latrunculi\.remove/);
  assert.equal(await attr(s.page, 'd3', 'data-piece'), null);
  await s.page.click('[data-action="undo"]');
  // The command line takes xd3.
  await s.page.fill('.command input', 'xd3');
  await s.page.press('.command input', 'Enter');
  await says(s.page, /event\.latrunculi\.remove/);
  assert.equal(await attr(s.page, 'd3', 'data-piece'), null);
  assert.deepEqual(s.errors, []);
  await close(s);
});

test('under Seneca a removal keeps the turn: white removes, then still moves', async () => {
  // Black's d3 is frozen between c3 and e3.
  const start = 'B6B/7B/8/8/8/2WbW3/8/8 w 0,0 0,0 0 -,-';
  const s = await open(browser, lat({ rules: 'seneca', position: start }));
  await s.page.click('[data-action="remove"]');
  await s.page.click('[data-square="d3"]');
  await says(s.page, /event\.latrunculi\.remove/);
  assert.equal(await attr(s.page, 'd3', 'data-piece'), null);
  assert.equal(await s.page.getAttribute('body', 'data-turn'), 'white', 'white moves as well');
  assert.ok(await s.page.locator('[data-selectable]').count() > 0);
  await s.page.click('[data-square="c3"]');
  await s.page.click('[data-square="c4"]');
  assert.equal(await s.page.getAttribute('body', 'data-turn'), 'black');
  assert.deepEqual(s.errors, []);
  await close(s);
});

test('a game with a freeze and a removal is downloaded, opened again, and replays with the frozen counter shown', async () => {
  const s = await open(browser, lat({ position: TRAP }));
  const live = [await position(s.page)];
  for (const [from, to] of [['e2', 'e3'], ['h8', 'h7']]) {
    await s.page.click(`[data-square="${from}"]`);
    await s.page.click(`[data-square="${to}"]`);
    live.push(await position(s.page));
  }
  await s.page.click('[data-action="remove"]');
  await s.page.click('[data-square="d3"]');
  live.push(await position(s.page));
  await s.page.click('[data-action="records"]');
  const [file] = await Promise.all([s.page.waitForEvent('download'), s.page.click('#record-menu [data-menu="record-download"]')]);
  const text = await readFile(await file.path(), 'utf8');
  assert.match(text, /^Rules: .*trap=freeze,leap=any,norepeat=on/m);
  assert.match(text, /^xd3$/m);
  await s.page.click('[data-action="records"]');
  await s.page.click('#record-menu [data-menu="record-open"]');
  await s.page.fill('#open-record [data-record-text]', text);
  await s.page.click('#open-record button[value="open"]');
  await s.page.waitForSelector('#replay');
  for (let k = 0; k < live.length; k += 1) {
    assert.equal(await s.page.getAttribute('#replay', 'data-position'), live[k], `move ${k}`);
    // After the freeze and until the removal, d3 is drawn frozen.
    assert.equal(await s.page.locator('#replay [data-frozen]').count(), k === 1 || k === 2 ? 1 : 0, `move ${k}`);
    await s.page.keyboard.press('ArrowRight');
  }
  assert.deepEqual(s.errors, []);
  await close(s);
});

test('a frozen counter is freed when a trapper moves away', async () => {
  const start = 'B6B/7B/8/8/8/2WbW3/8/8 w 0,0 0,0 0 -,-';
  const s = await open(browser, lat({ position: start }));
  await s.page.click('[data-square="e3"]');
  await s.page.click('[data-square="e4"]');
  assert.equal(await frozen(s.page, 'd3'), false, 'freed');
  assert.ok(await s.page.locator('[data-action="remove"]').isHidden());
  // Black's counter moves again.
  assert.notEqual(await attr(s.page, 'd3', 'data-selectable'), null);
  await close(s);
});

test('a multi-leap shows its path, offers only the leaping counter, and stops where the player says', async () => {
  const s = await open(browser, lat({ position: LEAP }));
  await s.page.click('[data-square="d1"]');
  const targets = await s.page.$$eval('[data-target]', (n) => n.map((e) => e.dataset.square).sort());
  assert.ok(targets.includes('d3'), `the leap over d2 is offered: ${targets}`);
  await s.page.click('[data-square="d3"]');
  // The turn goes on: the path so far is drawn, the same counter is picked, Stop is offered.
  assert.equal(await s.page.getAttribute('[data-leap-path]', 'data-leap-path'), 'd1 d3');
  assert.equal(await s.page.getAttribute('body', 'data-turn'), 'white');
  assert.deepEqual(await s.page.$$eval('[data-target]', (n) => n.map((e) => e.dataset.square)), ['d5']);
  await says(s.page, 'situation.latrunculi.coach.leap');
  const stop = s.page.locator('[data-action="stop"]');
  assert.ok(await stop.isVisible());
  await s.page.screenshot({ path: screenshotPath('schadler-leap-phone.png') });
  await axe(s.page, 'a leap part-way');
  // A refused tap part-way says its reason; the turn's words still hold the leap's first leg.
  await s.page.click('[data-square="a1"]');
  await says(s.page, /refuse\.latrunculi\./);
  await stop.click();
  await says(s.page, /event\.latrunculi\.stop/);
  // The whole turn is said: the leap, then the stop; and marked, from where it began.
  await says(s.page, 'event.latrunculi.moves');
  assert.equal(await s.page.getAttribute('[data-last-move]', 'data-last-legs'), 'd1-d3');
  assert.equal(await attr(s.page, 'd1', 'data-last'), 'from');
  assert.equal(await s.page.getAttribute('body', 'data-turn'), 'black');
  assert.equal(await s.page.locator('[data-leap-path]').count(), 0);
  assert.ok(await stop.isHidden());
  assert.equal(await attr(s.page, 'd3', 'data-piece'), 'white');
  // Taken back, the counter may leap on instead: d3-d5, and the turn ends by itself there.
  await s.page.click('[data-action="undo"]');
  assert.equal(await s.page.getAttribute('[data-leap-path]', 'data-leap-path'), 'd1 d3');
  // A reload part-way keeps the leap: the same position, path and choice to go on or stop.
  const partWay = await position(s.page);
  await s.page.reload();
  await s.page.waitForSelector('body.ready [data-leap-path]');
  assert.equal(await position(s.page), partWay);
  assert.equal(await s.page.getAttribute('[data-leap-path]', 'data-leap-path'), 'd1 d3');
  assert.ok(await stop.isVisible());
  await s.page.click('[data-square="d5"]');
  assert.equal(await s.page.getAttribute('body', 'data-turn'), 'black');
  assert.equal(await attr(s.page, 'd5', 'data-piece'), 'white');
  // Show again shows the whole leap: from before it, hop by hop, said whole; the game unchanged.
  const leapt = await position(s.page);
  await s.page.click('[data-action="replay"]');
  await s.page.waitForSelector('[data-showing]');
  await says(s.page, 'event.latrunculi.moves');
  const counter = async () => (await s.page.$$eval('[data-piece="white"]', (n) => n.map((e) => e.dataset.square))).filter((q) => 'd1 d3 d5'.includes(q));
  assert.deepEqual(await counter(), ['d1'], 'from where the leap began');
  await s.page.waitForFunction(() => document.querySelector('[data-showing] [data-square="d3"][data-piece="white"]'));
  await s.page.waitForSelector('[data-showing]', { state: 'detached' });
  assert.equal(await attr(s.page, 'd5', 'data-piece'), 'white');
  assert.equal(await position(s.page), leapt);
  assert.deepEqual(s.errors, []);
  await close(s);
});

test('the computer plays Schädler 2001 from the start: legal turns, each followed on the board', async () => {
  const s = await open(browser, `?${new URLSearchParams({ game: 'latrunculi', rules: 'schadler-2001', opponent: 'computer', level: 'hard', side: 'white', pace: '0', seed: '5' })}`);
  await s.page.click('[data-action="place-rest"]');
  await s.page.waitForFunction(() => document.body.dataset.phase === 'move');
  // Ten turns each: the human plays the first move offered, the computer answers.
  for (let turn = 0; turn < 10; turn += 1) {
    await s.page.waitForFunction(() => document.querySelector('[data-selectable], [data-action="stop"]:not([hidden]):not([disabled])')
      || document.getElementById('game-over-title')?.offsetParent, null, { timeout: 20000 });
    if (await s.page.locator('#game-over-title').isVisible()) break;
    if (await s.page.locator('[data-action="stop"]:visible').count()) {
      await s.page.click('[data-action="stop"]');
      continue;
    }
    const from = await s.page.getAttribute('[data-selectable]', 'data-square');
    await s.page.click(`[data-square="${from}"]`);
    const to = await s.page.getAttribute('[data-target]', 'data-square');
    await s.page.click(`[data-square="${to}"]`);
  }
  assert.deepEqual(s.errors, []);
  await close(s);
});

test('the rules pages of the three readings with frozen counters draw one and a leap part-way', async () => {
  for (const rules of ['schadler-1994', 'schadler-2001', 'seneca']) {
    const s = await open(browser, lat({ rules }));
    await s.page.click('[data-action="rules"]');
    const dialog = s.page.locator('dialog[open]');
    await dialog.locator('[data-frozen]').first().waitFor();
    assert.equal(await dialog.locator('[data-leap-path="d1 d3"]').count(), 1);
    // A diagram for each rule the reading adds: freezing, removing, leaping and, in 2001,
    // not stepping between two enemies; the first two show a frozen counter each.
    assert.equal(await dialog.locator('figure svg').count(), rules === 'schadler-2001' ? 4 : 3, rules);
    assert.equal(await dialog.locator('figure [data-frozen]').count(), 2, rules);
    if (rules === 'schadler-1994') {
      await s.page.screenshot({ path: screenshotPath('schadler-rules-phone.png') });
    }
    await close(s);
  }
});
