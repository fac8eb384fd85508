// The computer-turn protocol (app/computer-turn.js), driven through a real store with a
// game's turn faked: only the hand-over clears computerBusy, a failure leaves it set and
// starts nothing more, and a turn of an older game says nothing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createStore } from '../../www/js/app/store.js';
import { maybeComputer } from '../../www/js/app/computer-turn.js';

const RULES = { sides: ['albi', 'nigri'], over: (s) => Boolean(s.winner), progress: (s) => s.turns };
const VS = { kind: 'computer', level: 'easy', human: 'nigri' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A screen whose game's turn is `turn(c, calls)`; the computer plays albi. */
function screen(turn) {
  const store = createStore({
    snap: { turn: 'albi', winner: null, turns: 0 }, opponent: VS, computerBusy: false,
    thinking: false, epoch: 0, event: null,
  });
  const c = {
    store,
    get: store.get,
    route: { pace: 0 },
    life: { destroyed: false },
    dialogOpen: () => false,
    calls: 0,
    spec: {
      rules: RULES,
      computerIdle: { coming: null },
      // A protocol that starts turns without end is caught after a few, not hung on: the
      // fourth hands the game to two people.
      computerTurn: async (screenC, how) => (++c.calls > 3
        ? store.dispatch({ opponent: { kind: 'human' } })
        : turn(screenC, how, c.calls)),
    },
    changed: (event, extra) => store.dispatch({ event, ...extra }),
  };
  store.subscribe((state) => maybeComputer(c, state));
  return c;
}

test('a failing turn leaves the computer busy, says so once and starts no other', async () => {
  const c = screen(() => { throw new Error('the worker died'); });
  maybeComputer(c, c.get());
  await settle();
  await settle();
  assert.equal(c.calls, 1);
  assert.equal(c.get().computerBusy, true);
  assert.equal(c.get().thinking, false);
  assert.equal(c.get().coming, null);
  assert.deepEqual(c.get().event, { kind: 'notice', notice: 'computerFailed', args: { why: 'the worker died' } });
});

test('the hand-over clears computerBusy; the computer to move again starts exactly one more turn', async () => {
  const c = screen((sc, how, call) => {
    // The first turn hands over to itself (three alike: it throws again); the second to the human.
    const next = call === 1 ? 'albi' : 'nigri';
    sc.store.dispatch({ snap: { turn: next, winner: null, turns: call }, computerBusy: false, thinking: false });
  });
  maybeComputer(c, c.get());
  await settle();
  await settle();
  await settle();
  assert.equal(c.calls, 2);
  assert.equal(c.get().computerBusy, false);
  assert.equal(c.get().snap.turn, 'nigri');
});

test('a turn of an older game, or of a screen gone, says nothing when it fails', async () => {
  const c = screen(async (sc) => {
    sc.store.dispatch({ epoch: 1, computerBusy: false, snap: { turn: 'nigri', winner: null, turns: 0 } });
    throw new Error('late');
  });
  maybeComputer(c, c.get());
  await settle();
  assert.equal(c.calls, 1);
  assert.equal(c.get().event, null);
});

test('no turn starts while a dialog is open, for the human, or once the game is over', async () => {
  const c = screen(() => {});
  c.dialogOpen = () => true;
  maybeComputer(c, c.get());
  c.dialogOpen = () => false;
  maybeComputer(c, { ...c.get(), snap: { turn: 'nigri', winner: null } });
  maybeComputer(c, { ...c.get(), snap: { turn: 'albi', winner: 'nigri' } });
  await settle();
  assert.equal(c.calls, 0);
  assert.equal(c.get().computerBusy, false);
});

test('a notice on show is read before the computer\'s turn goes on; without one it goes at once', async () => {
  const noticed = screen(() => {});
  noticed.route = { pace: 40 };
  noticed.store.dispatch({ event: { kind: 'notices', list: [{ notice: 'opening', args: {} }] } });
  const plain = screen(() => {});
  plain.route = { pace: 40 };
  maybeComputer(noticed, noticed.get());
  maybeComputer(plain, plain.get());
  await settle();
  await settle();
  assert.equal(plain.calls, 1);
  assert.equal(noticed.calls, 0, 'eight paces (320 ms) to read the opening throw');
  assert.equal(noticed.get().thinking, true, 'the computer is said to be thinking meanwhile');
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(noticed.calls, 0, 'not after four');
  await new Promise((resolve) => setTimeout(resolve, 250));
  assert.equal(noticed.calls, 1);
});
