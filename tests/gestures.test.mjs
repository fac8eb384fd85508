// The tap and drag gestures of the seed: enter from the tray, move mark to mark, drag.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, at, position, tray, selectable, targets, says } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('before the throw nothing is selectable and data-position has no dice', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=3');
  assert.equal(await position(s.page), 'A w15s0o0: w15s0o0:');
  assert.deepEqual(await selectable(s.page), []);
  assert.equal(await s.page.locator('[data-die]').count(), 0);
  await says(s.page, 'situation.toThrow');
  await s.page.click('[data-mark="3"]');
  await says(s.page, 'refuse.not-thrown');
  await s.page.click('[data-action="throw"]');
  assert.match(await position(s.page), /^A w15s0o0: w15s0o0: [1-6]{3}$/);
  assert.equal(await s.page.locator('[data-die][data-state="unused"]').count(), 3);
  assert.deepEqual(await selectable(s.page), ['tray:albi']);
  await close(s);
});

test('tap a waiting counter in the tray, then the mark to enter on', async () => {
  const s = await open(browser, at('A w15s0o0: w15s0o0: 235'));
  assert.deepEqual(await selectable(s.page), ['tray:albi']);
  await s.page.click('[data-tray="albi"]');
  assert.deepEqual((await targets(s.page)).sort(), [2, 3, 5]);
  await s.page.click('[data-mark="3"]');
  assert.equal(await position(s.page), 'A w14s0o0:3 w15s0o0: 25');
  assert.deepEqual(await tray(s.page, 'albi'), { waiting: 14, sentHome: 0, borneOff: 0 });
  assert.deepEqual(await targets(s.page), []);
  await says(s.page, 'played.enter');
  await close(s);
});

test('tapping a mark with nothing selected never enters a counter', async () => {
  const s = await open(browser, at('A w15s0o0: w15s0o0: 235'));
  await s.page.click('[data-mark="2"]');
  assert.equal(await position(s.page), 'A w15s0o0: w15s0o0: 235');
  await says(s.page, 'refuse.enter-from-tray');
  await close(s);
});

test('tap a mark holding your counter, then its destination', async () => {
  const s = await open(browser, at('A w13s0o0:1,5 w15s0o0: 23'));
  assert.deepEqual((await selectable(s.page)).sort(), [1, 5, 'tray:albi'].sort());
  await s.page.click('[data-mark="5"]');
  assert.deepEqual((await targets(s.page)).sort(), [7, 8]);
  // A second tap on the selected mark lets it go; another source can be chosen instead.
  await s.page.click('[data-mark="5"]');
  assert.deepEqual(await targets(s.page), []);
  await s.page.click('[data-mark="5"]');
  await s.page.click('[data-mark="12"]');
  assert.equal(await position(s.page), 'A w13s0o0:1,5 w15s0o0: 23');
  await says(s.page, 'refuse.not-a-die');
  await s.page.click('[data-mark="8"]');
  assert.equal(await position(s.page), 'A w13s0o0:1,8 w15s0o0: 2');
  await close(s);
});

test('dragging a counter to its destination moves it', async () => {
  const s = await open(browser, at('A w13s0o0:1,5 w15s0o0: 23'), { motion: true });
  const from = await s.page.locator('[data-mark="5"]').boundingBox();
  const to = await s.page.locator('[data-mark="8"]').boundingBox();
  await s.page.mouse.move(from.x + from.width / 2, from.y + from.height * 0.7);
  await s.page.mouse.down();
  await s.page.mouse.move(from.x + from.width, from.y + from.height / 2, { steps: 4 });
  assert.deepEqual((await targets(s.page)).sort(), [7, 8]);
  await s.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await s.page.mouse.up();
  assert.equal(await position(s.page), 'A w13s0o0:1,8 w15s0o0: 2');
  // Dragging from the tray enters.
  const trayBox = await s.page.locator('[data-tray="albi"]').boundingBox();
  const two = await s.page.locator('[data-mark="2"]').boundingBox();
  await s.page.mouse.move(trayBox.x + 30, trayBox.y + trayBox.height / 2);
  await s.page.mouse.down();
  await s.page.mouse.move(two.x + two.width / 2, two.y + two.height / 2, { steps: 10 });
  await s.page.mouse.up();
  assert.equal(await position(s.page), 'A w12s0o0:1,2,8 w15s0o0:');
  await close(s);
});
