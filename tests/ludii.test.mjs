// The Ludii database's Kharebga and Seega rules on Latrunculi's boards, in the browser: a board
// of another size, two placements a turn, the centre kept empty while placing (and refused with
// the engine's reason), then play on; their rules page draws the centre rule. Positions are the
// engine's (data-position), words are catalogue keys.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, position, says, screenshotPath, axe } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

function lat(params = {}) {
  return `?${new URLSearchParams({ game: 'latrunculi', rules: 'seega-6x7', opponent: 'human', pace: '0', ...params })}`;
}

const piece = (page, square) => page.getAttribute(`[data-square="${square}"]`, 'data-piece');

test('Seega on 6 x 7: two placements a turn, the centre refused while placing, then white moves', async () => {
  const s = await open(browser, lat());
  // Six files and seven ranks.
  assert.equal(await s.page.locator('[data-square]').count(), 42);
  assert.equal(await s.page.locator('[data-square="f7"]').count(), 1);
  assert.equal(await s.page.locator('[data-square="g1"]').count(), 0);
  await says(s.page, 'situation.latrunculi.coach.placeCentre');
  await axe(s.page, 'placing around the empty centre');
  await s.page.screenshot({ path: screenshotPath('seega-placing-phone.png') });
  // Every empty square but the centre takes a counter.
  assert.equal(await s.page.locator('[data-target]').count(), 41);
  assert.equal(await s.page.locator('[data-square="c4"][data-target]').count(), 0);
  await s.page.click('[data-square="c4"]');
  await says(s.page, 'refuse.latrunculi.centre');
  assert.equal(await position(s.page), '6/6/6/6/6/6/6 w 20,20 0,0 0 -,-');
  // White places twice, then black.
  await s.page.click('[data-square="a1"]');
  assert.match(await position(s.page), / w 19,20 /);
  await s.page.click('[data-square="b1"]');
  assert.match(await position(s.page), / b 18,20 /);
  await s.page.click('[data-square="f7"]');
  assert.match(await position(s.page), / b 18,19 /);
  // A reload between black's two placements keeps the game, and black places its second.
  const between = await position(s.page);
  await s.page.reload();
  await s.page.waitForSelector('body.ready [data-square="f7"][data-piece="black"]');
  assert.equal(await position(s.page), between);
  await says(s.page, 'notice.restored');
  await s.page.click('[data-square="c4"]');
  await says(s.page, 'refuse.latrunculi.centre');
  await s.page.click('[data-square="e7"]');
  assert.match(await position(s.page), / w 18,18 /);
  await s.page.click('[data-action="place-rest"]');
  await s.page.waitForFunction(() => / w 0,0 /.test(document.querySelector('[data-position]')?.dataset.position ?? ''));
  // The centre and one other square are all that stay empty; now a counter may go anywhere.
  assert.equal(await piece(s.page, 'c4'), null);
  const empty = await s.page.$$eval('[data-square]:not([data-piece])', (n) => n.map((e) => e.dataset.square));
  assert.equal(empty.length, 2, empty.join(' '));
  assert.ok(empty.includes('c4'));
  assert.deepEqual(s.errors, []);
  await close(s);
});

test('Kharebga on 11 x 12 plays against the computer, and its rules page draws the centre kept empty', async () => {
  const s = await open(browser, lat({ rules: 'kharebga-11x12', opponent: 'computer', level: 'easy', side: 'white' }));
  assert.equal(await s.page.locator('[data-square]').count(), 132);
  // The heading names the rule set, its family and board.
  assert.equal(await s.page.locator('header h1 .reading').getAttribute('data-rules'), 'kharebga-11x12');
  await s.page.click('[data-square="a1"]');
  // The turn goes on: the status says so, for the second of the two.
  await says(s.page, 'situation.latrunculi.you.placeSecond');
  await s.page.click('[data-square="k12"]');
  await says(s.page, 'event.latrunculi.places');
  // The computer places its two in answer, and the status says both.
  await s.page.waitForFunction(() => / w 63,63 /.test(document.querySelector('[data-position]')?.dataset.position ?? ''));
  await says(s.page, 'event.latrunculi.places');
  await s.page.click('[data-action="rules"]');
  const dialog = s.page.locator('dialog[open]');
  await dialog.locator('figure svg').first().waitFor();
  assert.equal(await dialog.locator('figure svg').count(), 2);
  // 6 x 6 with four counters: 32 empty squares, all but the centre marked.
  assert.equal(await dialog.locator('figure').first().locator('.target').count(), 31);
  await s.page.screenshot({ path: screenshotPath('kharebga-rules-phone.png') });
  assert.deepEqual(s.errors, []);
  await close(s);
});
