// The computer's turns on a game screen, the same protocol for every game. The store's
// `computerBusy` says a turn is under way: it is set when one starts, and only the game's
// hand-over to the other side clears it (with the move that hands over, so a computer that
// moves again at once, after three alike or a second placement, starts exactly one more
// turn). A turn that fails leaves it set: another try would fail the same way, and the notice
// offers a new game, whose new epoch starts afresh. `c` is the screen (controller.js).

import { wait } from './game-screen.js';
import { startsComputer } from './screen-state.js';

// How long a notice stays before the computer's turn goes on: four of its paces (none in a
// test's instant game), at most this many ms, for each notice on show; the opening throw's
// dice and totals count as two, and all of them together wait at most READ_ALL.
const READ_NOTICE = 1800;
const READ_ALL = 4000;
const LONG = new Set(['opening']);

/** How many notices' reading `event` (a notice or several) asks for. */
const reads = (event) => (event.kind === 'notices' ? event.list : [event])
  .reduce((sum, { notice }) => sum + (LONG.has(notice) ? 2 : 1), 0);

/** A store subscriber: starts the computer's turn when it has the move and may take it. */
export function maybeComputer(c, state) {
  if (!startsComputer(state, c.spec.rules, c.dialogOpen())) return;
  c.store.dispatch({ computerBusy: true });
  const mine = state.epoch;
  setTimeout(() => computerTurn(c, mine));
}

/**
 * The computer's turn, slow enough to follow; `mine` is the game it belongs to: a new game
 * stops it (`current()` turns false), an open dialog pauses it (`until(ms)` waits it out).
 */
async function computerTurn(c, mine) {
  const current = () => mine === c.get().epoch && !c.life.destroyed;
  const until = async (ms) => {
    await wait(ms);
    while (current() && c.dialogOpen()) await wait(100);
  };
  try {
    const { event } = c.get();
    c.store.dispatch({ thinking: true });
    // A notice (a new game's opponent, the opening throw, a restored save) stays long enough to
    // be read before the computer's first words replace it.
    if (event?.kind === 'notice' || event?.kind === 'notices') {
      await until(Math.min(c.route.pace * 4 * reads(event), READ_NOTICE * reads(event), READ_ALL));
      if (!current()) return;
    }
    await c.spec.computerTurn(c, { current, until });
  } catch (error) {
    if (current()) {
      c.changed({ kind: 'notice', notice: 'computerFailed', args: { why: error.message } },
        { thinking: false, ...c.spec.computerIdle });
    }
  }
}
