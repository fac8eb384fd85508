// The XII Scripta screen: what is XII Scripta's own on the one game screen
// (app/controller.js): its layout, board, trays and dice, its steps, throws and confirmations,
// the computer's whole turn, picking how many counters of a stack move, asking which dice, and
// playing the last turn again. The store's own fields: `count` (how many counters of the
// selected source move together), `choice` ({to, steps} while the player says which dice take
// them to one place), `trail` ({side, steps, dice, before} of the last turn, kept on the board
// until the next throw), `turnStart` (the position with the dice, as the turn in play was
// thrown) and `replaying` ({trail, frames, at} while "show again" plays the last turn once more).

import { header, statusLine, gameOverPanel, wait } from '../../app/game-screen.js';
import { mountGame, BUDGET } from '../../app/controller.js';
import { computerSide } from '../../app/opponent.js';
import { query } from '../../app/route.js';
import { fly, refuse } from '../../kit/animate.js';
import { createBoard } from './board.js';
import { chooseFace } from './faces.js';
import { createTray, renderTray, renderDice, trayDisc } from './trays.js';
import { createWords } from './words.js';
import { counts, more, ways, drawWays } from './chooser.js';
import { GAME } from './meta.js';
import { PICTURES } from '../../../pkg/pictures.js';
import { button, div } from '../../kit/dom.js';

// The rules of the reading, shown on demand: fetched once the board is playable.
const RULES = new URL('./rules.js', import.meta.url);

const other = (side) => (side === 'albi' ? 'nigri' : 'albi');

/** What a DOM element stands for on this screen: a mark, a tray or an exit, or null. */
function placeOf(element) {
  const node = element?.closest?.('[data-mark], [data-tray], [data-off]');
  if (!node) return null;
  if (node.dataset.mark) return { kind: 'mark', mark: Number(node.dataset.mark), owner: node.dataset.owner, element: node };
  if (node.dataset.tray) return { kind: 'tray', side: node.dataset.tray, element: node };
  return { kind: 'off', side: node.dataset.off, element: node };
}

const keyOf = (place) => (place.kind === 'mark' ? place.mark : place.kind === 'off' ? 'off' : 'tray');
/** A place as the engine reads it: a mark, a side's own cell `albi:3`, `tray:albi`, `off:nigri`. */
function placeCode(place) {
  if (place.kind !== 'mark') return `${place.kind}:${place.side}`;
  return place.owner ? `${place.owner}:${place.mark}` : place.mark;
}

/** Builds the screen's fixed DOM inside `root`; returns its parts. */
function layout(root, { t }) {
  // Two people facing each other across a tablet: each side's tray and controls at its edge.
  const face = button('face', t('action.face'), 'plain');
  face.setAttribute('aria-pressed', 'false');
  const bar = header({ t }, t('game.scripta'), [face]);

  const main = document.createElement('main');
  main.className = 'table';
  const status = statusLine();
  // When several dice take the picked counters to the tapped cell, the player says which: an
  // overlay on the board beside that cell, which moves nothing.
  const choice = div('move-choice', 'move-choice');
  choice.hidden = true;
  const trayNigri = div('tray-zone tray-zone-nigri', 'tray-nigri');
  const trayAlbi = div('tray-zone tray-zone-albi', 'tray-albi');
  const wrap = div('board-wrap');
  const board = div('board', 'board');
  wrap.append(board, choice);
  const controls = div('controls');
  const dice = div('dice', 'dice');
  dice.setAttribute('role', 'group');
  dice.setAttribute('aria-label', t('dice.label'));
  const acts = div('actions');
  const hint = button('hint', t('action.hint'));
  hint.setAttribute('aria-pressed', 'false');
  hint.title = t('action.hint.title', { level: t(`level.${GAME.hintLevel}`) });
  // Beside the dice, not among the four actions: it looks back rather than plays.
  const replay = button('replay', t('action.replay'), 'plain show-again');
  acts.append(button('throw', t('action.throw'), 'primary'), button('undo', t('action.undo')),
    button('confirm', t('action.confirm')), hint);
  controls.append(dice, replay, acts);
  main.append(status, trayNigri, wrap, trayAlbi, controls);

  const { over, overTitle, overText } = gameOverPanel({ t });

  root.replaceChildren(bar, main, over);
  const $ = (selector) => root.querySelector(selector);
  return {
    main, status, choice, board, dice, over, overTitle, overText,
    trays: { albi: trayAlbi, nigri: trayNigri },
    buttons: {
      throw: $('[data-action="throw"]'),
      undo: $('[data-action="undo"]'),
      confirm: $('[data-action="confirm"]'),
      hint,
      replay,
      face,
    },
  };
}


/** The trays, drawn with the frame before the engine arrives. */
function furnish(c) {
  c.parts.trays = {
    albi: createTray(c.dom.trays.albi, 'albi', c.i18n),
    nigri: createTray(c.dom.trays.nigri, 'nigri', c.i18n),
  };
  // A preset's board, empty, from the build's pictures: the page's largest paint comes before
  // the engine does. A position, a handed-over or an online game may bring other rules.
  const picture = PICTURES.scripta[c.route.rules ?? 'austin-murray'];
  if (picture && !c.route.position && !c.ctx.handoff && !c.ctx.online) {
    Object.assign(c.parts, {
      geometry: picture.geometry,
      inscribed: chooseFace(PICTURES.faces, c.route, []),
      portrait: window.matchMedia('(orientation: portrait)'),
    });
    drawBoard(c);
  }
}

/**
 * What the screen draws from the first game: the board's geometry and words, and the
 * inscribed board the marks carry (a picture only, so no part of the saved game).
 */
function setup(c, first, told) {
  const { parts } = c;
  parts.geometry = first.geometry();
  c.words = createWords(c.i18n, parts.geometry);
  parts.inscribed = chooseFace(c.engine.scriptaFaces(), c.route, told);
  parts.portrait = window.matchMedia('(orientation: portrait)');
  drawBoard(c);
}

/**
 * Draws the board for the geometry, inscribed face and orientation in `parts`; a board already
 * drawn for the same three stays (the one drawn from the build's picture, when the engine's
 * game is on that board).
 */
function drawBoard({ parts, dom, i18n }) {
  const { geometry } = parts;
  const tall = parts.portrait.matches;
  const key = JSON.stringify([geometry, parts.inscribed, tall]);
  if (parts.board && parts.drawn === key) return;
  parts.board?.destroy();
  parts.drawn = key;
  parts.board = createBoard(dom.board, geometry, {
    tall,
    i18n,
    face: parts.inscribed,
    label: i18n.t('board.scripta', { rows: geometry.rows, columns: geometry.columns }),
  });
}

/** The fields of a new game's store that are XII Scripta's own. */
const freshState = (c, snap) => ({
  count: null,
  choice: null,
  trail: null,
  turnStart: snap.thrown && !snap.steps.length ? snap.position : null,
  replaying: null,
});

const legal = (snap) => new Map(snap.sources.map((group) => [group.source, group.steps]));

/** Where a turn starts, for its trail: the throw made, no step played yet. */
const derive = (state, next) => ({ turnStart: next.thrown && !next.steps.length ? next.position : state.turnStart });

/** The selection still valid after a change: its source, a count it allows, the question. */
function checked(merged, sources) {
  const selected = sources.has(merged.selected) ? merged.selected : null;
  const kept = selected === null ? null : counts(sources.get(selected));
  const count = kept?.includes(merged.count) ? merged.count : kept?.[0] ?? null;
  return { selected, count, choice: selected === null ? null : merged.choice };
}

// --- Drawing ---
/** 'tray' or 'target' while a newcomer, never having entered a counter, is shown how. */
function coaching({ parts }, state, sources) {
  const s = state.snap;
  const own = s[s.turn];
  const fresh = own.waiting === parts.geometry.counters && own.borneOff === 0;
  if (!fresh || !s.thrown || s.turnOver || !sources.has('tray') || state.hint) return null;
  if (state.selected === 'tray') return 'target';
  return state.selected === null && !(state.event?.kind === 'refuse') ? 'tray' : null;
}

function render(c, state) {
  const { dom, parts } = c;
  const { snap: s, opponent: who } = state;
  // While the last turn is shown again, the board, trays and dice show its frame; the rest
  // of the screen (buttons, status) stays the game's own.
  const shown = state.replaying ? state.replaying.frames[state.replaying.at] : s;
  const sources = c.sources(state);
  const humanToMove = c.acts(state) === 'human';
  const you = who.human ?? null;
  const coach = humanToMove ? coaching(c, state, sources) : null;
  renderBoard(c, state, shown, sources);
  renderTrays(c, state, shown, sources, coach);
  // Until the next throw, the dice show the last turn's throw, as past dice (not data-die).
  const { dice } = parts.geometry;
  if (state.replaying) renderDice(dom.dice, shown.dice, dice, c.i18n, 'replay');
  else if (!s.thrown && state.trail) renderDice(dom.dice, state.trail.dice, dice, c.i18n, 'last');
  else renderDice(dom.dice, s.dice, dice, c.i18n);
  const over = Boolean(s.winner);
  dom.buttons.throw.disabled = s.thrown || over || !humanToMove;
  dom.buttons.undo.disabled = s.steps.length === 0 || !humanToMove;
  dom.buttons.confirm.disabled = !s.turnOver || over || !humanToMove;
  dom.buttons.confirm.classList.toggle('primary', s.turnOver && !over && humanToMove);
  dom.buttons.hint.disabled = !s.thrown || s.turnOver || over || !humanToMove || state.hintPending;
  // Always in its place, so nothing moves; it can be pressed when there is a turn to show.
  dom.buttons.replay.disabled = !state.trail || state.trail.side === you || !state.trail.steps.length
    || state.replaying !== null;
  dom.main.dataset.near = you ?? GAME.sides[0];
  dom.main.dataset.rules = s.rules;
  renderChoice(c, state.choice, you);
}

function renderBoard({ parts }, state, shown, sources) {
  const s = state.snap;
  // The destinations of as many counters as are picked, each drawn by its first way.
  const from = sources.get(state.selected) ?? [];
  const targets = new Map([...ways(from, state.count)].map(([to, there]) => [to, there[0]]));
  parts.board.render({
    position: s.position,
    marks: shown.marks,
    selectable: new Set([...sources.keys()].filter((k) => k !== 'tray')),
    selected: state.selected,
    // A stack whose counters may move together shows how many are picked.
    picked: counts(from).length > 1 ? { count: state.count, more: more(from, state.count) !== null } : null,
    targets,
    asked: state.choice?.to ?? null,
    turn: s.turn,
    borneOff: { albi: shown.albi.borneOff, nigri: shown.nigri.borneOff },
    hint: state.hint?.steps ?? null,
    trail: state.replaying?.trail ?? state.trail,
    trailUpto: state.replaying?.at ?? null,
  });
}

function renderTrays(c, state, shown, sources, coach) {
  const { parts, t, i18n } = c;
  const { opponent: who } = state;
  for (const side of GAME.sides) {
    const toMove = side === c.lit(state);
    const playerId = who.kind === 'human' ? '' : side === who.human ? 'you' : who.level ?? 'online';
    const player = playerId === 'you' ? t('tray.you') : playerId === 'online' ? c.personOf(side) : playerId ? t(`level.${playerId}`) : '';
    renderTray(parts.trays[side], shown[side], {
      toMove,
      selectable: toMove && sources.has('tray'),
      coach: toMove && coach === 'tray',
      selected: toMove && state.selected === 'tray',
      player,
      playerId,
      thinking: state.thinking && side === computerSide(who, GAME.sides),
      sendsHome: parts.geometry.hit !== 'middle',
    }, i18n);
  }
}

/** The ways to one place to choose between, as their dice beside it, or nothing. */
function renderChoice(c, choice, you) {
  const side = c.snap().turn;
  drawWays(c.dom.choice, choice?.steps ?? [], {
    t: c.t,
    anchor: choice && c.parts.board.placeElement(choice.to, side),
    label: choice && c.words.event({ kind: 'ways', side, to: choice.to }, you).text,
    hit: (option) => c.t('choice.hit', { option }),
  });
}

function ending(c, s) {
  if (!s.winner) return null;
  const { t } = c;
  const who = c.get().opponent;
  const winner = !who.human ? '' : s.winner === who.human ? '.you' : '.level';
  return {
    winner: s.winner,
    turns: s.turns,
    data: { turns: String(s.turns) },
    text: t(`gameOver.scripta${winner}`, {
      side: t(`side.${s.winner}`), level: c.levelName(), counters: c.parts.geometry.counters, turns: t('turns', { count: s.turns }),
    }),
  };
}

// --- Playing ---
/** Plays `step` (one of the legal StepViews) for the side to move; `who` names a computer. */
function play(c, step, who) {
  // Online, a step is the server's to play: it comes back as a state (online-game.js).
  if (c.online && !c.online.applying) return c.send({ t: 'step', step: step.step }, { selected: null, count: null, choice: null });
  const mover = c.snap().turn;
  const start = startOf(c, step, mover);
  let played;
  try {
    played = c.game().play(step.step);
    // The winning step ends the game: record the turn at once rather than ask for a confirm.
    if (c.game().snapshot().winner) c.game().confirm();
  } catch (error) {
    return c.changed({ kind: 'notice', notice: 'failed', args: { why: error.message } });
  }
  c.changed({ kind: 'step', side: mover, who, other: other(mover), step: played }, { selected: null });
  flyStep(c, step, mover, start);
}

/** Where a step's counter (and the blot it hits) are on screen before it is played. */
function startOf({ parts }, step, mover) {
  const b = parts.board;
  return {
    from: step.from === 'tray'
      ? trayDisc(parts.trays[mover]).getBoundingClientRect()
      : b.counterElement(step.from, mover)?.getBoundingClientRect(),
    blot: step.hit ? b.counterElement(step.to)?.getBoundingClientRect() : null,
  };
}

/** Flies the counter of a step just drawn from where it stood (`startOf`), and its blot home. */
function flyStep({ parts }, step, mover, start) {
  const b = parts.board;
  fly(`disc-${mover}`, start.from, b.counterElement(step.to, mover), b.counterPx());
  if (start.blot) {
    const home = parts.trays[other(mover)].querySelector('.pile-sent-home .disc');
    fly(`disc-${other(mover)}`, start.blot, home, b.counterPx());
  }
}

/**
 * The computer's whole turn: throw, think in the worker, then play the chosen steps one at a
 * time at the page's pace and confirm.
 */
async function computerTurn(c, { current, until }) {
  const { route, snap } = c;
  const side = snap().turn;
  const who = c.computerLabel();
  if (!snap().thrown) {
    await until(route.pace);
    if (!current()) return;
    c.changed({ kind: 'throw', side, who, values: c.game().throwDice() }, { trail: null, replaying: null });
  }
  const before = c.get().turnStart;
  const asked = performance.now();
  const steps = await c.worker.ask({
    game: GAME.id, kind: 'choose', position: snap().position, level: c.get().opponent.level,
    seed: snap().turnSeed, budget: BUDGET,
  });
  // Let the throw be seen before the first step, however fast the answer came.
  await until(route.pace - (performance.now() - asked));
  if (!current()) return;
  c.store.dispatch({ thinking: false });
  for (const step of steps) {
    play(c, step, who);
    if (snap().winner) return;
    await until(route.pace);
    if (!current()) return;
  }
  const { steps: played, dice } = snap();
  c.game().confirm();
  // Handing the turn over clears computerBusy, and nothing after this may clear it again:
  // when the computer throws again (three alike), this dispatch has already started its
  // next turn, and a second clearing would start another beside it.
  c.changed({ kind: 'confirm', side, who, other: other(side), steps: played, dice: dice.map((d) => d.value) },
    { computerBusy: false, trail: { side, steps: played, dice, before } });
}

/**
 * Plays the last turn again on the board: from the position it was thrown in, one step at a
 * time with its dice, the counters flying as they did; then the game's own position is back.
 * The engine plays the steps on a copy, so the frames are its own positions.
 */
async function showAgain(c) {
  const { get, store } = c;
  const { trail, epoch } = get();
  if (!trail?.before || get().replaying) return;
  const copy = c.safe.guard(c.engine.ScriptaGame.fromPosition(trail.before, '0'));
  const frames = [copy.snapshot()];
  try {
    for (const step of trail.steps) {
      copy.play(step.step);
      frames.push(copy.snapshot());
    }
  } finally {
    copy.free();
  }
  const pause = () => wait(Math.max(c.route.pace, 300) * 2);
  const still = () => get().epoch === epoch && get().trail === trail && !c.life.destroyed
    && get().replaying?.frames === frames;
  store.dispatch({ replaying: { trail, frames, at: 0 } });
  for (let at = 1; at < frames.length; at++) {
    await pause();
    if (!still()) return;
    const step = trail.steps[at - 1];
    const start = startOf(c, step, trail.side);
    store.dispatch({ replaying: { trail, frames, at } });
    flyStep(c, step, trail.side, start);
  }
  await pause();
  if (still()) store.dispatch({ replaying: null });
}

/** The last event, unless it answered a tap (a refusal, a pick, a question): a tap replaces it. */
const unrefused = (c) => (['refuse', 'pick', 'ways'].includes(c.get().event?.kind) ? null : c.get().event);

/**
 * The picked counters go to `to`: at once, or after asking which dice when several take
 * them there.
 */
function land(c, to) {
  const { selected, count } = c.get();
  const there = ways(c.sources(c.get()).get(selected), count).get(to);
  if (there.length === 1) return play(c, there[0]);
  c.store.dispatch({ choice: { to, steps: there }, event: { kind: 'ways', side: c.snap().turn, to } });
}

/** Picks up the source `key`: the fewest counters that may move from it. */
function pickUp(c, key) {
  const steps = c.sources(c.get()).get(key);
  const count = counts(steps)[0];
  c.store.dispatch({ selected: key, count, choice: null, event: picking(c, key, steps, count) });
}

/** A tap on the picked source: one more counter of its stack, or past the most, let go. */
function pickMore(c) {
  const { selected, count } = c.get();
  const steps = c.sources(c.get()).get(selected);
  const next = more(steps, count);
  if (next === null) return c.store.dispatch({ selected: null, count: null, choice: null, event: unrefused(c) });
  c.store.dispatch({ count: next, choice: null, event: picking(c, selected, steps, next) });
}

/** What the status line says on picking `count` counters from `key`: how many, for a stack. */
function picking(c, key, steps, count) {
  if (counts(steps).length < 2) return unrefused(c);
  return { kind: 'pick', side: c.snap().turn, from: key, count, last: more(steps, count) === null };
}

/** Answers a tap on the board between its places (a gap, the frame): it is no move either. */
function between(c) {
  if (c.notNow()) return c.refused(null, c.notNow());
  if (c.get().choice) return c.store.dispatch({ choice: null, event: unrefused(c) });
  c.refused(null, { code: 'between' });
}

/** Answers a tap on `place` that plays nothing and picks nothing up. */
function cannot(c, place) {
  const { selected, count } = c.get();
  const steps = selected === null ? [] : c.sources(c.get()).get(selected);
  if (!steps.some((s) => s.to === keyOf(place))) return c.refused(place, c.game().refusal(selected, placeCode(place)));
  // Another number of the picked stack's counters goes there, which the engine, asked
  // about the source alone, would not refuse: the words say to pick another number.
  refuse(place.element);
  c.store.dispatch({ choice: null, event: { kind: 'pick', side: c.snap().turn, from: selected, count, wrong: true } });
}

function handler(c) {
  const { get, store } = c;
  return {
    tap(place) {
      if (c.notNow()) return c.refused(place, c.notNow());
      const key = keyOf(place);
      const { selected, choice } = get();
      // A tap on the board while the dice are asked for is the next thing to do; on the
      // cell asked about, it closes the question.
      if (choice && key === choice.to) return store.dispatch({ choice: null, event: unrefused(c) });
      if (selected !== null && key === selected) return pickMore(c);
      if (selected !== null && place.element.hasAttribute('data-target')) return land(c, key);
      if (place.element.hasAttribute('data-selectable')) return pickUp(c, key);
      return cannot(c, place);
    },
    dragFrom(place) {
      if (!place.element.hasAttribute('data-selectable')) return null;
      if (keyOf(place) !== get().selected) pickUp(c, keyOf(place));
      return `disc-${c.snap().turn}`;
    },
    drop(place) {
      if (!place) return;
      if (place.element.hasAttribute('data-target')) {
        land(c, keyOf(place));
      } else if (keyOf(place) !== get().selected) {
        cannot(c, place);
      }
    },
  };
}

const actions = {
  choose(c, target) {
    const step = c.get().choice?.steps.find((s) => s.step === target.dataset.step);
    if (step) play(c, step);
  },
  'choice-cancel': (c) => c.store.dispatch({ choice: null, event: unrefused(c) }),
  throw(c) {
    if (c.online) return c.send({ t: 'throw' });
    const side = c.snap().turn;
    c.changed({ kind: 'throw', side, values: c.game().throwDice() }, { trail: null, replaying: null });
  },
  undo(c) {
    if (c.online) return c.send({ t: 'undo' }, { selected: null });
    undoStep(c);
  },
  confirm(c) {
    if (c.online) return c.send({ t: 'confirm' }, { selected: null });
    confirmTurn(c);
  },
  replay: showAgain,
};

function undoStep(c, who) {
  const side = c.snap().turn;
  c.changed({ kind: 'undo', side, who, other: other(side), step: c.game().undo() }, { selected: null });
}

/** Ends the turn on the engine; its steps stay on the board as the trail until the next throw. */
function confirmTurn(c, who) {
  const side = c.snap().turn;
  const { steps, dice } = c.snap();
  const before = c.get().turnStart;
  c.game().confirm();
  c.changed({ kind: 'confirm', side, who, other: other(side), steps, dice: dice.map((d) => d.value) },
    { trail: { side, steps, dice, before } });
}

/**
 * A server's accepted action on the mirror, before it is rebuilt from the state's save: a
 * step flies and is said, a confirm leaves its trail; a throw is in the save, said after.
 */
const ONLINE = {
  before(c, action, who) {
    const bare = (text) => text.replace(/\*$/, '');
    if (action.t === 'step') {
      const step = [...legal(c.snap()).values()].flat().find((s) => bare(s.step) === bare(action.step));
      if (step) play(c, step, who);
    } else if (action.t === 'confirm' && !c.snap().winner) {
      confirmTurn(c, who);
    } else if (action.t === 'undo') {
      undoStep(c, who);
    }
    return action.t === 'throw' ? { trail: null, replaying: null } : {};
  },
  after(c, action, who) {
    // The server ends the game on the winning turn's confirm, which the page makes at once
    // for its own winning step, as it does for a game on this device.
    if (action.t === 'step' && !who && c.snap().winner && c.get().online.status === 'playing') c.send({ t: 'confirm' });
    if (action.t !== 'throw') return;
    const s = c.snap();
    c.store.dispatch({ event: { kind: 'throw', side: s.turn, who, values: s.dice.map((d) => d.value) } });
  },
};

/** The words of the command line: questions about the board, and the buttons by name. */
function commands(c) {
  const { t, i18n, get, snap } = c;
  const mine = () => get().opponent.human ?? snap().turn;
  const marksOf = (side) => snap().marks.filter((m) => m.side === side);
  const you = () => get().opponent.human ?? null;
  const say = c.say;
  const { geometry } = c.parts;
  return {
    where() {
      const side = mine();
      const on = marksOf(side).map((m) => t('a11y.where.mark', { count: m.count, mark: c.words.mark(m.mark, side, you()) }));
      return say('a11y.where', {
        side: t(`side.${side}`), marks: on.length ? i18n.list(on) : t('a11y.where.none'), ...snap()[side],
      });
    },
    blocked() {
      const side = mine();
      // The engine decides where one counter of this side cannot land (columns, private cells).
      const held = snap().blocked[side];
      return held.length
        ? say('a11y.blocked', { side: t(`side.${side}`), marks: i18n.list(held), count: held.length })
        : say('a11y.blocked.none', { side: t(`side.${side}`) });
    },
    throw: () => c.press('throw'),
    undo: () => c.press('undo'),
    confirm: () => c.press('confirm'),
    hint: () => c.press('hint'),
    help: () => c.keys.open(),
  };
}

/** A step typed on the command line, played when legal; else the engine says why. */
function playText(c, text) {
  const want = text.toLowerCase().replace(/\*$/, '');
  const step = [...c.sources(c.get()).values()].flat().find((s) => s.step.replace(/\*$/, '') === want);
  if (step) {
    play(c, step);
    return true;
  }
  // Online the server is asked, and answers with a refusal if it is not legal.
  if (c.online) {
    c.send({ t: 'step', step: text });
    return true;
  }
  // Not a legal step now: the engine says why (and plays it, should it know better).
  const side = c.snap().turn;
  try {
    const played = c.game().play(text);
    if (c.game().snapshot().winner) c.game().confirm();
    c.changed({ kind: 'step', side, other: other(side), step: played }, { selected: null });
    return true;
  } catch (error) {
    c.say('a11y.command.refused', { text, why: error.message });
    return false;
  }
}

/** One tab stop for the board: the trays, the marks and the exits, in their drawn layout. */
function roving(c) {
  const { dom, get, store } = c;
  return {
    items: () => [...dom.main.querySelectorAll('[data-tray], [data-mark], [data-off]')],
    keyOf: (el) => el.dataset.mark ?? (el.dataset.tray ? `tray:${el.dataset.tray}` : `off:${el.dataset.off}`),
    preferred: () => dom.main.querySelector('.selected[data-mark], .selected[data-tray], [data-selectable], [data-target]')
      ?? dom.main.querySelector('.tray.to-move'),
    onEscape: () => {
      if (get().choice) store.dispatch({ choice: null, event: unrefused(c) });
      else if (get().selected !== null) store.dispatch({ selected: null, count: null, event: unrefused(c) });
    },
  };
}

/** A click: a button's action, or, on the choice of dice or the board between places, an answer. */
function click(c, event, run) {
  const { root, dom } = c;
  const target = event.target.closest('[data-action]');
  const choosing = dom.choice.contains(event.target);
  if (target && !target.disabled && root.contains(target)) run(target.dataset.action, target);
  // A tap on the choice of dice but off its buttons closes it, as one elsewhere on the board does.
  else if (choosing) run('choice-cancel');
  else if (dom.board.contains(event.target) && !placeOf(event.target)) between(c);
  // The choice gone with the focus in it: the focus goes back to the board.
  if (choosing && dom.choice.hidden) c.roving.focus();
}

/** Escape on the choice of dice closes it; a turned phone draws the board the other way. */
function attach(c) {
  const { dom, parts } = c;
  const onChoiceKey = (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    actions['choice-cancel'](c);
    c.roving.focus();
  };
  dom.choice.addEventListener('keydown', onChoiceKey);
  const onTurn = () => {
    drawBoard(c);
    c.render();
  };
  parts.portrait.addEventListener('change', onTurn);
  return () => {
    dom.choice.removeEventListener('keydown', onChoiceKey);
    parts.portrait.removeEventListener('change', onTurn);
  };
}

/**
 * The opening throw that chose who opens, while the game has not begun: "Albi 1-2-1 (4),
 * Nigri 5-4-3 (12)". Null where the rules name the opener.
 */
function opening(game) {
  const snap = game.snapshot();
  if (!snap.opening) return null;
  const said = ({ dice, total }) => `${dice.join('-')} (${total})`;
  return {
    notice: 'opening',
    args: { albi: said(snap.opening.albi), nigri: said(snap.opening.nigri) },
    keys: { albiSide: 'side.albi', nigriSide: 'side.nigri', opener: `side.${snap.opener}` },
  };
}

const SCRIPTA = {
  GAME,
  rules: { sides: GAME.sides, over: (snap) => Boolean(snap.winner), progress: (snap) => snap.turns },
  commandAbout: 'a11y.command.scripta',
  // The example bears off from the board's last group of marks, wherever its track ends: the
  // board on show, or before the engine has said which, the build's picture of the first preset.
  commandExample: ({ parts }) => {
    const { cells } = parts.geometry ?? PICTURES.scripta[GAME.presets[0]].geometry;
    return { off: Math.max(...cells.map((cell) => cell.mark)) - 3 };
  },
  faceAttribute: 'data-face',
  layout,
  furnish,
  rulesClash: (engine, rules) => engine.ScriptaGame.rulesClash(rules)?.map((key) => `option.scripta.${key}`),
  restore: (engine, saved) => engine.ScriptaGame.restore(saved),
  // A position names its own rules.
  create: (engine, { rules, seed, position }) => (position
    ? engine.ScriptaGame.fromPosition(position, seed)
    : new engine.ScriptaGame(seed, undefined, rules)),
  setup,
  opening,
  state: freshState,
  legal,
  derive,
  checked,
  render,
  playing: (state, acts) => acts === 'computer',
  alone: ['refuse', 'say', 'hint', 'pick', 'ways'],
  situation: (c, state, { you, human }) => c.words.situation(state.snap, {
    counters: c.parts.geometry.counters, you, level: c.levelName(), coach: human ? coaching(c, state, c.sources(state)) : null,
  }),
  ending,
  computerTurn,
  computerIdle: {},
  // A refused tap closes the question of which dice.
  tapped: { choice: null },
  hint: {
    start: {},
    ask: () => ({}),
    shown: (c, steps, position) => ({ hint: { position, steps }, event: { kind: 'hint', side: c.snap().turn, who: c.t(`level.${GAME.hintLevel}`), steps } }),
  },
  actions,
  // The rules of the reading being played.
  rulesModule: RULES,
  rulesPage: (c, body, page) => page.renderRules(body, c.i18n, c.engine, { rules: c.snap().rules }),
  link: (snap) => query({ game: GAME.id, position: snap.position }),
  keyRows: [
    ['a11y.key.arrows', 'a11y.keys.arrows'], ['a11y.key.enter', 'a11y.keys.enter'],
    ['a11y.key.escape', 'a11y.keys.escape'], ['a11y.key.throw', 'a11y.keys.throw'],
    ['a11y.key.undo', 'a11y.keys.undo'], ['a11y.key.confirm', 'a11y.keys.confirm'],
    ['a11y.key.hint', 'a11y.keys.hint'], ['a11y.key.help', 'a11y.keys.help'],
  ],
  shortcuts: ['throw', 'undo', 'confirm', 'hint'],
  commands,
  playText,
  roving,
  handler,
  placeOf,
  click,
  attach,
  online: ONLINE,
};

/**
 * Mounts the game on `root`. `ctx`: {ready(game) (gives its wasm module), i18n, route, worker,
 * go(query)}. Resolves to {destroy} once the engine has arrived and the game is drawn.
 */
export const mountScripta = (root, ctx) => mountGame(root, ctx, SCRIPTA);
