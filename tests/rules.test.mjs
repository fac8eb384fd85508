// The rules as the page shows them: blocks, hits, the obligation of a counter sent home,
// bearing off, undo and forfeits.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, open, close, at, position, tray, selectable, targets, dice, says } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a block refuses the landing and says so', async () => {
  const xsn = 'A w13s0o0:1,5 w13s0o0:7x2 23';
  const s = await open(browser, at(xsn));
  await s.page.click('[data-mark="5"]');
  assert.deepEqual(await targets(s.page), [8]);
  await s.page.click('[data-mark="7"]');
  assert.equal(await position(s.page), xsn);
  await says(s.page, 'refuse.blocked');
  await close(s);
});

test('landing on a blot sends it home', async () => {
  const s = await open(browser, at('A w14s0o0:5 w14s0o0:7 2'));
  await s.page.click('[data-mark="5"]');
  assert.deepEqual(await targets(s.page), [7]);
  await s.page.click('[data-mark="7"]');
  assert.equal(await position(s.page), 'A w14s0o0:7 w14s1o0:');
  assert.deepEqual(await tray(s.page, 'nigri'), { waiting: 14, sentHome: 1, borneOff: 0 });
  await says(s.page, /played\.(enter|move)Hit/);
  await close(s);
});

test('a counter sent home must come back before anything else moves', async () => {
  const s = await open(browser, at('A w13s1o0:10 w15s0o0: 23'));
  assert.deepEqual(await selectable(s.page), ['tray:albi']);
  await s.page.click('[data-mark="10"]');
  assert.equal(await position(s.page), 'A w13s1o0:10 w15s0o0: 23');
  await says(s.page, /refuse\.must-enter-first|situation\.mustReenter/);
  await s.page.click('[data-tray="albi"]');
  await s.page.click('[data-mark="2"]');
  assert.equal(await position(s.page), 'A w13s0o0:2,10 w15s0o0: 3');
  assert.deepEqual((await selectable(s.page)).sort(), [10, 2, 'tray:albi'].sort());
  await close(s);
});

test('bearing off: the exit beside mark 36, a larger die only from the rearmost mark', async () => {
  const s = await open(browser, at('A w0s0o13:33,35 w15s0o0: 6'));
  assert.deepEqual(await selectable(s.page), [33]);
  await s.page.click('[data-mark="33"]');
  assert.deepEqual(await targets(s.page), ['off:albi']);
  await s.page.click('[data-off="albi"]');
  assert.equal(await position(s.page), 'A w0s0o14:35 w15s0o0:');
  assert.deepEqual(await tray(s.page, 'albi'), { waiting: 0, sentHome: 0, borneOff: 14 });
  await says(s.page, 'played.bearOff');
  await close(s);
});

test('the last counter borne off wins: winner, turns and play again with the other opener', async () => {
  const s = await open(browser, at('N w15s0o0: w0s0o14:36 1', 5));
  await s.page.click('[data-mark="36"]');
  await s.page.click('[data-off="nigri"]');
  const winner = s.page.locator('[data-winner]');
  await winner.waitFor();
  assert.equal(await winner.getAttribute('data-winner'), 'nigri');
  assert.equal(await winner.getAttribute('data-turns'), '1');
  await s.page.click('[data-action="again"]');
  assert.equal(await s.page.locator('[data-winner]').count(), 0);
  assert.equal(await position(s.page), 'A w15s0o0: w15s0o0:');
  await close(s);
});

test('undo takes back steps until the turn is confirmed', async () => {
  const xsn = 'A w15s0o0: w15s0o0: 235';
  const s = await open(browser, at(xsn));
  assert.equal(await s.page.isDisabled('[data-action="undo"]'), true);
  await s.page.click('[data-tray="albi"]');
  await s.page.click('[data-mark="2"]');
  await s.page.click('[data-tray="albi"]');
  await s.page.click('[data-mark="5"]');
  assert.equal(await position(s.page), 'A w13s0o0:2,5 w15s0o0: 3');
  assert.deepEqual(await dice(s.page), [
    { value: 2, state: 'used' }, { value: 3, state: 'unused' }, { value: 5, state: 'used' },
  ]);
  await s.page.click('[data-action="undo"]');
  assert.equal(await position(s.page), 'A w14s0o0:2 w15s0o0: 35');
  await s.page.click('[data-action="undo"]');
  assert.equal(await position(s.page), xsn);
  assert.equal(await s.page.isDisabled('[data-action="undo"]'), true);
  for (const mark of [2, 3, 5]) {
    await s.page.click('[data-tray="albi"]');
    await s.page.click(`[data-mark="${mark}"]`);
  }
  assert.equal(await s.page.isDisabled('[data-action="confirm"]'), false);
  await s.page.click('[data-action="confirm"]');
  assert.equal(await position(s.page), 'N w12s0o0:2,3,5 w15s0o0:');
  assert.equal(await s.page.isDisabled('[data-action="undo"]'), true);
  await close(s);
});

test('a forfeited throw is said in words and confirm passes the turn', async () => {
  const s = await open(browser, at('A w15s0o0: w11s0o0:2x2,3x2 223'));
  assert.deepEqual(await dice(s.page), [
    { value: 2, state: 'forfeited' }, { value: 2, state: 'forfeited' }, { value: 3, state: 'forfeited' },
  ]);
  await says(s.page, 'situation.forfeitAll');
  assert.deepEqual(await selectable(s.page), []);
  await s.page.click('[data-action="confirm"]');
  assert.equal(await position(s.page), 'N w15s0o0: w11s0o0:2x2,3x2');
  await says(s.page, 'event.forfeit');
  await close(s);
});

test('a die no step can use is forfeited once the others are played', async () => {
  const s = await open(browser, at('A w15s0o0: w7s0o0:2x2,6x2,7x2,11x2 245'));
  await s.page.click('[data-tray="albi"]');
  await s.page.click('[data-mark="4"]');
  await s.page.click('[data-tray="albi"]');
  await s.page.click('[data-mark="5"]');
  assert.deepEqual((await dice(s.page)).map((d) => d.state), ['forfeited', 'used', 'used']);
  await says(s.page, 'situation.forfeitSome');
  await close(s);
});
