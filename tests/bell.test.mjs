// Bell's readings in the browser: counters placed two a turn and then the dux, crowned; a
// capture earning the capturing counter another move, its path drawn and a Stop offered; the
// dux hopping over an enemy; a corner square trapping; the rules page's diagrams. Positions
// are the engine's (data-position), words are catalogue keys (data-say).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, position, says, screenshotPath, axe } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

function lat(params = {}) {
  return `?${new URLSearchParams({ game: 'latrunculi', rules: 'bell-8x7', opponent: 'human', pace: '0', ...params })}`;
}

const targets = (page) => page.$$eval('[data-target]', (n) => n.map((e) => e.dataset.square).sort());
const piece = (page, square) => page.getAttribute(`[data-square="${square}"]`, 'data-piece');

// Each side's sixteen counters placed, each dux still to place, on 8 x 7 squares.
const PLACED = 'BBBBBBBB/BBBBBBBB/8/8/8/WWWWWWWW/WWWWWWWW w 1,1 0,0 0 -,-';

test('Bell 8 x 7: two placements a turn, then each side\'s dux, crowned; a reload between keeps them', async () => {
  const s = await open(browser, lat());
  assert.equal(await s.page.locator('[data-square]').count(), 56);
  assert.equal(await s.page.locator('[data-square="h7"]').count(), 1);
  assert.equal(await s.page.locator('[data-square="a8"]').count(), 0);
  await s.page.click('[data-square="a1"]');
  assert.equal(await s.page.getAttribute('body', 'data-turn'), 'white', 'white places a second counter');
  await s.page.click('[data-square="b1"]');
  assert.equal(await s.page.getAttribute('body', 'data-turn'), 'black');
  assert.match(await position(s.page), / b 15,17 /);
  await close(s);

  const p = await open(browser, lat({ position: PLACED }));
  await says(p.page, 'situation.latrunculi.coach.placeDux');
  await p.page.click('[data-square="d4"]');
  await says(p.page, 'event.latrunculi.placeDux');
  assert.equal(await p.page.locator('[data-square="d4"][data-dux]').count(), 1);
  assert.equal(await piece(p.page, 'd4'), 'white');
  assert.equal(await p.page.getAttribute('body', 'data-turn'), 'black');
  const between = await position(p.page);
  await p.page.reload();
  await p.page.waitForSelector('body.ready [data-square="d4"][data-dux]');
  assert.equal(await position(p.page), between);
  await says(p.page, 'situation.latrunculi.coach.placeDux');
  await p.page.click('[data-square="e4"]');
  assert.equal(await p.page.locator('[data-square="e4"][data-dux]').count(), 1);
  assert.equal(await piece(p.page, 'e4'), 'black');
  assert.match(await position(p.page), / w 0,0 0,0 0 -,-$/, 'placing is over and white moves');
  await p.page.screenshot({ path: screenshotPath('bell-placed-phone.png') });
  assert.deepEqual([...s.errors, ...p.errors], []);
  await close(p);
});

// White: counters d6, f5, c4 and the dux a1; black: a2, d5, e5, h8 (the engine's hand count).
const AGAIN = '7B/8/3W4/3BBW2/2W5/8/B7/X7 w 0,0 0,0 0 -,-';

test('Bell: a capture earns another move, shown with its path and a Stop; another piece is refused; a reload keeps it', async () => {
  const s = await open(browser, lat({ rules: 'bell-8x8', position: AGAIN }));
  // The dux may hop over black's a2; a counter may not hop.
  await s.page.click('[data-square="a1"]');
  assert.deepEqual(await targets(s.page), ['a3', 'b1']);
  await s.page.click('[data-square="c4"]');
  assert.deepEqual(await targets(s.page), ['b4', 'c3', 'c5', 'd4']);
  await s.page.click('[data-square="d4"]');
  assert.equal(await piece(s.page, 'd5'), null, 'd5 is taken against d6');
  assert.equal(await s.page.getAttribute('body', 'data-turn'), 'white', 'the turn goes on');
  assert.equal(await s.page.getAttribute('[data-leap-path]', 'data-leap-path'), 'c4 d4');
  assert.deepEqual(await targets(s.page), ['c4', 'd3', 'd5', 'e4']);
  await says(s.page, 'situation.latrunculi.coach.again');
  const stop = s.page.locator('[data-action="stop"]');
  assert.ok(await stop.isVisible());
  await s.page.screenshot({ path: screenshotPath('bell-again-phone.png') });
  await axe(s.page, 'a move after a capture');
  // Only the counter that took may go on.
  await s.page.click('[data-square="f5"]');
  await says(s.page, 'refuse.latrunculi.again');
  const partWay = await position(s.page);
  assert.match(partWay, / w 0,0 1,0 0 c4-d4,- d4$/);
  await s.page.reload();
  await s.page.waitForSelector('body.ready [data-leap-path]');
  assert.equal(await position(s.page), partWay);
  // d4-d5 takes e5 against f5, and the counter may move yet again; then it stops.
  await s.page.click('[data-square="d5"]');
  assert.equal(await piece(s.page, 'e5'), null);
  assert.equal(await s.page.getAttribute('body', 'data-turn'), 'white');
  assert.equal(await s.page.getAttribute('[data-leap-path]', 'data-leap-path'), 'c4 d4 d5');
  await stop.click();
  assert.equal(await s.page.getAttribute('body', 'data-turn'), 'black');
  assert.equal(await s.page.locator('[data-leap-path]').count(), 0);
  assert.ok(await stop.isHidden());
  assert.match(await position(s.page), / b 0,0 2,0 0 /);
  assert.deepEqual(s.errors, []);
  await close(s);
});

test('Bell: a corner square traps, and the rules page draws the corner, the move again and the dux\'s hop', async () => {
  // Black's b1 stands between the corner a1 and c1, where white's c2 arrives.
  const s = await open(browser, lat({ rules: 'bell-8x8', position: '7B/8/8/8/8/8/2W5/1B6 w 0,0 0,0 0 -,-' }));
  await s.page.click('[data-square="c2"]');
  await s.page.click('[data-square="c1"]');
  assert.equal(await piece(s.page, 'b1'), null);
  await s.page.click('[data-action="rules"]');
  const dialog = s.page.locator('dialog[open]');
  await dialog.locator('figure svg').first().waitFor();
  assert.equal(await dialog.locator('figure svg').count(), 3);
  assert.equal(await dialog.locator('figure').nth(0).locator('.doomed').count(), 1, 'the corner traps b1');
  assert.equal(await dialog.locator('figure').nth(1).locator('[data-leap-path="c3 d3"]').count(), 1);
  assert.equal(await dialog.locator('figure').nth(2).locator('.doomed').count(), 0, 'a hop takes nothing');
  assert.equal(await dialog.locator('figure').nth(2).locator('.dux-crown').count(), 1);
  await s.page.screenshot({ path: screenshotPath('bell-rules-phone.png') });
  await axe(s.page, 'Bell\'s rules page');
  assert.deepEqual(s.errors, []);
  await close(s);
});
