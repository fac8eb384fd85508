// The computer's turn can be followed: its throw stays in the dice until yours and is said in
// its summary, and Show again plays its turn once more from the position before, step by step.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, position, says } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The first throw of a seeded game, from the engine itself. */
const firstThrow = (page, seed) => page.evaluate(async (s) => {
  const wasm = await import(new URL('pkg/scripta.js', document.baseURI).href);
  await wasm.default({ module_or_path: new URL('pkg/scripta_bg.wasm', document.baseURI) });
  const game = new wasm.ScriptaGame(s);
  try {
    return [...game.throwDice()];
  } finally {
    game.free();
  }
}, String(seed));

const albiOnBoard = (page) => page.locator('#board [data-mark] .counter-albi').count();
const pastDice = (page) => page.$$eval('#dice [data-past-die]', (ds) => ds.map((d) => [Number(d.dataset.value), d.dataset.pastDie]));

test('XII Scripta: the computer\'s throw stays in the dice and in its summary; Show again replays its turn', async () => {
  // The computer (Miles) plays Albi, who opens.
  const s = await open(browser, '?game=scripta&opponent=computer&level=miles&side=nigri&seed=3&pace=0&lang=en');
  await s.page.waitForSelector('[data-action="throw"]:not([disabled])');
  await says(s.page, 'event.played');
  const thrown = await firstThrow(s.page, 3);
  // Its throw, as past dice: the dice to play now (data-die) are none until you throw.
  assert.deepEqual((await pastDice(s.page)).map(([v]) => v), thrown);
  assert.equal(await s.page.locator('#dice [data-die]').count(), 0);
  const status = await s.page.textContent('[role="status"]');
  assert.ok(status.includes(thrown.join('-')), status);

  const live = await position(s.page);
  const after = await albiOnBoard(s.page);
  assert.ok(after > 0);
  await s.page.click('[data-action="replay"]');
  // From the position before its turn: no counter of Albi on the board, every die still to play.
  await s.page.waitForFunction(() => document.querySelectorAll('#board [data-mark] .counter-albi').length === 0);
  assert.deepEqual(await pastDice(s.page), thrown.map((v) => [v, 'unused']));
  assert.equal(await s.page.isDisabled('[data-action="replay"]'), true);
  // Then one step at a time: a die used per step, the trail growing, until the game is back.
  await s.page.waitForFunction(() => document.querySelectorAll('#dice [data-past-die="used"]').length === 1);
  assert.equal(await s.page.locator('#board [data-trail-step]').count(), 1);
  await s.page.waitForFunction(() => !document.querySelector('[data-action="replay"]').disabled, null, { timeout: 10000 });
  assert.equal(await albiOnBoard(s.page), after);
  assert.equal(await position(s.page), live, 'the game itself never moved');
  // Your throw replaces its dice with yours.
  await s.page.click('[data-action="throw"]');
  assert.equal(await s.page.locator('#dice [data-past-die]').count(), 0);
  assert.equal(await s.page.locator('#dice [data-die]').count(), 3);
  assert.deepEqual(s.errors, []);
  await close(s);
});
