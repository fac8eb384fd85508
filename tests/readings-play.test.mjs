// Playing XII Scripta's other readings on the page (issue 11): the home screen offers every
// preset and rules of one's own; a seeded game of each preset is played to its end through the
// board; and one rule of each reading is seen at work on screen: a summed move chosen among
// the moves to one cell, a stack moving together, three alike throwing again, the Russian hit
// going back to the middle row and moving first, an exact-only bear-off refused.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, position, says, screenshotPath, visit } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const PRESETS = ['italian', 'italian-6', 'italian-columns', 'russian'];

/** A pass-and-play game of `rules` from `xsn` (with its dice), or from the start with `seed`. */
function game(rules, { xsn, seed } = {}) {
  const params = new URLSearchParams({ game: 'scripta', opponent: 'human', rules, lang: 'en' });
  if (xsn) params.set('position', xsn);
  if (seed !== undefined) params.set('seed', String(seed));
  return `?${params}`;
}

/** The engine's snapshot of `xsn`, read with the page's own wasm. */
const snapshotOf = (page, xsn) => page.evaluate(async (text) => {
  const wasm = await import(new URL('pkg/scripta.js', document.baseURI).href);
  await wasm.default({ module_or_path: new URL('pkg/scripta_bg.wasm', document.baseURI) });
  const g = wasm.ScriptaGame.fromPosition(text, '1');
  try {
    return g.snapshot();
  } finally {
    g.free();
  }
}, xsn);

const tap = (page, selector) => page.locator(selector).first().click();
const mark = (n, owner) => (owner ? `[data-mark="${n}"][data-owner="${owner}"]` : `[data-mark="${n}"]:not([data-owner])`);

/**
 * Plays on through the page's own controls, in the page (a click each, no round trip): throw,
 * pick the first counter that may move (every third time one more of a stack, tapping it
 * again), land it on its first target (the first dice, where several lead there), confirm.
 * Stops at the end of the game, after `limit` actions, or with `untilThrow` when the dice
 * wait to be thrown again; returns what it saw.
 */
const playOut = (page, limit, untilThrow = false) => page.evaluate(([max, once]) => {
  const $ = (selector) => document.querySelector(selector);
  const click = (node) => node.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  const enabled = (action) => $(`[data-action="${action}"]:not([disabled]):not([hidden])`);
  const seen = { actions: 0, throws: 0, choices: 0, summed: 0, stacks: 0, picks: 0 };
  for (; seen.actions < max; seen.actions++) {
    if (!$('#game-over').hidden) return { ...seen, winner: $('#game-over').dataset.winner };
    const choice = $('#move-choice:not([hidden]) [data-action="choose"]');
    if (choice) {
      seen.choices++;
      if (/\(/.test(choice.dataset.step)) seen.summed++;
      choice.click();
    } else if (enabled('throw')) {
      if (once) return seen;
      seen.throws++;
      enabled('throw').click();
    } else if ($('.selected[data-more]') && seen.actions % 3 === 0) {
      seen.picks++;
      click($('.selected[data-more]'));
    } else if ($('[data-target]')) {
      const picked = $('.selected[data-picked]')?.dataset.picked;
      if (picked > 1) seen.stacks++;
      click($('[data-target]'));
    } else if ($('[data-selectable]')) {
      click($('[data-selectable]'));
    } else if (enabled('confirm')) {
      enabled('confirm').click();
    } else {
      return { ...seen, stuck: document.querySelector('#board').dataset.position };
    }
  }
  return seen;
}, [limit, untilThrow]);

test('the home screen offers every reading and rules of one\'s own, each drawn and played', async () => {
  const s = await open(browser, '?lang=en');
  await s.page.click('[data-game="scripta"]');
  const offered = await s.page.$$eval('.choices-rules [data-rules]', (bs) => bs.map((b) => b.dataset.rules));
  assert.deepEqual(offered, ['austin-murray', ...PRESETS, 'custom']);
  // The picture follows the reading: the split track's own cells appear with the Italian rules.
  await s.page.click('[data-rules="italian"]');
  await s.page.waitForSelector('.choices-game [data-game="scripta"] .preview [data-owner="albi"]');
  await s.page.click('[data-rules="custom"]');
  const options = await s.page.$$eval('select[data-option]', (ss) => ss.map((x) => x.dataset.option));
  const engineOptions = await s.page.evaluate(async () => {
    const wasm = await import(new URL('pkg/scripta.js', document.baseURI).href);
    await wasm.default({ module_or_path: new URL('pkg/scripta_bg.wasm', document.baseURI) });
    return wasm.scriptaRules().options.map((o) => ({ key: o.key, values: o.values, default: o.default }));
  });
  // The page offers exactly the engine's options, its default first.
  assert.deepEqual(options, engineOptions.map((o) => o.key));
  for (const o of engineOptions) {
    const values = await s.page.$$eval(`select[data-option="${o.key}"] option`, (os) => os.map((x) => x.value));
    assert.deepEqual([...values].sort(), [...o.values].sort(), o.key);
    assert.equal(values[0], o.default, o.key);
  }
  await s.page.selectOption('select[data-option="counters"]', '6');
  await s.page.selectOption('select[data-option="dice"]', '2');
  await s.page.selectOption('select[data-option="track"]', 'split');
  await s.page.click('[data-opponent="human"]');
  await s.page.screenshot({ path: screenshotPath('home-own-rules.png'), fullPage: true });
  await s.page.click('[data-action="start"]');
  await s.page.waitForSelector('main[data-rules] #board[data-position]');
  const rules = await s.page.getAttribute('main[data-rules]', 'data-rules');
  assert.match(rules, /counters=6/);
  assert.match(rules, /dice=2/);
  assert.equal(await s.page.locator('#board [data-owner="nigri"]').count(), 6);
  // Two dice a throw.
  await s.page.click('[data-action="throw"]');
  assert.equal(await s.page.locator('#dice .die:not(.blank)').count(), 2);
  await s.page.screenshot({ path: screenshotPath('game-own-rules.png') });
  // The rules dialog sets out these rules, not Austin & Murray's.
  await s.page.click('[data-action="rules"]');
  await s.page.waitForSelector('dialog#rules[open] [data-reading="custom"]');
  await close(s);
});

for (const [i, rules] of PRESETS.entries()) {
  test(`a seeded game under ${rules} is played through the board to its end`, async () => {
    const s = await open(browser, game(rules, { seed: 11 + i }));
    await s.page.waitForSelector(`main[data-rules="${rules}"] #board[data-position]`);
    let seen = await playOut(s.page, 200);
    await s.page.screenshot({ path: screenshotPath(`play-${rules}.png`) });
    seen = await playOut(s.page, 20000);
    assert.equal(seen.stuck, undefined, `stuck at ${seen.stuck}`);
    // Stacks moved together, their counters picked on the board.
    assert.ok(seen.stacks > 0, JSON.stringify(seen));
    assert.ok(seen.winner === 'albi' || seen.winner === 'nigri', JSON.stringify(seen));
    // The engine agrees: every counter of the winner is borne off.
    const snap = await snapshotOf(s.page, await position(s.page));
    assert.equal(snap.winner, seen.winner);
    const counters = (await s.page.evaluate(async (r) => {
      const wasm = await import(new URL('pkg/scripta.js', document.baseURI).href);
      await wasm.default({ module_or_path: new URL('pkg/scripta_bg.wasm', document.baseURI) });
      return wasm.scriptaGeometry(r).counters;
    }, rules));
    assert.equal(snap[seen.winner].borneOff, counters);
    // Reloading keeps the finished game.
    await s.page.reload();
    await s.page.waitForSelector('#game-over:not([hidden])');
    assert.equal(await s.page.getAttribute('#game-over', 'data-winner'), seen.winner);
    // Its record replays turn by turn on the reading's own board, without the network's
    // opinion, which knows Austin & Murray's rules only.
    const final = await position(s.page);
    await s.page.click('#game-over [data-action="record-replay"]');
    await s.page.waitForSelector('main#replay[data-position]');
    assert.ok(await s.page.locator('#replay [data-owner="albi"]').count() > 0);
    assert.equal(await s.page.locator('.replay-opinion').count(), 0);
    const turns = await s.page.locator('.replay-turns [data-turn]').count();
    assert.ok(turns > 20, `${turns} turns`);
    await s.page.click('[data-action="replay-last"]');
    assert.equal(await s.page.getAttribute('main#replay', 'data-position'), final);
    await close(s);
  });
}

test('italian: the dice added are one of the ways to a cell, chosen on screen', async () => {
  // Albi's last counter on 8 with 6, 4 and 2: the 6 alone and 4 + 2 added both reach 14.
  const xsn = 'italian A w0s0o14:8 w15s0o0: 642';
  const s = await open(browser, game('italian', { xsn }));
  await tap(s.page, mark(8));
  await tap(s.page, mark(14));
  await s.page.waitForSelector('#move-choice:not([hidden])');
  const ways = await s.page.$$eval('#move-choice [data-action="choose"]', (bs) => bs.map((b) => b.dataset.step));
  assert.ok(ways.includes('8/14') && ways.includes('8/14(4+2)'), ways.join(' '));
  await s.page.screenshot({ path: screenshotPath('choice-italian.png') });
  await s.page.click('#move-choice [data-step="8/14(4+2)"]');
  await s.page.waitForSelector('#move-choice', { state: 'hidden' });
  // One counter jumped to 14 and the 6 is left to play.
  const snap = await snapshotOf(s.page, await position(s.page));
  assert.deepEqual(snap.marks, [{ mark: 14, side: 'albi', count: 1 }]);
  assert.deepEqual(snap.dice.filter((d) => d.state === 'unused').map((d) => d.value), [6]);
  await says(s.page, 'event.step');
  await close(s);
});

test('italian: the opening throw is said, with the side it made the opener to move; New game says its own', async () => {
  const s = await open(browser, game('italian', { seed: 1 }));
  await says(s.page, 'notice.opening');
  const opening = await s.page.evaluate(async () => {
    const wasm = await import(new URL('pkg/scripta.js', document.baseURI).href);
    await wasm.default({ module_or_path: new URL('pkg/scripta_bg.wasm', document.baseURI) });
    const g = new wasm.ScriptaGame('1', undefined, 'italian');
    try {
      return { pairs: g.save().opening, turn: g.snapshot().turn };
    } finally {
      g.free();
    }
  });
  const [albi, nigri] = opening.pairs.at(-1).map((dice) => [...dice].reduce((sum, d) => sum + Number(d), 0));
  assert.equal(opening.turn, albi > nigri ? 'albi' : 'nigri');
  // The throws are said as thrown, each with its total.
  const status = await s.page.locator('[role="status"][data-say]').textContent();
  assert.ok(status.includes(`${[...opening.pairs.at(-1)[0]].join('-')} (${albi})`), status);
  assert.ok(status.includes(`${[...opening.pairs.at(-1)[1]].join('-')} (${nigri})`), status);
  assert.equal(await s.page.getAttribute('main[data-turn]', 'data-turn'), opening.turn);
  // Said until the game begins.
  await s.page.click('[data-action="throw"]');
  await s.page.waitForFunction(() => !document.querySelector('[role="status"]').dataset.say.includes('notice.opening'));
  await s.page.click('[data-action="new"]');
  await s.page.click('#new-game button[value="start"]');
  await says(s.page, 'notice.opening');
  await close(s);
});

test('the command line\'s example bears off from a mark of the board played', async () => {
  for (const [rules, last] of [['italian', 30], ['austin-murray', 36]]) {
    const s = await open(browser, game(rules, { seed: 1 }));
    const example = await s.page.locator('#command-about').textContent();
    const off = Number(example.match(/(\d+)\/off/)?.[1]);
    assert.equal(off, last - 3, example);
    assert.ok(await s.page.locator(`[data-mark="${off}"]`).count() > 0);
    await close(s);
  }
});

test('italian: three alike throw again', async () => {
  const s = await open(browser, game('italian', { xsn: 'italian A w15s0o0: w15s0o0: 555' }));
  assert.equal(await s.page.getAttribute('main[data-turn]', 'data-turn'), 'albi');
  const seen = await playOut(s.page, 100, true);
  assert.equal(seen.actions, 7, 'three entries and the confirm');
  // The three fives are played and confirmed: Albi throws again.
  await s.page.waitForSelector('[data-action="throw"]:not([disabled])');
  assert.equal(await s.page.getAttribute('main[data-turn]', 'data-turn'), 'albi');
  const snap = await snapshotOf(s.page, await position(s.page));
  assert.equal(snap.turn, 'albi');
  assert.equal(snap.albi.waiting, 12);
  await close(s);
});

test('italian-columns: a stack moves together, its count picked on the stack', async () => {
  const xsn = 'italian-columns A w0s0o13:8x2 w15s0o0: 531';
  const s = await open(browser, game('italian-columns', { xsn }));
  await tap(s.page, mark(8));
  assert.equal(await s.page.getAttribute(mark(8), 'data-picked'), '1');
  await tap(s.page, mark(8));
  assert.equal(await s.page.getAttribute(mark(8), 'data-picked'), '2');
  // One way takes both to 13, the 5: no question asked.
  await tap(s.page, mark(13));
  assert.equal(await s.page.locator('#move-choice:not([hidden])').count(), 0);
  const snap = await snapshotOf(s.page, await position(s.page));
  assert.deepEqual(snap.marks, [{ mark: 13, side: 'albi', count: 2 }]);
  await close(s);
});

test('italian-6: bearing off needs the exact number', async () => {
  // Albi's last counter on 27 with 2 and 1: off needs a 4, so tapping the exit is refused.
  const s = await open(browser, game('italian-6', { xsn: 'italian-6 A w0s0o5:27 w6s0o0: 21' }));
  await tap(s.page, mark(27));
  await s.page.locator('[data-off="albi"]').click();
  await says(s.page, 'refuse.bear-off-exact');
  assert.equal(await position(s.page), 'italian-6 A w0s0o5:27 w6s0o0: 21');
  await close(s);
});

test('russian: a hit counter goes back to its owner\'s middle row', async () => {
  // Albi on 10 hits Nigri's lone counter on 12 with a 2.
  const xsn = 'russian A w0s0o10:10x2 w0s0o11:12 231';
  const s = await open(browser, game('russian', { xsn }));
  await tap(s.page, mark(10));
  await tap(s.page, mark(12));
  if (await s.page.locator('#move-choice:not([hidden])').count()) await s.page.click('#move-choice [data-step="10/12*"]');
  await s.page.waitForSelector(`${mark(1, 'nigri')} .counter-nigri`);
  const snap = await snapshotOf(s.page, await position(s.page));
  assert.ok(snap.marks.some((m) => m.side === 'nigri' && m.mark === 1), JSON.stringify(snap.marks));
  assert.equal(snap.nigri.sentHome, 0);
  assert.equal(snap.nigri.mustMove, 1);
  // No tray keeps a pile of counters sent home: none ever is under these rules.
  assert.equal(await s.page.locator('[data-tray] .pile-sent-home').count(), 0);
  assert.equal(await s.page.locator('header h1 .reading').getAttribute('data-rules'), 'russian');
  await says(s.page, 'played.moveHitMiddle');
  await s.page.screenshot({ path: screenshotPath('hit-russian.png') });
  await close(s);
});

test('russian: the hit counter makes its side\'s first move', async () => {
  // Nigri's counter hit back to its own cell 1 must move before the one on 20.
  const xsn = 'russian N w0s0o10:10x2 w0s0o10:1!,20 123';
  const s = await open(browser, game('russian', { xsn }));
  await says(s.page, 'situation.mustMoveHit');
  await tap(s.page, mark(20));
  await says(s.page, 'refuse.must-move-hit');
  await tap(s.page, mark(1, 'nigri'));
  await tap(s.page, mark(2, 'nigri'));
  if (await s.page.locator('#move-choice:not([hidden])').count()) await s.page.click('#move-choice [data-step="1/2"]');
  await s.page.waitForFunction(() => !document.querySelector('[data-position]').dataset.position.includes('!'));
  assert.equal((await snapshotOf(s.page, await position(s.page))).nigri.mustMove, 0);
  await close(s);
});

/**
 * Plays the human's side against the computer through the board until the game ends, waiting
 * while the computer plays; stops early when the status line reports a failure.
 */
const playAgainstComputer = (page, limit) => page.evaluate(async (max) => {
  const $ = (selector) => document.querySelector(selector);
  const click = (node) => node.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  const enabled = (action) => $(`[data-action="${action}"]:not([disabled]):not([hidden])`);
  const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
  const said = new Set();
  for (let i = 0; i < max; i++) {
    for (const key of ($('[role="status"]').dataset.say ?? '').split(' ')) said.add(key);
    if (said.has('notice.computerFailed')) return { failed: $('[role="status"]').textContent, said: [...said] };
    if (!$('#game-over').hidden) return { winner: $('#game-over').dataset.winner, said: [...said] };
    const choice = $('#move-choice:not([hidden]) [data-action="choose"]');
    if (choice) choice.click();
    else if (enabled('throw')) enabled('throw').click();
    else if ($('[data-target]')) click($('[data-target]'));
    else if ($('[data-selectable]')) click($('[data-selectable]'));
    else if (enabled('confirm')) enabled('confirm').click();
    else await pause();
  }
  return { unfinished: $('#board').dataset.position, said: [...said] };
}, limit);

for (const rules of ['italian', 'italian-6', 'italian-columns']) {
  test(`${rules}: the computer throws again after three alike, and plays on without failing`, async () => {
    // The computer (Nigri) opens with all dice alike, so it plays, confirms and throws again at
    // once: the extra throw must start exactly one computer turn, never a second beside it.
    const [counters, dice] = rules === 'italian-6' ? [6, '44'] : [15, '444'];
    const s = await open(browser, '');
    for (const seed of [1, 2, 3]) {
      const params = new URLSearchParams({
        game: 'scripta', rules, opponent: 'computer', level: 'miles', side: 'albi', pace: '0',
        seed: String(seed), lang: 'en', position: `${rules} N w${counters}s0o0: w${counters}s0o0: ${dice}`,
      });
      await visit(s.page, `?${params}`);
      const seen = await playAgainstComputer(s.page, 200000);
      assert.equal(seen.failed, undefined, `seed ${seed}: ${seen.failed}`);
      assert.ok(seen.winner, `seed ${seed}: unfinished at ${seen.unfinished}`);
      assert.deepEqual(s.errors, []);
    }
    await close(s);
  });
}
