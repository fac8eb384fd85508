// The home screen: it reaches each game with the chosen rules and opponent, offers an
// unfinished game first, remembers the last choices, and opens the rules pages; a rules page
// also opens from play. Screenshots of the home screen, the board and each rules page.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, position, says, screenshotPath } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['tablet', { width: 768, height: 1024 }],
  ['desktop', { width: 1280, height: 800 }],
];

const param = (page, name) => new URL(page.url()).searchParams.get(name);

test('the home screen starts XII Scripta against the computer with the chosen level and side', async () => {
  const s = await open(browser, '');
  assert.equal(await s.page.locator('[data-game="scripta"]').count(), 1);
  assert.equal(await s.page.locator('[data-game="latrunculi"]').count(), 1);
  // The previews are pictures of the real board, not controls.
  assert.equal(await s.page.locator('[data-game="scripta"] svg').count(), 1);
  assert.equal(await s.page.locator('[data-mark]').count(), 0);
  await s.page.click('[data-game="scripta"]');
  await s.page.click('[data-opponent="computer"]');
  await s.page.click('[data-level="hard"]');
  await s.page.click('[data-side="nigri"]');
  await s.page.click('[data-action="start"]');
  await s.page.waitForSelector('[data-mark="36"]');
  assert.equal(param(s.page, 'game'), 'scripta');
  assert.equal(await s.page.getAttribute('body', 'data-opponent'), 'computer');
  assert.equal(await s.page.getAttribute('body', 'data-level'), 'hard');
  assert.equal(await s.page.getAttribute('[data-tray="nigri"]', 'data-player'), 'you');
  await close(s);
});

test('two players here, and the last choices are remembered', async () => {
  const s = await open(browser, '');
  await s.page.click('[data-game="scripta"]');
  await s.page.click('[data-opponent="human"]');
  await s.page.click('[data-action="start"]');
  await s.page.waitForSelector('[data-mark="1"]');
  assert.equal(await s.page.getAttribute('body', 'data-opponent'), 'human');
  assert.equal(await position(s.page), 'A w15s0o0: w15s0o0:');
  await s.page.click('[data-action="home"]');
  await s.page.waitForSelector('[data-action="start"]');
  assert.equal(await s.page.getAttribute('.choice[data-opponent="human"]', 'aria-pressed'), 'true');
  assert.equal(await s.page.getAttribute('.choice[data-game="scripta"]', 'aria-pressed'), 'true');
  // The unfinished game is offered first.
  assert.equal(await s.page.locator('[data-action="resume"][data-game="scripta"]').count(), 1);
  await close(s);
});

test('the home screen offers Latrunculi with its rule sets and the five switches of your own rules', async () => {
  const s = await open(browser, '');
  await s.page.click('[data-game="latrunculi"]');
  for (const rules of ['piso', 'quintana', 'custom']) {
    assert.equal(await s.page.locator(`[data-rules="${rules}"]`).count(), 1, rules);
  }
  await s.page.click('[data-rules="custom"]');
  const options = await s.page.$$eval('select[data-option]', (nodes) => nodes.map((n) => n.dataset.option));
  assert.deepEqual(options, ['start', 'move', 'corner', 'noback', 'win']);
  await close(s);
});

test('Resume restores an unfinished game from the home screen', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=21');
  await s.page.click('[data-action="throw"]');
  await s.page.click('[data-tray="albi"]');
  await s.page.click('[data-target]');
  const before = await position(s.page);
  await s.page.click('[data-action="home"]');
  await s.page.waitForSelector('[data-action="resume"][data-game="scripta"]');
  await s.page.click('[data-action="resume"]');
  await s.page.waitForSelector('[data-mark="1"]');
  assert.equal(await position(s.page), before);
  await says(s.page, 'notice.restored');
  // The browser's back button returns home, and forward to the game.
  await s.page.goBack();
  await s.page.waitForSelector('[data-action="resume"]');
  await close(s);
});

test('an unknown game is the home screen with a notice', async () => {
  const s = await open(browser, '?game=chess');
  await s.page.waitForSelector('[data-action="start"]');
  assert.match(await s.page.getAttribute('[role="status"]', 'data-say'), /notice\.unknownGame/);
  await close(s);
});

test('rules pages open from the home screen and from play', async () => {
  const s = await open(browser, '');
  await s.page.click('[data-game="scripta"]');
  await s.page.click('[data-action="rules"]');
  await s.page.waitForSelector('[data-rules-page="scripta"]');
  assert.equal(param(s.page, 'page'), 'rules');
  // The rules' four diagrams; the inscribed boards have figures of their own (faces.test.mjs).
  assert.equal(await s.page.locator('.rules-page figure:not([data-face-figure]) svg').count(), 4);
  await s.page.click('[data-action="play"]');
  await s.page.waitForSelector('[data-mark="1"]');
  await s.page.click('[data-action="rules"]');
  await s.page.waitForSelector('dialog#rules[open] .rules-page');
  assert.equal(await s.page.locator('dialog#rules .rules-page figure:not([data-face-figure])').count(), 4);
  // The diagrams are pictures: the board's contract stays on the one board in play.
  assert.equal(await s.page.locator('[data-position]').count(), 1);
  assert.equal(await s.page.locator('[data-mark]').count(), 36);
  await close(s);
});

test('screenshots: home, the XII Scripta board and each rules page at three sizes', async () => {
  for (const [name, viewport] of SIZES) {
    const s = await open(browser, '', { viewport, scale: 1 });
    await s.page.screenshot({ path: screenshotPath(`home-${name}.png`), fullPage: true });
    await s.page.goto(new URL('?game=scripta&opponent=human&seed=3', s.page.url()).href);
    await s.page.waitForSelector('[data-mark="1"]');
    await s.page.click('[data-action="throw"]');
    await s.page.screenshot({ path: screenshotPath(`scripta-${name}.png`), fullPage: true });
    for (const [game, rules] of [['scripta', 'austin-murray'], ['latrunculi', 'piso'], ['latrunculi', 'quintana'], ['latrunculi', 'start=rows,move=step,corner=on,noback=off,win=all']]) {
      await s.page.goto(new URL(`?page=rules&game=${game}&rules=${encodeURIComponent(rules)}`, s.page.url()).href);
      await s.page.waitForSelector(`[data-rules-page="${game}"]`);
      const label = rules.includes('=') ? 'custom' : rules;
      await s.page.screenshot({ path: screenshotPath(`rules-${game}-${label}-${name}.png`), fullPage: true });
    }
    await close(s);
  }
});
