// What a game screen decides from its state alone, the same for every game: who acts now,
// whether the computer starts its turn, whether a change is worth saving, what a new game's
// state is and what the status line leaves out. Pure, so node's tests cover it. `rules` is
// the game's part: {sides, over(snap), progress(snap)}.

import { HUMAN, computerSide } from './opponent.js';

/**
 * Who acts in `state`: 'over' once the game has ended, else 'computer' or 'human', or online
 * 'remote' (the other device's turn, or no game to play here now).
 */
export function whoActs(state, rules) {
  if (rules.over(state.snap) || state.online?.status === 'over') return 'over';
  // Online: this device's seat, while the server's game is under way, not paused by a class's
  // teacher, and the link is up.
  if (state.opponent.kind === 'online') {
    const o = state.online;
    return o.status === 'playing' && o.up && !o.paused && state.snap.turn === state.opponent.human ? 'human' : 'remote';
  }
  return state.snap.turn === computerSide(state.opponent, rules.sides) ? 'computer' : 'human';
}

/**
 * The side whose tray or camp lights up as the one to move: the side to move, but none once
 * the game is over, or online before the friend has come.
 */
export function litSide(state, rules) {
  return rules.over(state.snap) || state.online?.status === 'over' || state.online?.status === 'waiting' ? null : state.snap.turn;
}

export const humanToMove = (state, rules) => whoActs(state, rules) === 'human';
export const computerToMove = (state, rules) => whoActs(state, rules) === 'computer';

/**
 * Whether the computer starts a turn now: it has the move, no turn of it is under way, and no
 * dialog is open (closing one asks again).
 */
export function startsComputer(state, rules, dialogOpen) {
  return computerToMove(state, rules) && !state.computerBusy && !dialogOpen;
}

/**
 * Whether `state` is worth saving after `previous`: a new position or turn, a new game, or a
 * new opponent. A selection or a hint is not. The first state (no `previous`) always is.
 */
export function worthSaving(state, previous, rules) {
  if (!previous) return true;
  return state.snap.position !== previous.snap.position
    || rules.progress(state.snap) !== rules.progress(previous.snap)
    || state.game !== previous.game
    || state.opponent !== previous.opponent;
}

/** The hint on show, kept only while the position it was asked for stands. */
export const keptHint = (hint, snap) => (hint && hint.position === snap.position ? hint : null);

/** The opponent the new-game dialog's choice names. */
export function opponentOfChoice(choice) {
  return choice.opponent === 'computer'
    ? { kind: 'computer', level: choice.level, human: choice.side }
    : HUMAN;
}

/**
 * The notice a new game starts with: against whom. Who moves first the situation after it
 * says ("Albi to throw").
 */
export function newGameEvent(vs) {
  return vs.kind === 'computer'
    ? { kind: 'notice', notice: 'newGameVs', keys: { human: `side.${vs.human}`, level: `level.${vs.level}` } }
    : { kind: 'notice', notice: 'newGame', args: {} };
}

/** What every game's state holds at the start: the game, who plays, nothing picked or asked. */
export function startState({ game, snap, opponent, told, face, begun = false }) {
  return {
    game,
    snap,
    opponent,
    begun, // a game taken over mid-way: under way from its first save (saves.js `played`)
    selected: null,
    event: told.length ? { kind: 'notices', list: told } : null,
    hint: null,
    face, // the face-to-face layout for pass and play
    hintPending: false,
    thinking: false,
    computerBusy: false,
    epoch: 0, // bumped by every new game, so a computer turn or hint of an older game stops
    boardShown: false, // the game-over panel set aside to look at the final board
  };
}

/** The change that puts a new game in place of `state`'s: a new epoch stops the old one's work. */
export function newGameState(state, { game, snap, opponent, event }) {
  return {
    game,
    snap,
    opponent,
    selected: null,
    hint: null,
    hintPending: false,
    thinking: false,
    computerBusy: false,
    begun: false,
    epoch: state.epoch + 1,
    boardShown: false,
    event,
  };
}

/**
 * What the status line says besides the last event: 'thinking' while the computer thinks,
 * 'playing' while it plays (`playing` says when), 'none' when the event stands alone (its
 * kind is one of `alone`), else 'situation' (the game's own words for where it stands).
 */
export function situationShown(state, { playing, alone }) {
  if (state.thinking) return 'thinking';
  if (playing) return 'playing';
  if (alone.includes(state.event?.kind)) return 'none';
  return 'situation';
}
