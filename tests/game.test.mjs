// A complete seeded game played through the page, tap by tap, to its winner; then the game
// survives a reload, and corrupt saved data is set aside with a message.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, position, tray, says, newGameVs } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/**
 * Plays on through the DOM contract only: throw when allowed, else tap the first selectable
 * source and its first target, else confirm. Runs inside the page so it is fast; checks
 * that every step changes data-position. Stops at the winner or after `limit` actions.
 */
function autoplay(page, limit) {
  return page.evaluate((limit) => {
    const q = (s) => document.querySelector(s);
    const tap = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    let steps = 0;
    let throws = 0;
    for (let i = 0; i < limit && !q('[data-winner]'); i++) {
      const throwButton = q('[data-action="throw"]');
      if (!throwButton.disabled) {
        tap(throwButton);
        throws++;
        continue;
      }
      const source = q('[data-selectable]');
      if (source) {
        tap(source);
        const before = q('[data-position]').dataset.position;
        const target = q('[data-target]');
        if (!target) throw new Error(`a selectable source without targets in ${before}`);
        tap(target);
        if (q('[data-position]').dataset.position === before) {
          throw new Error(`a target tap did not play in ${before}`);
        }
        steps++;
        continue;
      }
      const confirm = q('[data-action="confirm"]');
      if (confirm.disabled) throw new Error(`stuck in ${q('[data-position]').dataset.position}`);
      tap(confirm);
    }
    return { steps, throws, winner: q('[data-winner]')?.dataset.winner ?? null };
  }, limit);
}

test('a complete seeded game played through the page reaches its winner', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=2024');
  const first = await autoplay(s.page, 100000);
  assert.ok(first.winner === 'albi' || first.winner === 'nigri', JSON.stringify(first));
  assert.ok(first.steps > 100, `only ${first.steps} steps`);
  const won = await tray(s.page, first.winner);
  assert.equal(won.borneOff, 15);
  const turns = Number(await s.page.getAttribute('[data-winner]', 'data-turns'));
  assert.equal(turns, first.throws);
  await says(s.page, 'situation.won');

  // The same seed plays the same game again.
  const again = await open(browser, '?game=scripta&opponent=human&seed=2024');
  const second = await autoplay(again.page, 100000);
  assert.deepEqual(second, first);
  assert.equal(await position(again.page), await position(s.page));
  await close(again);
  await close(s);
});

test('a reload restores the game; corrupt saved data is set aside with a message', async () => {
  const s = await open(browser, '?game=scripta&seed=11');
  await autoplay(s.page, 40);
  const before = await position(s.page);
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  assert.equal(await position(s.page), before);
  await says(s.page, 'notice.restored');

  await s.page.evaluate(() => {
    const key = 'ludi-romani.scripta.austin-murray';
    const data = JSON.parse(localStorage.getItem(key));
    data.saved.turns[0].steps = ['in/9'];
    localStorage.setItem(key, JSON.stringify(data));
  });
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  await says(s.page, 'notice.corrupt');
  assert.equal(await position(s.page), 'A w15s0o0: w15s0o0:');

  await s.page.evaluate(() => localStorage.setItem('ludi-romani.scripta.austin-murray', '{not json'));
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  await says(s.page, 'notice.corrupt');
  await close(s);
});

test('a save of the wrong shape is set aside; one with the opening throws restores', async () => {
  // Under the Italian rules the higher opening throw starts, and the save keeps those throws.
  const s = await open(browser, '?game=scripta&rules=italian&opponent=human&seed=4');
  await autoplay(s.page, 12);
  const key = 'ludi-romani.scripta.italian';
  const good = await s.page.evaluate((key) => localStorage.getItem(key), key);
  assert.ok(JSON.parse(good).saved.opening.length > 0, 'the save keeps the opening throws');
  const before = await position(s.page);
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  await says(s.page, 'notice.restored');
  assert.equal(await position(s.page), before);
  const broken = [
    (saved) => { saved.turns = 'in/4'; },
    (saved) => { saved.thrown = 'yes'; },
    (saved) => { saved.opening = [['423']]; },
    (saved) => { saved.turns = [{ throw: 423, steps: [] }]; },
    (saved) => { saved.steps = [4]; },
    (saved) => { delete saved.thrown; },
    (saved) => { saved.turns = ['423']; },
  ];
  for (const [i, breakIt] of broken.entries()) {
    const data = JSON.parse(good);
    breakIt(data.saved);
    const text = JSON.stringify(data);
    await s.page.evaluate(([key, text]) => localStorage.setItem(key, text), [key, text]);
    await s.page.reload();
    await s.page.waitForSelector('body.ready');
    await says(s.page, 'notice.corrupt');
    assert.notEqual(await position(s.page), before, `shape ${i}`);
    // Set aside, not lost: a newer page or a person can still read it.
    const aside = await s.page.evaluate(() => Object.keys(localStorage)
      .filter((name) => name.startsWith('ludi-romani.scripta.broken')).map((name) => localStorage.getItem(name)));
    assert.ok(aside.includes(text), `shape ${i} is kept aside`);
  }
  await close(s);
});

test('bad links start a new game with a clear message', async () => {
  const s = await open(browser, '?game=scripta&position=A%20nonsense&seed=x1');
  await says(s.page, 'notice.badSeed');
  await says(s.page, 'notice.badPosition');
  assert.equal(await position(s.page), 'A w15s0o0: w15s0o0:');
  await close(s);
});

test('New game starts over from the empty board, Albi opening', async () => {
  const s = await open(browser, '?game=scripta&seed=4');
  await s.page.click('[data-action="throw"]');
  await s.page.click('[data-action="new"]');
  await s.page.click('#new-game button[value="start"]');
  // The dialog's close event, which starts the new game, comes a task after the click.
  await s.page.waitForFunction(() =>
    /notice\.newGame\b/.test(document.querySelector('[role="status"]').dataset.say));
  assert.equal(await position(s.page), 'A w15s0o0: w15s0o0:');
  await says(s.page, 'notice.newGame');
  // Said once, by the situation after the notice.
  await says(s.page, 'situation.toThrow');
  assert.equal(await s.page.getAttribute('body', 'data-turn'), 'albi');
  await close(s);
});

test('after New game the address names its opponent, and a reload restores that game', async () => {
  const s = await open(browser, '?game=scripta&seed=8&pace=0');
  await newGameVs(s.page, 'easy', 'albi');
  await says(s.page, 'notice.newGameVs');
  const address = new URL(s.page.url()).searchParams;
  assert.deepEqual(['opponent', 'level', 'side', 'seed'].map((name) => address.get(name)), ['computer', 'easy', 'albi', '8']);
  await s.page.click('[data-action="throw"]');
  await says(s.page, 'situation.you.toPlay');
  const before = await position(s.page);
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  await says(s.page, 'notice.restored');
  assert.equal(await position(s.page), before);
  assert.equal(await s.page.getAttribute('body', 'data-level'), 'easy');
  await close(s);
});
