// Latrunculi in the browser: placing by tap and "place the rest", custodial and corner
// captures, refusals with the engine's reason, rook moves, the end of a game, your own rules
// from the home screen, a whole game against the computer, undo, reload, a page that answers
// while the strongest player thinks, the computer's reply at a pace to follow with its move and
// captures marked, Show again, face to face on a tablet, and screenshots at three sizes.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, position, says, screenshotPath, visit } from './helpers.mjs';
import { createI18n } from '../www/js/i18n/index.js';

const { t } = createI18n('en');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The query for a Latrunculi link (pass and play unless told otherwise). */
function lat(params = {}) {
  return `?${new URLSearchParams({ game: 'latrunculi', opponent: 'human', pace: '0', ...params })}`;
}

const squares = (page, selector) => page.$$eval(selector, (nodes) => nodes.map((n) => n.dataset.square).sort());
const piece = (page, square) => page.getAttribute(`[data-square="${square}"]`, 'data-piece');

// Under Piso's rules, white to move: d2-c2 traps the black counter on c3 against c4.
const CUSTODIAL = 'B4B/5B/2W3/2B3/3W2/6 w 0,0 0,0 0 -,-';
// c1-b1 takes the black counter in the corner a1 against a2.
const CORNER = '4B1/5B/6/6/W5/B1W3 w 0,0 0,0 0 -,-';
// The same capture leaves black one counter: the game ends.
const LAST = 'B5/6/2W3/2B3/3W2/6 w 0,0 0,0 0 -,-';

test('placing by tap: every empty square is a target, a taken one is refused', async () => {
  const s = await open(browser, lat());
  assert.equal(await s.page.locator('[data-target]').count(), 64);
  // A newcomer's first placement is explained, after whose turn it is (two at one device).
  await says(s.page, 'situation.latrunculi.coach.place');
  await says(s.page, 'situation.latrunculi.place');
  await s.page.click('[data-square="d4"]');
  assert.equal(await piece(s.page, 'd4'), 'white');
  await says(s.page, 'event.latrunculi.place');
  assert.equal(await s.page.getAttribute('body', 'data-turn'), 'black');
  await s.page.click('[data-square="d4"]');
  await says(s.page, 'refuse.latrunculi.occupied');
  await s.page.click('[data-square="e5"]');
  assert.equal(await piece(s.page, 'e5'), 'black');
  assert.equal(await s.page.locator('[data-target]').count(), 62);
  assert.equal(await s.page.locator('[data-camp="white"]').getAttribute('data-to-place'), '19');
  await close(s);
});

test('place the rest for me fills the board and moving begins', async () => {
  const s = await open(browser, lat({ seed: '7' }));
  // Piso's rules, the first preset, go unnamed beside the game's name; another is named.
  assert.equal(await s.page.locator('header h1 .reading').count(), 0);
  await s.page.click('[data-action="place-rest"]');
  assert.equal(await s.page.locator('[data-piece="white"]').count(), 20);
  assert.equal(await s.page.locator('[data-piece="black"]').count(), 20);
  await says(s.page, 'event.latrunculi.placeRest');
  // The first move is explained too; then the status just says whose move it is.
  await says(s.page, 'situation.latrunculi.coach.move');
  await says(s.page, 'situation.latrunculi.move');
  assert.equal(await s.page.getAttribute('body', 'data-phase'), 'move');
  assert.ok(await s.page.locator('[data-action="place-rest"]').isHidden());
  assert.ok(await s.page.locator('[data-selectable]').count() > 0);
  for (const sq of await squares(s.page, '[data-selectable]')) assert.equal(await piece(s.page, sq), 'white');
  // One Undo takes back every counter that one tap placed.
  await s.page.click('[data-action="undo"]');
  await says(s.page, 'event.latrunculi.undoPlaceRest');
  assert.equal(await s.page.locator('[data-piece="white"], [data-piece="black"]').count(), 0);
  assert.equal(await s.page.getAttribute('body', 'data-phase'), 'place');
  assert.ok(await s.page.locator('[data-action="place-rest"]').isVisible());
  await close(s);
});

test('playing black against the computer, which moves at once once all are placed, one Undo takes back its move and the placing', async () => {
  const s = await open(browser, lat({ seed: '7', opponent: 'computer', level: 'easy', side: 'black' }));
  await s.page.waitForSelector('body:not([data-thinking])[data-turn="black"]');
  await s.page.click('[data-action="place-rest"]');
  await s.page.waitForSelector('body[data-phase="move"]:not([data-thinking])[data-turn="black"]');
  await s.page.waitForSelector('[data-action="undo"]:not([disabled])');
  await s.page.click('[data-action="undo"]');
  await says(s.page, 'event.latrunculi.undoPlaceRest');
  assert.equal(await s.page.getAttribute('body', 'data-phase'), 'place');
  assert.equal(await s.page.getAttribute('body', 'data-turn'), 'black');
  assert.equal(await s.page.locator('[data-piece="white"]').count(), 1, 'the computer\'s first placement stays');
  assert.equal(await s.page.locator('[data-piece="black"]').count(), 0);
  await close(s);
});

test('playing white against the computer, Undo after a move and its reply takes back those two, not the placing', async () => {
  const s = await open(browser, lat({ seed: '7', opponent: 'computer', level: 'easy', side: 'white' }));
  await s.page.click('[data-action="place-rest"]');
  await s.page.waitForSelector('body[data-phase="move"][data-turn="white"]');
  const placed = await position(s.page);
  const from = (await squares(s.page, '[data-selectable]'))[0];
  await s.page.click(`[data-square="${from}"]`);
  await s.page.click(`[data-square="${(await squares(s.page, '[data-target]'))[0]}"]`);
  await s.page.waitForFunction((at) => document.body.dataset.turn === 'white' && !document.body.hasAttribute('data-thinking')
    && document.querySelector('[data-position]').dataset.position !== at, placed);
  await s.page.waitForSelector('[data-action="undo"]:not([disabled])');
  await s.page.click('[data-action="undo"]');
  await says(s.page, 'event.latrunculi.undo');
  assert.equal(await position(s.page), placed);
  assert.equal(await s.page.getAttribute('body', 'data-phase'), 'move');
  await close(s);
});

test('after Place the rest and a move, Undo takes back the move alone', async () => {
  const s = await open(browser, lat({ seed: '7' }));
  await s.page.click('[data-square="d4"]');
  await s.page.click('[data-action="place-rest"]');
  await says(s.page, 'event.latrunculi.placeRest');
  const from = (await squares(s.page, '[data-selectable]'))[0];
  await s.page.click(`[data-square="${from}"]`);
  const to = (await squares(s.page, '[data-target]'))[0];
  await s.page.click(`[data-square="${to}"]`);
  await s.page.click('[data-action="undo"]');
  await says(s.page, 'event.latrunculi.undo');
  assert.equal(await piece(s.page, from), 'white');
  assert.equal(await s.page.locator('[data-piece="white"], [data-piece="black"]').count(), 40);
  await close(s);
});

test('a custodial capture takes the trapped counter to white\'s row; the hint shows a move', async () => {
  const s = await open(browser, lat({ rules: 'piso', position: CUSTODIAL }));
  assert.equal(await position(s.page), CUSTODIAL);
  await s.page.click('[data-action="hint"]');
  await s.page.waitForSelector('[data-hint]');
  await says(s.page, 'event.latrunculi.hint');
  await s.page.click('[data-square="d2"]');
  assert.deepEqual(await squares(s.page, '[data-target]'), ['c2', 'd1', 'd3', 'e2']);
  await s.page.click('[data-square="c2"]');
  assert.equal(await piece(s.page, 'c3'), null);
  assert.equal(await piece(s.page, 'c2'), 'white');
  await says(s.page, 'event.latrunculi.captured');
  assert.equal(await s.page.getAttribute('[data-camp="white"]', 'data-captured'), '1');
  assert.equal(await s.page.locator('[data-camp="white"] .lat-disc-black').count(), 1);
  await close(s);
});

test('dragging a counter plays it; the taken counter flies to the row', async () => {
  const s = await open(browser, lat({ rules: 'piso', position: CUSTODIAL }), { motion: true });
  const centre = async (square) => {
    const box = await s.page.locator(`[data-square="${square}"]`).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const from = await centre('d2');
  const to = await centre('c2');
  await s.page.mouse.move(from.x, from.y);
  await s.page.mouse.down();
  await s.page.mouse.move((from.x + to.x) / 2, from.y, { steps: 4 });
  await s.page.mouse.move(to.x, to.y, { steps: 4 });
  await s.page.mouse.up();
  assert.equal(await piece(s.page, 'c2'), 'white');
  assert.equal(await piece(s.page, 'c3'), null);
  await says(s.page, 'event.latrunculi.captured');
  await close(s);
});

test('a corner capture under Piso', async () => {
  const s = await open(browser, lat({ rules: 'piso', position: CORNER }));
  await s.page.click('[data-square="c1"]');
  await s.page.click('[data-square="b1"]');
  assert.equal(await piece(s.page, 'a1'), null);
  await says(s.page, 'event.latrunculi.captured');
  assert.equal(await s.page.getAttribute('[data-camp="white"]', 'data-captured'), '1');
  await close(s);
});

test('the straight-back move is refused with its reason', async () => {
  const s = await open(browser, lat({ rules: 'piso', position: 'B6B/8/8/8/8/8/3W4/W7 w 0,0 0,0 0 d3-d2,-' }));
  await s.page.click('[data-square="d2"]');
  assert.deepEqual(await squares(s.page, '[data-target]'), ['c2', 'd1', 'e2']);
  await s.page.click('[data-square="d3"]');
  await says(s.page, 'refuse.latrunculi.straight-back');
  // The pick stays; tapping it again lets it go; a black counter is not ours.
  await s.page.click('[data-square="d2"]');
  assert.equal(await s.page.locator('[data-target]').count(), 0);
  await s.page.click('[data-square="a8"]');
  await says(s.page, 'refuse.latrunculi.not-yours');
  await close(s);
});

test('under Quintana a counter moves like a rook to every square along its lines', async () => {
  const s = await open(browser, lat({ rules: 'quintana', position: 'B6B/8/8/8/3W4/8/8/W7 w 0,0 0,0 0 -,-' }));
  await s.page.click('[data-square="d4"]');
  assert.deepEqual(await squares(s.page, '[data-target]'),
    ['a4', 'b4', 'c4', 'd1', 'd2', 'd3', 'd5', 'd6', 'd7', 'd8', 'e4', 'f4', 'g4', 'h4']);
  await s.page.click('[data-square="d8"]');
  assert.equal(await piece(s.page, 'd8'), 'white');
  await close(s);
});

test('a game ends, names the winner and why, and Play again starts the next', async () => {
  const s = await open(browser, lat({ rules: 'piso', position: LAST }));
  await s.page.click('[data-square="d2"]');
  await s.page.click('[data-square="c2"]');
  await s.page.waitForSelector('[data-winner="white"]');
  assert.equal(await s.page.getAttribute('[data-winner]', 'data-reason'), 'down-to-one');
  await says(s.page, 'situation.latrunculi.won');
  assert.equal(await s.page.locator('[data-selectable]').count(), 0);
  await s.page.click('[data-action="again"]');
  assert.equal(await s.page.locator('[data-winner]').count(), 0);
  assert.equal(await position(s.page), '8/8/8/8/8/8/8/8 w 20,20 0,0 0 -,-');
  await says(s.page, 'notice.newGame');
  await close(s);
});

test('the game-over panel steps aside for the final board, and comes back with the game', async () => {
  const s = await open(browser, lat({ rules: 'piso', position: LAST }));
  await s.page.click('[data-square="d2"]');
  await s.page.click('[data-square="c2"]');
  await s.page.waitForSelector('#game-over:not([hidden])');
  await s.page.click('#game-over [data-action="see-board"]');
  assert.ok(await s.page.locator('#game-over').isHidden());
  assert.equal(await piece(s.page, 'c2'), 'white');
  // The board takes taps again: the header's buttons work.
  await s.page.click('[data-action="records"]');
  await s.page.waitForSelector('#record-menu[open]');
  await s.page.keyboard.press('Escape');
  // A reload finds the game over and says so again; Escape sets the panel aside too.
  await s.page.reload();
  await s.page.waitForSelector('#game-over:not([hidden])');
  await s.page.keyboard.press('Escape');
  assert.ok(await s.page.locator('#game-over').isHidden());
  await close(s);
});

test('your own rules from the home screen', async () => {
  const s = await open(browser, '');
  await s.page.click('[data-game="latrunculi"]');
  await s.page.click('[data-rules="custom"]');
  for (const [option, value] of [['start', 'rows'], ['move', 'rook'], ['corner', 'off'], ['noback', 'off'], ['win', 'captures']]) {
    await s.page.selectOption(`select[data-option="${option}"]`, value);
  }
  await s.page.click('[data-opponent="human"]');
  await s.page.click('[data-action="start"]');
  await s.page.waitForSelector('[data-position]');
  assert.equal(await position(s.page), 'BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w 0,0 0,0 0 -,-');
  const url = new URL(s.page.url());
  assert.equal(url.searchParams.get('rules'), 'start=rows,move=rook,corner=off,noback=off,win=captures');
  // Rook moves: the counter on a2 may not jump its own row, a file's worth is open above.
  await s.page.click('[data-square="a2"]');
  assert.deepEqual(await squares(s.page, '[data-target]'), ['a3', 'a4', 'a5', 'a6']);
  await close(s);
});

test('unknown link values fall back and the status line says so', async () => {
  const s = await open(browser, '?game=latrunculi&rules=chess&opponent=computer&level=legatus&side=red&pace=0');
  await says(s.page, 'notice.unknownRules');
  await says(s.page, 'notice.unknownLevel');
  await says(s.page, 'notice.unknownSide');
  assert.equal(await s.page.getAttribute('body', 'data-level'), 'medium');
  await close(s);
});

test('a whole game against the computer at phone size', async () => {
  // Six by six, three counters each, rook moves and a clock near its end: it finishes quickly.
  const s = await open(browser, lat({
    opponent: 'computer', level: 'tiro', seed: '3',
    rules: 'start=rows,move=rook,corner=on,noback=off,win=captures',
    position: 'BBB3/6/6/6/6/WWW3 w 0,0 0,0 70 -,-',
  }));
  for (let i = 0; i < 400; i++) {
    if (await s.page.locator('[data-winner]').count()) break;
    const played = await s.page.evaluate(() => {
      const source = document.querySelector('[data-selectable]');
      if (!source) return false;
      const tap = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      tap(source);
      tap(document.querySelector('[data-target]'));
      return true;
    });
    if (!played) await s.page.waitForTimeout(30);
  }
  const winner = await s.page.getAttribute('[data-winner]', 'data-winner');
  assert.ok(['white', 'black', 'draw'].includes(winner), `no end: ${await position(s.page)}`);
  assert.ok(await s.page.getAttribute('[data-winner]', 'data-reason'));
  assert.equal(await s.page.locator('body[data-thinking]').count(), 0);
  await close(s);
});

test('undo takes back one placement in pass and play, and the computer\'s reply with yours', async () => {
  const s = await open(browser, lat());
  await s.page.click('[data-square="d4"]');
  await s.page.click('[data-square="e5"]');
  await s.page.click('[data-action="undo"]');
  assert.equal(await piece(s.page, 'e5'), null);
  assert.equal(await piece(s.page, 'd4'), 'white');
  await says(s.page, 'event.latrunculi.undo');
  assert.equal(await s.page.getAttribute('body', 'data-turn'), 'black');
  await close(s);

  const c = await open(browser, lat({ opponent: 'computer', level: 'tiro', seed: '2' }));
  await c.page.click('[data-square="d4"]');
  await c.page.waitForFunction(() => document.querySelectorAll('[data-piece]').length === 2
    && document.querySelectorAll('[data-target]').length === 62);
  await c.page.click('[data-action="undo"]');
  assert.equal(await c.page.locator('[data-piece]').count(), 0);
  assert.equal(await position(c.page), '8/8/8/8/8/8/8/8 w 20,20 0,0 0 -,-');
  assert.equal(await c.page.locator('[data-target]').count(), 64);
  await close(c);
});

test('a reload in the middle of a game restores it', async () => {
  const s = await open(browser, lat({ rules: 'quintana' }));
  await s.page.click('[data-square="c2"]');
  await s.page.click('[data-square="c5"]');
  await s.page.click('[data-square="f7"]');
  await s.page.click('[data-square="f4"]');
  const before = await position(s.page);
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  assert.equal(await position(s.page), before);
  await says(s.page, 'notice.restored');
  await close(s);
});

test('the page answers a tap at once while Centurio thinks', async (t) => {
  const s = await open(browser, lat({ rules: 'quintana', opponent: 'computer', level: 'hard', side: 'black', pace: '1500' }));
  await s.page.waitForSelector('body[data-thinking]');
  const took = await s.page.evaluate(async () => {
    const t0 = performance.now();
    document.querySelector('[data-square="d7"]').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const said = document.querySelector('[role="status"]').dataset.say;
    return { ms: performance.now() - t0, said, thinking: document.body.hasAttribute('data-thinking') };
  });
  // Answered in the next frame, while the computer still thinks in its worker: the thinking
  // never holds the page up. The time is a figure, not a verdict (a loaded machine's frames
  // are slow whoever thinks).
  t.diagnostic(`tap answered in ${took.ms.toFixed(1)} ms`);
  assert.ok(took.said.includes('refuse.computer-turn'), took.said);
  assert.equal(took.thinking, true);
  assert.equal(await s.page.locator('[data-selectable]').count(), 0);
  await s.page.waitForSelector('body:not([data-thinking])[data-turn="black"]');
  assert.ok(await s.page.locator('[data-selectable]').count() > 0);
  await close(s);
});

// White to move; black's d3-c3 then takes the white counter on c4 against c5.
const REPLY = 'W5/2B3/2W3/3B2/6/5W w 0,0 0,0 0 -,-';

/** What the board shows, sampled every few ms until `done(sample)` or 10 s have passed. */
function watch(page, done) {
  return page.evaluate(async (test) => {
    const stop = new Function('sample', `return (${test})(sample)`);
    const samples = [];
    const board = () => document.querySelector('[data-position]');
    for (let i = 0; i < 1000; i++) {
      const sample = {
        position: board().dataset.position,
        thinking: document.body.hasAttribute('data-thinking'),
        picked: document.querySelector('.selected[data-square]')?.dataset.square ?? null,
        said: document.querySelector('#status').dataset.say,
        last: [...document.querySelectorAll('[data-last]')].map((n) => `${n.dataset.last}:${n.dataset.square}`).sort(),
        captured: [...document.querySelectorAll('[data-taken]')].map((n) => n.dataset.square),
        pieces: Object.fromEntries([...document.querySelectorAll('[data-piece]')].map((n) => [n.dataset.square, n.dataset.piece])),
        showing: board().hasAttribute('data-showing'),
      };
      if (!samples.length || JSON.stringify(sample) !== JSON.stringify(samples.at(-1).sample)) samples.push({ sample, seen: 0 });
      samples.at(-1).seen++;
      if (stop(sample)) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return samples;
  }, done.toString());
}

test('the computer\'s reply can be followed: it thinks, picks up its counter, moves; the move and its capture stay marked', async () => {
  const s = await open(browser, lat({ opponent: 'computer', level: 'hard', seed: '1', rules: 'piso', position: REPLY, pace: '400' }));
  // Nothing to show again before any move.
  assert.ok(await s.page.locator('[data-action="replay"]').isDisabled());
  await s.page.click('[data-square="f1"]');
  await s.page.click('[data-square="f2"]');
  const handedOver = await position(s.page);
  // Your own move is marked at once: from, to, nothing taken.
  assert.deepEqual((await watch(s.page, () => true))[0].sample.last, ['from:f1', 'to:f2']);
  const seen = await watch(s.page, (now) => now.pieces.c4 === undefined && !now.thinking);
  const replied = seen.findIndex(({ sample }) => sample.position !== handedOver);
  assert.ok(replied > 0, 'the reply came with the move');
  const before = seen.slice(0, replied);
  // Polled every 10 ms: the handed-over board stood for a good while, thinking, then with the
  // computer's counter picked up, before it moved.
  assert.ok(before.reduce((n, { seen: k }) => n + k, 0) >= 20, JSON.stringify(before));
  assert.ok(before.some(({ sample }) => sample.thinking));
  assert.ok(before.some(({ sample }) => sample.picked === 'd3' && sample.said.split(' ').includes('situation.playing')),
    `never picked up: ${JSON.stringify(before)}`);
  const after = seen.at(-1).sample;
  assert.deepEqual(after.last, ['from:d3', 'to:c3']);
  assert.deepEqual(after.captured, ['c4']);
  assert.equal(after.pieces.c3, 'black');
  assert.equal(after.pieces.d3, undefined);
  // The status says what it did and what it took: the player's own counter.
  await says(s.page, 'event.latrunculi.move');
  await says(s.page, 'event.latrunculi.capturedYours');
  assert.ok((await s.page.getAttribute('[data-square="c4"]', 'aria-label')).includes(t('a11y.latrunculi.last.captured')));

  // Show again: the board before the reply, the taken counter back, then the move once more.
  const replied_at = await position(s.page);
  const replay = s.page.locator('[data-action="replay"]');
  assert.ok(await replay.isEnabled());
  await replay.click();
  const shown = await watch(s.page, (now) => !now.showing && now.pieces.c3 === 'black');
  const back = shown.find(({ sample }) => sample.showing);
  assert.ok(back, 'show again drew nothing');
  assert.equal(back.sample.pieces.d3, 'black');
  assert.equal(back.sample.pieces.c3, undefined);
  assert.equal(back.sample.pieces.c4, 'white');
  assert.deepEqual(back.sample.last, ['from:d3', 'to:c3']);
  assert.ok(shown.every(({ sample }) => sample.position === replied_at), 'show again changed the game');
  const end = shown.at(-1).sample;
  assert.equal(end.pieces.c4, undefined);
  assert.deepEqual(end.captured, ['c4']);
  assert.ok(await replay.isEnabled());

  // Undo takes back the reply and your move; nothing is left to mark or show.
  await s.page.click('[data-action="undo"]');
  assert.equal(await position(s.page), REPLY);
  assert.equal(await s.page.locator('[data-last], [data-taken]').count(), 0);
  assert.ok(await replay.isDisabled());
  await close(s);
});

test('a reload during the computer\'s pause lets it finish, and its move is still marked', async () => {
  const s = await open(browser, lat({ opponent: 'computer', level: 'hard', seed: '1', rules: 'piso', position: REPLY, pace: '1500' }));
  await s.page.click('[data-square="f1"]');
  await s.page.click('[data-square="f2"]');
  const handedOver = await position(s.page);
  await s.page.waitForSelector('body[data-thinking]');
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  assert.equal(await position(s.page), handedOver);
  await s.page.waitForSelector('body:not([data-thinking])[data-turn="white"]', { timeout: 10000 });
  assert.equal(await piece(s.page, 'c3'), 'black');
  assert.equal(await piece(s.page, 'c4'), null);
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  // Restored: the engine says again what the last move was and took.
  assert.equal(await s.page.getAttribute('[data-square="d3"]', 'data-last'), 'from');
  assert.equal(await s.page.getAttribute('[data-square="c3"]', 'data-last'), 'to');
  assert.deepEqual(await squares(s.page, '[data-taken]'), ['c4']);
  await close(s);
});

test('show again in pass and play replays the last move; a tap on the board ends it', async () => {
  const s = await open(browser, lat({ rules: 'piso', position: CUSTODIAL }));
  await s.page.click('[data-square="d2"]');
  await s.page.click('[data-square="c2"]');
  assert.equal(await s.page.getAttribute('[data-square="d2"]', 'data-last'), 'from');
  assert.equal(await s.page.getAttribute('[data-square="c2"]', 'data-last'), 'to');
  assert.deepEqual(await squares(s.page, '[data-taken]'), ['c3']);
  await s.page.click('[data-square="c2"]');
  await says(s.page, 'refuse.latrunculi.not-yours');
  await s.page.click('[data-action="replay"]');
  await s.page.waitForSelector('[data-showing]');
  // The status says the move again.
  await says(s.page, 'event.latrunculi.captured');
  assert.equal(await piece(s.page, 'c3'), 'black');
  assert.equal(await piece(s.page, 'd2'), 'white');
  assert.equal(await s.page.locator('[data-selectable], [data-target]').count(), 0);
  assert.ok(await s.page.locator('[data-action="replay"]').isDisabled());
  await s.page.click('[data-square="a1"]');
  assert.equal(await s.page.locator('[data-showing]').count(), 0);
  assert.equal(await piece(s.page, 'c3'), null);
  assert.ok(await s.page.locator('[data-selectable]').count() > 0);
  // The next move takes the marks over.
  await s.page.click('[data-square="f5"]');
  await s.page.click('[data-square="f4"]');
  assert.equal(await s.page.getAttribute('[data-square="f4"]', 'data-last'), 'to');
  assert.equal(await s.page.locator('[data-taken]').count(), 0);
  await close(s);
});

/** Every box in `boxes` lies inside the viewport. */
function inside(boxes, viewport, what) {
  for (const [name, box] of Object.entries(boxes)) {
    assert.ok(box, `${what}: ${name} is not shown`);
    assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5,
      `${what}: ${name} ${JSON.stringify(box)} is off the ${viewport.width}x${viewport.height} screen`);
  }
}

for (const [name, viewport] of [['portrait', { width: 768, height: 1024 }], ['landscape', { width: 1024, height: 768 }]]) {
  test(`face to face on a ${name} tablet: each player's camp and controls face them, all on screen`, async () => {
    // In Russian, whose words run longest: the status box shows the last move and the coaching whole.
    const s = await open(browser, lat({ rules: 'piso', seed: '4', lang: 'ru' }), { viewport });
    const { page } = s;
    const face = page.locator('[data-action="face"]');
    assert.equal(await face.getAttribute('aria-pressed'), 'false');
    await face.click();
    assert.equal(await face.getAttribute('aria-pressed'), 'true');
    const rotated = (selector) => page.$eval(selector, (el) => getComputedStyle(el).transform !== 'none');
    const check = async (what) => {
      const boxes = { board: await page.locator('#board').boundingBox(), status: await page.locator('#status').boundingBox() };
      for (const side of ['white', 'black']) boxes[`${side} camp`] = await page.locator(`[data-camp="${side}"]`).boundingBox();
      for (const b of await page.locator('.controls button:visible').all()) boxes[await b.getAttribute('data-action')] = await b.boundingBox();
      inside(boxes, viewport, what);
      const status = await page.$eval('#status', (el) => ({ scroll: el.scrollHeight, client: el.clientHeight, text: el.textContent }));
      assert.ok(status.scroll <= status.client, `${what}: the status is cut (${status.scroll} > ${status.client}): ${status.text}`);
      const heights = await page.evaluate(() => ({ scroll: document.scrollingElement.scrollHeight, inner: innerHeight }));
      assert.ok(heights.scroll <= heights.inner, `${what}: the page scrolls (${heights.scroll} > ${heights.inner})`);
      return boxes;
    };
    const white = await check('placing, white to move');
    assert.ok(white.undo.y > white.board.y + white.board.height / 2, 'white\'s controls are on white\'s half');
    assert.ok(await rotated('.tray-zone-nigri'));
    assert.ok(!(await rotated('.controls')));
    await page.click('[data-square="d4"]');
    const black = await check('placing, black to move');
    assert.ok(black.undo.y + black.undo.height < black.board.y + black.board.height / 2, 'black\'s controls are on black\'s half');
    assert.ok(await rotated('.controls'));
    assert.ok(await rotated('#status'));
    assert.deepEqual(black.board, white.board, 'the board moved');
    await page.screenshot({ path: screenshotPath(`latrunculi-face-${name}-black.png`) });
    await page.click('[data-action="place-rest"]');
    await page.click('[data-selectable]');
    await page.click('[data-target]');
    await check('moving');
    // Remembered on the device; never offered against the computer.
    await page.reload();
    await page.waitForSelector('body.ready');
    assert.equal(await face.getAttribute('aria-pressed'), 'true');
    await page.goto(new URL(lat({ opponent: 'computer', level: 'easy' }), page.url()).href);
    await page.waitForSelector('body.ready');
    assert.ok(await face.isHidden());
    assert.equal(await page.locator('[data-facing]').count(), 0);
    await close(s);
  });
}

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['tablet', { width: 768, height: 1024 }],
  ['desktop', { width: 1280, height: 800 }],
]) {
  test(`${name} screenshots: placement, mid-game, game over`, async () => {
    const s = await open(browser, lat({ seed: '4' }), { viewport });
    for (const sq of ['d4', 'e5', 'c3', 'f6']) await s.page.click(`[data-square="${sq}"]`);
    await s.page.screenshot({ path: screenshotPath(`latrunculi-${name}-placement.png`) });
    await close(s);
    const m = await open(browser, lat({ rules: 'piso', position: '8/2B1B3/1BW2W2/3WB3/2W1BW2/1W3W2/4B3/8 w 0,0 2,1 86 -,-' }), { viewport });
    await m.page.click('[data-square="d5"]');
    // 86 quiet moves played: the clock shows the 14 left before the fifty-move end.
    assert.ok(await m.page.locator('.clock').isVisible());
    assert.equal(await m.page.getAttribute('.clock', 'data-clock'), '14');
    await m.page.screenshot({ path: screenshotPath(`latrunculi-${name}-midgame.png`) });
    await close(m);
    const o = await open(browser, lat({ rules: 'piso', position: LAST }), { viewport });
    await o.page.click('[data-square="d2"]');
    await o.page.click('[data-square="c2"]');
    await o.page.waitForSelector('[data-winner]');
    await o.page.screenshot({ path: screenshotPath(`latrunculi-${name}-over.png`) });
    await close(o);
  });
}

test('Centurio in the page: the longest move of the opening and the middle game under every preset (printed)', async () => {
  const s = await open(browser, '?game=latrunculi');
  // The page's own engine and budget (the controller's 300 ms), two Centurios playing on.
  const measured = await s.page.evaluate(async () => {
    const { default: init, LatrunculiGame, LatrunculiPlayer } = await import('./pkg/latrunculi.js');
    await init({ module_or_path: new URL('./pkg/latrunculi_bg.wasm', document.baseURI) });
    const out = {};
    for (const rules of ['piso', 'quintana', 'schadler-1994', 'schadler-2001', 'seneca', 'falkener', 'kowalski-10x11', 'kowalski-8x12', 'bell-8x7', 'bell-8x8']) {
      const players = [new LatrunculiPlayer('hard', '7'), new LatrunculiPlayer('hard', '8')];
      const times = { opening: [], middle: [] };
      let refused = null;
      // A game may end early (the time budget makes each run its own game): then another, until
      // twenty middle-game moves are measured.
      for (let seed = 1; seed <= 4 && times.middle.length < 20 && !refused; seed += 1) {
        const game = new LatrunculiGame(rules, undefined, String(seed));
        let moved = 0;
        for (let ply = 0; ply < 120; ply += 1) {
          const snap = game.snapshot();
          if (snap.result) break;
          // The opening: the placements and the first twenty moves; then the middle game.
          const phase = snap.phase === 'place' || moved < 20 ? 'opening' : 'middle';
          const started = performance.now();
          const chosen = players[ply % 2].choose(game.save(), 300);
          times[phase].push(performance.now() - started);
          try {
            game.play(chosen.move);
          } catch (error) {
            refused = `${chosen.move}: ${error.message}`;
            break;
          }
          if (snap.phase === 'move') moved += 1;
        }
        game.free();
      }
      const longest = (list) => (list.length ? Math.max(...list) : null);
      out[rules] = { opening: longest(times.opening), middle: longest(times.middle), moves: times.opening.length + times.middle.length, middleMoves: times.middle.length, refused };
    }
    return out;
  });
  for (const [rules, m] of Object.entries(measured)) {
    console.log(`Centurio in the page under ${rules}: longest move ${m.opening.toFixed(0)} ms in the opening, ${m.middle.toFixed(0)} ms in the middle game (${m.moves} moves)`);
    assert.equal(m.refused, null, rules);
    assert.ok(m.middleMoves >= 20, `${rules}: ${JSON.stringify(m)}`);
  }
  await close(s);
});

test('a rules page draws only the captures its rules have: the corner under Piso, not Quintana', async () => {
  const s = await open(browser);
  const captions = () => s.page.$$eval('figure.diagram', (figures) => figures.map((f) => f.dataset.say));
  for (const [rules, corner] of [['piso', true], ['quintana', false], ['start%3Drows%2Cmove%3Drook%2Ccorner%3Doff%2Cnoback%3Don%2Cwin%3Dall', false]]) {
    await visit(s.page, `?page=rules&game=latrunculi&rules=${rules}`);
    await s.page.waitForSelector('main[data-rules-page="latrunculi"]');
    const shown = await captions();
    assert.ok(shown.includes('diagram.latrunculi.custodial'), rules);
    assert.equal(shown.includes('diagram.latrunculi.corner'), corner, rules);
    // Nor does the capture's diagram mark corners that take nothing.
    const crosses = await s.page.locator('figure[data-say="diagram.latrunculi.custodial"] .corner-cross').count();
    assert.equal(crosses > 0, corner, `${rules}: corner marks`);
  }
  await close(s);
});
