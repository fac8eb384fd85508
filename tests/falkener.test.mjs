// Falkener's reading in the browser: thirty counters each on a1's colour of a 12 x 12 board,
// steps and traps along the diagonals too, a single hop over an enemy, the engine's reasons for
// a refused tap, the computer's answer and the rules page's diagrams. Positions are the
// engine's (data-position), words are catalogue keys.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, position, says, screenshotPath, axe } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

function lat(params = {}) {
  return `?${new URLSearchParams({ game: 'latrunculi', rules: 'falkener', opponent: 'human', pace: '0', ...params })}`;
}

const piece = (page, square) => page.getAttribute(`[data-square="${square}"]`, 'data-piece');
const targets = (page) => page.$$eval('[data-target]', (n) => n.map((e) => e.dataset.square).sort());

test('Falkener: thirty each on one colour, a step in eight directions, the engine\'s refusals', async () => {
  const s = await open(browser, lat());
  assert.equal(await s.page.locator('[data-square]').count(), 144);
  assert.equal(await s.page.locator('[data-piece="white"]').count(), 30);
  assert.equal(await s.page.locator('[data-piece="black"]').count(), 30);
  assert.equal(await piece(s.page, 'a1'), 'white');
  assert.equal(await piece(s.page, 'b1'), null);
  assert.equal(await piece(s.page, 'l12'), 'black');
  await axe(s.page, 'Falkener at the start');
  // e5 steps sideways and up along its rank and file, and up along both diagonals.
  await s.page.click('[data-square="e5"]');
  assert.deepEqual(await targets(s.page), ['d5', 'd6', 'e4', 'e6', 'f5', 'f6']);
  const start = await position(s.page);
  await s.page.click('[data-square="f7"]');
  await says(s.page, 'refuse.latrunculi.not-in-line-or-diagonal');
  // A refusal keeps the counter picked.
  await s.page.click('[data-square="g7"]');
  await says(s.page, 'refuse.latrunculi.one-step');
  assert.equal(await position(s.page), start);
  await s.page.click('[data-square="f6"]');
  assert.equal(await piece(s.page, 'f6'), 'white');
  assert.match(await position(s.page), / b /);
  // A reload keeps the game under Falkener's rules, and black plays on along a diagonal.
  const played = await position(s.page);
  await s.page.reload();
  await s.page.waitForSelector('body.ready [data-square="f6"][data-piece="white"]');
  assert.equal(await position(s.page), played);
  assert.equal(await s.page.locator('[data-square]').count(), 144);
  await s.page.click('[data-square="h8"]');
  await s.page.click('[data-square="g7"]');
  assert.equal(await piece(s.page, 'g7'), 'black');
  await s.page.screenshot({ path: screenshotPath('falkener-phone.png') });
  assert.deepEqual(s.errors, []);
  await close(s);
});

test('Falkener: a hop over an enemy ends the turn, takes nothing itself, and traps where it lands', async () => {
  // White's d2 hops black's d3 to d4, which traps black's d5 against white's d6.
  const s = await open(browser, lat({ position: '8/8/3W4/3B4/8/3B4/3W4/7B w 0,0 0,0 0 -,-' }));
  await s.page.click('[data-square="d2"]');
  assert.ok((await targets(s.page)).includes('d4'));
  await s.page.click('[data-square="d4"]');
  assert.equal(await piece(s.page, 'd4'), 'white');
  assert.equal(await piece(s.page, 'd3'), 'black', 'the counter hopped over stays');
  assert.equal(await piece(s.page, 'd5'), null, 'the counter trapped on landing is taken');
  assert.equal(await position(s.page), '8/8/3W4/8/3W4/3B4/8/7B b 0,0 1,0 0 d2-d4,-');
  assert.deepEqual(s.errors, []);
  await close(s);
});

test('Falkener against the computer: it answers, and the rules page draws a diagonal trap and a hop', async () => {
  const s = await open(browser, lat({ opponent: 'computer', level: 'easy', side: 'white' }));
  await s.page.click('[data-square="c5"]');
  await s.page.click('[data-square="d6"]');
  await s.page.waitForFunction(() => / w /.test(document.querySelector('[data-position]')?.dataset.position ?? ''));
  assert.equal(await s.page.locator('[data-piece="black"]').count(), 30);
  await s.page.click('[data-action="rules"]');
  const dialog = s.page.locator('dialog[open]');
  await dialog.locator('figure svg').first().waitFor();
  assert.equal(await dialog.locator('figure svg').count(), 2);
  // Each diagram marks the one counter its move takes (c3 on the diagonal, d5 after the hop).
  assert.equal(await dialog.locator('figure').nth(0).locator('.doomed').count(), 1);
  assert.equal(await dialog.locator('figure').nth(1).locator('.doomed').count(), 1);
  await s.page.screenshot({ path: screenshotPath('falkener-rules-phone.png') });
  assert.deepEqual(s.errors, []);
  await close(s);
});
