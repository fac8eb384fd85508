// Kowalski's readings in the browser: each side's back rank and its dux, a crowned piece that
// moves and traps as a counter and is never taken, on boards of 11 x 10 and 12 x 8; the rules
// page's diagrams. Positions are the engine's (data-position), words are catalogue keys.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, position, screenshotPath, axe } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

function lat(params = {}) {
  return `?${new URLSearchParams({ game: 'latrunculi', rules: 'kowalski-10x11', opponent: 'human', pace: '0', ...params })}`;
}

const targets = (page) => page.$$eval('[data-target]', (n) => n.map((e) => e.dataset.square).sort());

test('Kowalski 10 x 11: the back ranks and their duxes, a dux moves like a rook, and a reload keeps the game', async () => {
  const s = await open(browser, lat());
  assert.equal(await s.page.locator('[data-square]').count(), 110);
  assert.equal(await s.page.locator('[data-square="k1"]').count(), 1);
  assert.equal(await s.page.locator('[data-square="a11"]').count(), 0);
  assert.equal(await s.page.getAttribute('[data-square="f1"]', 'data-piece'), 'white');
  assert.equal(await s.page.locator('[data-square="f1"][data-dux]').count(), 1);
  assert.equal(await s.page.locator('[data-square="f10"][data-dux]').count(), 1);
  assert.equal(await s.page.locator('[data-dux]').count(), 2);
  await axe(s.page, 'Kowalski at the start');
  await s.page.click('[data-square="f1"]');
  assert.deepEqual(await targets(s.page), ['f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'f9']);
  await s.page.click('[data-square="f5"]');
  assert.equal(await s.page.locator('[data-square="f5"][data-dux]').count(), 1);
  const played = await position(s.page);
  assert.equal(played, 'BBBBBYBBBBB/11/11/11/11/5X5/11/11/11/WWWWW1WWWWW b 0,0 0,0 1 f1-f5,-');
  await s.page.reload();
  await s.page.waitForSelector('body.ready [data-square="f5"][data-dux]');
  assert.equal(await position(s.page), played);
  await s.page.screenshot({ path: screenshotPath('kowalski-phone.png') });
  assert.deepEqual(s.errors, []);
  await close(s);
});

test('Kowalski: a dux between two enemies stays, and the rules page draws the dux trapping and safe', async () => {
  const s = await open(browser, lat({ rules: 'kowalski-8x12', position: '7B/8/8/8/3WY3/8/5W2/7X w 0,0 0,0 0 -,-' }));
  await s.page.click('[data-square="f2"]');
  await s.page.click('[data-square="f4"]');
  assert.equal(await s.page.locator('[data-square="e4"][data-dux][data-piece="black"]').count(), 1);
  assert.match(await position(s.page), / b 0,0 0,0 1 /);
  await s.page.click('[data-action="rules"]');
  const dialog = s.page.locator('dialog[open]');
  await dialog.locator('figure svg').first().waitFor();
  assert.equal(await dialog.locator('figure svg').count(), 2);
  // The dux traps a counter (one marked to go); the dux between two enemies is not taken.
  assert.equal(await dialog.locator('figure').nth(0).locator('.doomed').count(), 1);
  assert.equal(await dialog.locator('figure').nth(1).locator('.doomed').count(), 0);
  assert.equal(await dialog.locator('figure').nth(1).locator('.dux-crown').count(), 2);
  await s.page.screenshot({ path: screenshotPath('kowalski-rules-phone.png') });
  assert.deepEqual(s.errors, []);
  await close(s);
});
