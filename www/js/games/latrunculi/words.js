// Latrunculi's messages: what happened, whose turn it is and why a tap was refused, each as
// {key, text} so the status line can say it and carry the catalogue key for the tests. The
// words come from the catalogue; the facts from the engine's snapshot, moves and refusals.

import { joined } from '../../app/notices.js';

// The coaching of a newcomer's first placement or move (the others come mid-turn).
const FIRST = new Set(['place', 'placeCentre', 'move', 'target']);

export function createWords({ t, list }) {
  const side = (s) => t(`side.${s}`);
  const say = (key, args) => ({ key, text: t(key, args) });

  /** A move in words: "d4 to d6", "a counter on d4", "removing d4" or "stopping on d6". */
  const move = (m) => t(`move.latrunculi.${m.kind}`, m);

  /**
   * What a move took or froze, or null, naming whose counters they were (the engine's
   * `owner`), "your" where they are `you`'s. A removal says what it took itself.
   */
  function captures(m, you) {
    const whose = (key, squares) => say(`${key}${m.owner === you ? 'Yours' : ''}`, { count: squares.length, squares: list(squares), owner: side(m.owner) });
    const said = [
      m.captured.length && m.kind !== 'remove' ? whose('event.latrunculi.captured', m.captured) : null,
      m.frozen?.length ? whose('event.latrunculi.frozen', m.frozen) : null,
    ].filter(Boolean);
    return said.length ? joined(said) : null;
  }

  /** A placement or move of a dux is told as the dux's (`placeDux`, `moveDux`). */
  const dux = (m) => (m.dux && (m.kind === 'place' || m.kind === 'move') ? 'Dux' : '');

  /**
   * A turn's words: a leap's legs at once (and its stop, where the mover stopped rather than
   * moved), a pair of placements at once, else its one move; a dux's is said as the dux's.
   */
  function turnWords(turn, who, you) {
    const taken = (m) => captures(m, you);
    const last = turn.at(-1);
    const legs = turn.filter((m) => m.kind === 'move');
    if (turn.length > 1 && !turn.some((m) => m.dux)) {
      if (turn.every((m) => m.kind === 'place')) {
        return [say('event.latrunculi.places', { who, squares: list(turn.map((m) => m.to)) }), ...turn.map(taken)];
      }
      const end = last.kind === 'move' ? [] : [say(`event.latrunculi.${last.kind}`, { who, ...last }), taken(last)];
      return [say('event.latrunculi.moves', { who, moves: list(legs.map(move)) }), ...legs.map(taken), ...end];
    }
    return [say(`event.latrunculi.${last.kind}${dux(last)}`, { who, ...last }), taken(last)];
  }

  /** What just happened (an event from the screen), or null. `you`: the human's side, if alone. */
  function event(e, you) {
    if (!e) return null;
    const who = e.who ?? (e.side === you ? t('you.name') : e.side ? side(e.side) : '');
    switch (e.kind) {
      case 'play':
        return joined(turnWords(e.turn?.length > 1 ? e.turn : [e.move], who, you));
      case 'placeRest':
        return say('event.latrunculi.placeRest', { count: e.count });
      case 'undoPlaceRest':
        return say('event.latrunculi.undoPlaceRest', { count: e.count });
      case 'undo':
        return say('event.latrunculi.undo', { moves: list(e.moves.map(move)), count: e.moves.length });
      case 'refuse':
        return refusal(e.refusal);
      case 'hint':
        return say('event.latrunculi.hint', { who, move: move(e.move) });
      default:
        return null;
    }
  }

  /**
   * Whose turn it is and what they may do. `you`: the human's side against the computer
   * (messages then speak to them), `level` the computer's name then; `coach`: 'place' (or
   * 'placeCentre' where the centre stays empty), 'move' or 'target' while a newcomer makes a
   * first placement or a first move.
   */
  function situation(snap, { you = null, level = '', coach = null } = {}) {
    if (snap.result) {
      if (snap.result.winner === 'draw') return say('situation.latrunculi.draw');
      if (you) return say(snap.result.winner === you ? 'situation.latrunculi.you.won' : 'situation.latrunculi.you.lost', { level });
      return say('situation.latrunculi.won', { side: side(snap.result.winner) });
    }
    if (coach) {
      const taught = say(`situation.latrunculi.coach.${coach}`, { square: snap.keptEmpty });
      // A first placement or move says whose turn it is first, as its coaching alone would not.
      // Against the computer the rest (a leap, a removal, the dux) come within the player's turn.
      return you === null || FIRST.has(coach) ? joined([turn(snap, snap.turn === you), taught]) : taught;
    }
    return turn(snap, snap.turn === you);
  }

  /** Whose turn it is: to place (the second of two this turn, where it is) or to move, said to the player when `mine`. */
  function turn(snap, mine) {
    if (snap.phase === 'place' && snap.placingSecond && !snap.placingDux) {
      return say(mine ? 'situation.latrunculi.you.placeSecond' : 'situation.latrunculi.placeSecond', { side: side(snap.turn) });
    }
    if (snap.phase === 'place') {
      return say(mine ? 'situation.latrunculi.you.place' : 'situation.latrunculi.place', { side: side(snap.turn), count: snap.toPlace[snap.turn] });
    }
    return say(mine ? 'situation.latrunculi.you.move' : 'situation.latrunculi.move', { side: side(snap.turn) });
  }

  /** Why a tap was refused: the engine's code put into words. */
  function refusal({ code, args = {} }) {
    const words = { ...args };
    if (typeof args.side === 'string') words.side = side(args.side);
    if (code === 'computer-turn' || code.startsWith('online-')) return say(`refuse.${code}`, words);
    return say(`refuse.latrunculi.${code}`, words);
  }

  /** Why the game ended and the count it was decided on, for the game-over panel. */
  function ending(snap) {
    const { reason } = snap.result;
    return [
      t(`gameOver.latrunculi.${reason}`, { side: side(snap.turn) }),
      t('gameOver.latrunculi.score', {
        white: snap.captured.white, black: snap.captured.black,
        whiteLeft: snap.counters.white, blackLeft: snap.counters.black,
      }),
    ].join(' ');
  }

  return { event, situation, refusal, ending, move };
}
