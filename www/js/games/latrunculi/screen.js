// The Latrunculi screen: what is Latrunculi's own on the one game screen (app/controller.js):
// its layout, its board and camps, its moves and placements, the computer's move and showing
// the last turn again. The store's own fields: the last move (`last`, {move, before}: the
// MoveView and the squares before it), the move of the turn "show again" draws (`showing`), the square
// whose counter the computer is about to move or remove (`coming`), and whether the player is
// choosing a frozen counter to remove (`removing`).

import { header, statusLine, gameOverPanel, wait } from '../../app/game-screen.js';
import { mountGame, BUDGET } from '../../app/controller.js';
import { computerSide } from '../../app/opponent.js';
import { query } from '../../app/route.js';
import { fly } from '../../kit/animate.js';
import { createBoard } from './board.js';
import { createWords } from './words.js';
import { GAME } from './meta.js';
import { PICTURES } from '../../../pkg/pictures.js';
import { button, div } from '../../kit/dom.js';

// The rules of the reading, shown on demand: fetched once the board is playable.
const RULES = new URL('./rules.js', import.meta.url);

const CLOCK_WARNING = 20; // the no-capture clock shows once fewer moves than this remain
const SHOWN_CAPTURES = 8; // discs drawn in a captured row before the number takes over
const other = (side) => (side === 'white' ? 'black' : 'white');

/** What a DOM element stands for on this screen: a square, or null. */
function placeOf(element) {
  const node = element?.closest?.('[data-square]');
  return node ? { square: node.dataset.square, element: node } : null;
}

/** A side's camp beside the board: who plays it, what it has to place, what it captured. */
function camp(side, { t }) {
  const box = div(`camp camp-${side}`);
  box.dataset.camp = side;
  box.setAttribute('role', 'group');
  const name = document.createElement('span');
  name.className = 'camp-name';
  const counts = document.createElement('span');
  counts.className = 'camp-counts';
  const row = document.createElement('span');
  row.className = 'camp-row';
  row.setAttribute('aria-hidden', 'true');
  box.append(name, counts, row);
  box.title = t(`side.${side}`);
  return box;
}

/** Builds the screen's fixed DOM inside `root`; returns its parts. */
function layout(root, { t }) {
  // Two people facing each other across a tablet: black's camp and controls at its edge.
  const face = button('face', t('action.face'), 'plain');
  face.setAttribute('aria-pressed', 'false');
  const bar = header({ t }, t('game.latrunculi'), [face]);

  const main = document.createElement('main');
  main.className = 'table latrunculi-table';
  const status = statusLine();
  // Black's camp above the board, white's below: each beside its own edge.
  const black = div('tray-zone tray-zone-nigri');
  const white = div('tray-zone tray-zone-albi');
  const camps = { black: camp('black', { t }), white: camp('white', { t }) };
  black.append(camps.black);
  white.append(camps.white);
  const wrap = div('board-wrap');
  const board = div('board');
  board.id = 'board';
  wrap.append(board);
  const controls = div('controls');
  const clock = document.createElement('p');
  clock.className = 'clock';
  clock.hidden = true;
  const acts = div('actions');
  const hint = button('hint', t('action.hint'));
  hint.setAttribute('aria-pressed', 'false');
  hint.title = t('action.hint.title', { level: t(`level.${GAME.hintLevel}`) });
  // Not the primary button: one tap ends the whole placing phase, which a newcomer should
  // choose, not stumble on.
  const placeRest = button('place-rest', t('action.placeRest'));
  const replay = button('replay', t('action.replay'));
  // Under Schädler's rules: ending a leap where it stands, and spending the turn on removing a
  // frozen enemy counter. Each shows only when it can be done.
  const stop = button('stop', t('action.stop'), 'primary');
  const remove = button('remove', t('action.remove'));
  remove.setAttribute('aria-pressed', 'false');
  // Hidden until the engine says they apply, so the controls keep their place when it comes.
  stop.hidden = true;
  remove.hidden = true;
  acts.append(placeRest, stop, remove, button('undo', t('action.undo')), hint, replay);
  controls.append(clock, acts);
  main.append(status, black, wrap, white, controls);

  const { over, overTitle, overText } = gameOverPanel({ t });

  root.replaceChildren(bar, main, over);
  return {
    main, status, board, clock, over, overTitle, overText, camps,
    buttons: { placeRest, stop, remove, undo: acts.querySelector('[data-action="undo"]'), hint, replay, face },
  };
}


/**
 * The last `count` moves of `g` as the engine played them (with what they took), each with the
 * squares before it. A restored game keeps no such note, so the engine takes the moves back and
 * plays them again.
 */
function playedLast(g, count) {
  const moves = [];
  while (moves.length < count && g.snapshot().canUndo) moves.unshift(g.undo());
  return moves.map((move) => {
    const before = g.snapshot().squares;
    g.play(move.move);
    return { move, before };
  });
}

const lastPlayed = (g) => playedLast(g, 1)[0] ?? null;

/**
 * The turn that `last` ended, each move with the squares before it: a leap's hops, a pair of
 * placements (the engine's last turn); `last` alone otherwise.
 */
function turnEndedBy(c, last) {
  const turn = c.snap().lastTurn;
  return endsLongTurn(turn, last.move) ? playedLast(c.game(), turn.length) : [last];
}

/** The moves of the turn that `last` ended before it, where it ended the engine's last turn (a leap). */
function earlierLegs(snap, last) {
  const turn = snap.lastTurn;
  return last && endsLongTurn(turn, last) ? turn.slice(0, -1).filter((m) => m.kind === 'move') : [];
}

/** Whether `move` ended the engine's last `turn`, one of several moves (a leap, a pair of placements). */
const endsLongTurn = (turn, move) => turn.length > 1 && turn.at(-1).move === move.move;

/** The legal moves by the square they start from (none while placing). */
const legal = (snap) => (snap.phase === 'move'
  ? new Map(snap.sources.map((group) => [group.from, group.moves]))
  : new Map());

/** A placement, removal or stop on `square`, as the page knows it before the engine plays it. */
/** The engine's legal placement, removal or stop (`kind`) on `square`. */
const actionOn = (s, kind, square) => s.actions.find((a) => a.kind === kind && a.to === square);

/** Every action legal now, moves, placements, removals and a leap's stop, by its text. */
function legalNow(s) {
  if (s.result) return new Map();
  return new Map([...s.sources.flatMap((g) => g.moves), ...s.actions].map((m) => [m.move, m]));
}

/** The counter whose moves the board offers: a leap's own while it goes on, else the picked. */
const pickedOf = (c, state) => (state.snap.leap && c.acts(state) === 'human' ? state.snap.leap.at : state.selected);

/** The board, drawn again only when its size or corner rule changes (a new game may bring both). */
function boardFor({ parts, dom, i18n }, s) {
  const shape = `${s.width}x${s.height}:${s.cornersCapture}`;
  if (shape === parts.shape) return parts.board;
  parts.board?.destroy();
  parts.shape = shape;
  parts.board = createBoard(dom.board, s, {
    i18n, corners: s.cornersCapture, label: i18n.t('board.latrunculi', { width: s.width, height: s.height }),
  });
  return parts.board;
}

// --- Drawing ---
function render(c, state) {
  const { dom, t } = c;
  const s = state.snap;
  const sources = c.sources(state);
  const mine = c.acts(state) === 'human';
  const removing = state.removing && mine;
  const picked = pickedOf(c, state);
  const chosen = removing ? [] : sources.get(picked) ?? [];
  const targets = removing ? new Set(s.removals)
    : s.phase === 'place' ? new Set(mine ? s.placements : [])
      : new Set(chosen.map((m) => m.to));
  // "Show again" draws the position before a move of the last turn, nothing to pick on it.
  const showing = state.showing;
  boardFor(c, s).render({
    position: s.position,
    squares: showing ? showing.before : s.squares,
    selectable: showing || removing ? new Set() : new Set(sources.keys()),
    selected: state.coming ?? picked,
    targets: showing ? new Set() : targets,
    removing,
    leap: showing ? null : s.leap?.path,
    captures: new Map(chosen.map((m) => [m.to, m.captured])),
    doomed: new Set(state.hint?.move.captured ?? []),
    // A leap part-way draws its own path instead.
    last: s.result || s.leap ? null : state.last?.move ?? null,
    lastLegs: earlierLegs(s, state.last?.move),
    hint: state.hint?.move ?? null,
  });
  dom.board.toggleAttribute('data-showing', Boolean(showing));
  for (const side of GAME.sides) renderCamp(c, side, state);

  const left = s.clockLimit - s.clock;
  dom.clock.hidden = s.phase !== 'move' || Boolean(s.result) || left >= CLOCK_WARNING;
  dom.clock.dataset.clock = String(left);
  dom.clock.textContent = t('clock.latrunculi', { count: left, limit: s.clockLimit });

  const placing = s.phase === 'place' && !s.result;
  // Online a move is final and each placement the player's own: no undo, no placing for them.
  const online = state.opponent.kind === 'online';
  dom.buttons.placeRest.hidden = !placing || online;
  dom.buttons.undo.hidden = online;
  dom.buttons.placeRest.disabled = !mine;
  dom.buttons.stop.hidden = !s.leap || Boolean(s.result);
  dom.buttons.stop.disabled = !mine;
  dom.buttons.remove.hidden = !s.removals.length || Boolean(s.result);
  dom.buttons.remove.disabled = !mine;
  dom.buttons.remove.setAttribute('aria-pressed', String(removing));
  // Not after the end (`mine` is false then): Play again and the record are what is left.
  dom.buttons.undo.disabled = !s.canUndo || !mine || state.computerBusy;
  dom.buttons.hint.disabled = !mine || state.hintPending;
  // While placing, "place the rest" has its room: a placement has no path to show again.
  dom.buttons.replay.hidden = placing;
  dom.buttons.replay.disabled = !state.last || Boolean(s.result) || Boolean(showing) || state.computerBusy;
  document.body.dataset.phase = s.phase;
}

function renderCamp(c, side, state) {
  const { dom, t } = c;
  const { snap: s, opponent: who } = state;
  const box = dom.camps[side];
  const player = who.kind === 'human' ? '' : side === who.human ? t('tray.you')
    : who.kind === 'online' ? c.personOf(side) : t(`level.${who.level}`);
  box.classList.toggle('to-move', side === c.lit(state));
  box.classList.toggle('thinking', state.thinking && side === computerSide(who, GAME.sides));
  box.dataset.captured = String(s.captured[side]);
  box.dataset.toPlace = String(s.toPlace[side]);
  const name = player ? t('camp.latrunculi.player', { side: t(`side.${side}`), player }) : t(`side.${side}`);
  const captured = t('camp.latrunculi.captured', { count: s.captured[side] });
  const counts = s.toPlace[side]
    ? t('camp.latrunculi.placing', { count: s.toPlace[side], captured })
    : captured;
  box.querySelector('.camp-name').textContent = name;
  box.querySelector('.camp-counts').textContent = counts;
  box.setAttribute('aria-label', t('camp.latrunculi.label', { name, counts }));
  // The row shows the enemy counters this side has taken.
  const discs = [];
  for (let i = 0; i < Math.min(s.captured[side], SHOWN_CAPTURES); i++) {
    const disc = document.createElement('span');
    disc.className = `lat-disc lat-disc-${other(side)}`;
    discs.push(disc);
  }
  box.querySelector('.camp-row').replaceChildren(...discs);
}

/** A newcomer's first placement and first move are explained, until they have made them. */
function coaching(state) {
  const s = state.snap;
  if (s.result || state.hint) return null;
  // Turns that are not a plain move (a removal, a leap or a move after a capture, placing the
  // dux) say what they ask for, every time.
  if (state.removing) return 'remove';
  if (s.leap) return s.leap.again ? 'again' : 'leap';
  if (s.placingDux) return 'placeDux';
  if (s.phase === 'place') return s.moves < 2 ? (s.keptEmpty ? 'placeCentre' : 'place') : null;
  if (s.lastMoves[s.turn] !== null) return null;
  return state.selected === null ? 'move' : 'target';
}

function ending({ t, words }, s) {
  if (!s.result) return null;
  const draw = s.result.winner === 'draw';
  return {
    winner: s.result.winner,
    turns: s.moves,
    data: { reason: s.result.reason },
    title: draw ? 'gameOver.latrunculi.draw' : null,
    text: words.ending(s),
  };
}

// --- Playing ---
/** Where the counters that `move` moves and takes stand on the board now, on screen. */
function rectsOf({ parts }, move) {
  const b = parts.board;
  return {
    start: move.from ? b.counterElement(move.from)?.getBoundingClientRect() : null,
    taken: move.captured.map((sq) => b.counterElement(sq)?.getBoundingClientRect()),
  };
}

/** The counter of `move` flies from `start` to where it landed, the taken ones to the row. */
function animate({ parts, dom }, move, { start, taken }, duration) {
  const mover = move.side;
  const b = parts.board;
  const size = b.counterPx();
  if (start) fly(`lat-disc lat-disc-${mover}`, start, b.counterElement(move.to), size, duration);
  // The taken counters leave the board for the row of the side that took them.
  const discs = dom.camps[mover].querySelectorAll('.lat-disc');
  taken.forEach((rect, i) => {
    const to = discs[Math.min(discs.length - 1, discs.length - taken.length + i)];
    fly(`lat-disc lat-disc-${move.owner}`, rect, to, size, duration);
  });
}

/**
 * Plays `move` (a MoveView) for the side to move; `who` names a computer, whose counter
 * flies for `duration` ms; `extra` goes with the new snapshot (the computer's hand-over).
 */
function play(c, move, who, extra = {}, duration = undefined) {
  // Online, a move is the server's to play: it comes back as a state (online-game.js).
  if (c.online && !c.online.applying) return c.send({ t: 'move', move: move.move }, { selected: null });
  const mover = c.snap().turn;
  const rects = rectsOf(c, move);
  const before = c.snap().squares;
  let played;
  try {
    played = c.game().play(move.move);
  } catch (error) {
    return c.changed({ kind: 'notice', notice: 'failed', args: { why: error.message } }, extra);
  }
  // A leap goes on over several moves, and a side may place two counters a turn: the status
  // says all of the turn so far (the engine's), not the last alone.
  const event = { kind: 'play', side: mover, who, move: played, turn: c.game().snapshot().lastTurn };
  c.changed(event, { selected: null, removing: false, last: { move: played, before }, showing: null, ...extra });
  animate(c, played, rects, duration);
  return played;
}

/** How long the computer's counter flies, and the one shown again: the pace, within reason. */
const flight = ({ route }) => Math.min(Math.max(route.pace, 220), 600);

/**
 * The computer's move, slow enough to follow: it thinks (in the worker) for two paces at
 * least, picks up its counter for one more, then moves it.
 */
async function computerTurn(c, { current, until }) {
  const { route, snap } = c;
  const asked = performance.now();
  const move = await c.worker.ask({
    game: GAME.id, kind: 'choose', saved: c.game().save(),
    level: c.get().opponent.level, seed: snap().turnSeed, budget: BUDGET,
  });
  await until(2 * route.pace - (performance.now() - asked));
  if (!current()) return;
  // The counter about to move, or the frozen one about to go, is marked first.
  const coming = move.from ?? (move.kind === 'remove' ? move.to : null);
  if (coming && route.pace > 0) {
    c.store.dispatch({ coming, thinking: false });
    await until(route.pace);
    if (!current()) return;
  }
  // The move hands over: clearing computerBusy with it lets the next subscriber start another
  // turn (a computer may place twice running when only it has counters left).
  play(c, move, c.computerLabel(), { thinking: false, computerBusy: false, coming: null }, flight(c));
}

/**
 * Shows the last turn again: the position before it, the turn marked and said, for a moment;
 * then each of its moves once more (a leap hop by hop), the taken counters leaving again. A
 * tap on the board ends it.
 */
async function showAgain(c) {
  const { last, epoch } = c.get();
  if (!last) return;
  const steps = turnEndedBy(c, last);
  // The status says the turn again, for the eye and the screen reader alike.
  const side = last.move.side;
  const who = side === c.computer() ? c.computerLabel() : undefined;
  const event = { kind: 'play', side, who, move: last.move, turn: steps.map((step) => step.move) };
  c.store.dispatch({ showing: steps[0], hint: null, event });
  await wait(Math.max(c.route.pace, 300) * 2);
  for (const [i, step] of steps.entries()) {
    if (c.get().epoch !== epoch || c.get().showing !== step || c.life.destroyed) return;
    const rects = rectsOf(c, step.move);
    const next = steps[i + 1] ?? null;
    c.store.dispatch({ showing: next });
    animate(c, step.move, rects, flight(c));
    if (next) await wait(flight(c));
  }
}

/** The legal action on `square`: the picked counter's move there, a placement or a removal. */
function moveTo(c, square) {
  const state = c.get();
  if (state.removing) return actionOn(state.snap, 'remove', square);
  if (state.snap.phase === 'place') return actionOn(state.snap, 'place', square);
  return c.sources(state).get(pickedOf(c, state))?.find((m) => m.to === square);
}

function handler(c) {
  const { get, store } = c;
  return {
    tap(place) {
      if (get().showing) return store.dispatch({ showing: null });
      if (c.notNow()) return c.refused(place, c.notNow());
      const { selected, removing, snap } = get();
      if (place.element.hasAttribute('data-target')) return play(c, moveTo(c, place.square));
      if (removing) return store.dispatch({ removing: false, event: null });
      if (place.element.hasAttribute('data-selectable')) {
        return store.dispatch({ selected: selected === place.square ? null : place.square, event: null });
      }
      // A frozen enemy counter that may go: this tap starts the removal, the next makes it.
      if (snap.removals.includes(place.square)) return store.dispatch({ removing: true, selected: null, hint: null, event: null });
      return c.refused(place, c.game().refusal(pickedOf(c, get()), place.square));
    },
    dragFrom(place) {
      if (get().showing || !place.element.hasAttribute('data-selectable')) return null;
      store.dispatch({ selected: place.square });
      return `lat-disc lat-disc-${c.snap().turn}`;
    },
    drop(place) {
      if (!place) return;
      if (place.element.hasAttribute('data-target')) play(c, moveTo(c, place.square));
      else if (place.square !== get().selected) c.refused(place, c.game().refusal(pickedOf(c, get()), place.square));
    },
  };
}

/**
 * Takes back the last move; against the computer, back to the human's last move (its reply
 * and the human's move both go), so the human has the move again. Counters placed with one
 * tap of Place the rest go back with one tap while nothing but the computer's reply has been
 * played since.
 */
function undo(c) {
  const { opponent: vs, placedAtOnce: at } = c.get();
  const human = vs.kind === 'computer' ? vs.human : null;
  const game = c.game();
  const clear = { selected: null, removing: false, hint: null, showing: null, placedAtOnce: null };
  const moves = [];
  // The computer that moves first once every counter is placed has replied at once, in one
  // move or several (a leap): its moves go first, not the human's own.
  while (at && human && game.snapshot().moves > at.moves && game.snapshot().canUndo) {
    const move = game.undo();
    if (move.side === human) {
      game.play(move.move);
      break;
    }
    moves.push(move);
  }
  if (at && game.snapshot().position === at.position) {
    let count = 0;
    for (; count < at.count && game.snapshot().canUndo; count += 1) game.undo();
    c.changed({ kind: 'undoPlaceRest', count }, { ...clear, last: lastPlayed(game) });
    return;
  }
  moves.push(game.undo());
  while (human && game.snapshot().turn !== human && game.snapshot().canUndo) moves.push(game.undo());
  c.changed({ kind: 'undo', moves }, { ...clear, last: lastPlayed(game) });
}

const actions = {
  'place-rest'(c) {
    const game = c.game();
    const placed = game.placeRest();
    const after = game.snapshot();
    const placedAtOnce = { count: placed.length, position: after.position, moves: after.moves };
    c.changed({ kind: 'placeRest', count: placed.length }, { selected: null, last: null, showing: null, placedAtOnce });
  },
  // Pressed again, or a tap off the frozen counters, leaves the choice.
  remove: (c) => c.store.dispatch({ removing: !c.get().removing, selected: null, hint: null, event: null }),
  stop(c) {
    const s = c.snap();
    const stop = s.leap && actionOn(s, 'stop', s.leap.at);
    if (stop) play(c, stop);
  },
  undo,
  replay: showAgain,
};

/** The words of the command line: questions about the board, and the buttons by name. */
function commands(c) {
  const { t, i18n } = c;
  const mine = () => c.get().opponent.human ?? c.snap().turn;
  const squaresOf = (side) => c.snap().squares.filter((q) => q.piece === side).map((q) => q.square);
  return {
    where() {
      const told = [mine(), other(mine())].map((side) => {
        const on = squaresOf(side);
        return t('a11y.latrunculi.where', { side: t(`side.${side}`), count: on.length, squares: on.length ? i18n.list(on) : t('a11y.where.none') });
      });
      c.say('a11y.latrunculi.whereBoth', { mine: told[0], theirs: told[1] });
    },
    blocked() {
      const side = mine();
      const free = new Set(c.snap().turn === side ? c.snap().sources.map((g) => g.from) : []);
      const stuck = c.snap().phase === 'move' ? squaresOf(side).filter((q) => !free.has(q)) : [];
      if (stuck.length) c.say('a11y.latrunculi.blocked', { side: t(`side.${side}`), count: stuck.length, squares: i18n.list(stuck) });
      else c.say('a11y.latrunculi.blocked.none', { side: t(`side.${side}`) });
    },
    undo: () => c.press('undo'),
    hint: () => c.press('hint'),
    rest: () => c.press('place-rest'),
    remove: () => c.press('remove'),
    stop: () => c.press('stop'),
    help: () => c.keys.open(),
  };
}

/** A move typed on the command line, played when legal; else the engine says why. */
function playText(c, text) {
  const s = c.snap();
  const legal = legalNow(s).get(text.toLowerCase());
  if (legal) {
    play(c, legal);
    return true;
  }
  // Online the server is asked, and answers with a refusal if it is not legal.
  if (c.online) {
    c.send({ t: 'move', move: text });
    return true;
  }
  // Not a legal move now: the engine says why (and plays it, should it know better).
  const side = s.turn;
  try {
    const before = s.squares;
    const played = c.game().play(text);
    c.changed({ kind: 'play', side, move: played, turn: c.game().snapshot().lastTurn }, { selected: null, last: { move: played, before }, showing: null });
    return true;
  } catch (error) {
    c.say('a11y.command.refused', { text, why: error.message });
    return false;
  }
}

/** One tab stop for the board: its squares, in their drawn grid. */
function roving(c) {
  const { dom } = c;
  return {
    items: () => [...dom.board.querySelectorAll('[data-square]')],
    keyOf: (el) => el.dataset.square,
    preferred: () => dom.board.querySelector('.selected[data-square], [data-selectable], [data-target]'),
    onEscape: () => c.get().selected !== null && c.store.dispatch({ selected: null, event: null }),
  };
}

const LATRUNCULI = {
  GAME,
  rules: { sides: GAME.sides, over: (snap) => Boolean(snap.result), progress: (snap) => snap.moves },
  commandAbout: 'a11y.command.latrunculi',
  faceAttribute: 'data-facing',
  layout,
  // Piso's board, empty, from the build's pictures: the page's largest paint comes before the
  // engine does (the game's own snapshot keeps it, being the same shape).
  furnish: (c) => {
    const piso = !c.route.rules || c.route.rules === 'piso';
    if (piso && !c.route.position && !c.ctx.handoff && !c.ctx.online) boardFor(c, PICTURES.latrunculi);
  },
  setup: (c) => { c.words = createWords(c.i18n); },
  restore: (engine, saved) => engine.LatrunculiGame.restore(saved),
  // Piso's rules unless the link names others.
  create: (engine, { rules, seed, position }) => new engine.LatrunculiGame(rules ?? 'piso', position, seed),
  // Two of "your own rules" that cannot go together: their labels, for the notice.
  rulesClash: (engine, rules) => engine.LatrunculiGame.rulesClash(rules)?.map((key) => `option.${key}`),
  state: (c, snap, game) => ({ last: lastPlayed(game), showing: null, coming: null, removing: false, placedAtOnce: null }),
  legal,
  render,
  playing: (state) => Boolean(state.coming),
  alone: ['refuse', 'say'],
  situation: (c, state, { you, human }) => c.words.situation(state.snap, {
    you, level: c.t(`level.${state.opponent.level}`), coach: human ? coaching(state) : null,
  }),
  ending,
  computerTurn,
  computerIdle: { coming: null },
  hint: {
    // A hint is drawn on the board as it stands, so a move shown again gives way.
    start: { showing: null },
    ask: (snap, game) => ({ saved: game.save() }),
    shown: (c, move, position) => ({ hint: { position, move }, event: { kind: 'hint', who: c.t(`level.${GAME.hintLevel}`), move } }),
  },
  actions,
  rulesModule: RULES,
  rulesPage: (c, body, page) => page.renderRules(body, c.i18n, c.engine, c.snap().preset ?? c.snap().rules),
  link: (snap) => query({ game: GAME.id, rules: snap.preset ?? snap.rules, position: snap.position }),
  keyRows: [
    ['a11y.key.arrows', 'a11y.keys.arrows'], ['a11y.key.enter', 'a11y.keys.enter.latrunculi'],
    ['a11y.key.escape', 'a11y.keys.escape'], ['a11y.key.undo', 'a11y.keys.undo'],
    ['a11y.key.hint', 'a11y.keys.hint'], ['a11y.key.remove', 'a11y.keys.remove'],
    ['a11y.key.stop', 'a11y.keys.stop'], ['a11y.key.help', 'a11y.keys.help'],
  ],
  shortcuts: ['undo', 'hint', 'remove', 'stop'],
  commands,
  playText,
  roving,
  handler,
  placeOf,
  online: {
    // A server's accepted move played on the mirror, so it flies and is said as it happens.
    before(c, action, who) {
      if (action.t !== 'move') return {};
      const move = legalNow(c.snap()).get(action.move);
      if (move) play(c, move, who, {}, who ? flight(c) : undefined);
      return {};
    },
  },
};

/**
 * Mounts the game on `root`. `ctx`: {ready(game) (gives its wasm module), i18n, route, worker,
 * go(query)}. Resolves to {destroy} once the engine has arrived and the game is drawn.
 */
export const mountLatrunculi = (root, ctx) => mountGame(root, ctx, LATRUNCULI);
