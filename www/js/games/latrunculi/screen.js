// The Latrunculi screen. Its state lives in one store: the engine's game and snapshot, who
// plays, the selected counter, the hint on show, the computer's progress and the last thing
// that happened. Actions change the game through the engine and dispatch the new snapshot;
// subscribers draw, save on real changes and start the computer's turn.

import { createStore } from '../../app/store.js';
import { HUMAN, computerSide } from '../../app/opponent.js';
import { button, div, wait, header, statusLine, gameOverPanel, sayWinner, startingGame } from '../../app/game-screen.js';
import { safeguards } from '../../app/safeguards.js';
import { noticeWords, joined } from '../../app/notices.js';
import { createNewGameDialog, createPageDialog } from '../../app/dialogs.js';
import { attachRecordMenu, playerNames } from '../../app/record-menu.js';
import { query } from '../../app/route.js';
import * as storage from '../../app/storage.js';
import { attachInput } from '../../kit/input.js';
import { fly, refuse } from '../../kit/animate.js';
import { createBoard } from './board.js';
import { createWords } from './words.js';
import { renderRules } from './rules.js';
import { attachRoving, attachShortcuts } from '../../kit/keyboard.js';
import { createCommandLine, createKeysDialog, commandWords } from '../../kit/command.js';
import { GAME } from './meta.js';

const BUDGET = 300; // ms the strongest player may search for a move in the page
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
  const placeRest = button('place-rest', t('action.placeRest'), 'primary');
  const replay = button('replay', t('action.replay'));
  acts.append(placeRest, button('undo', t('action.undo')), hint, replay);
  controls.append(clock, acts);
  main.append(status, black, wrap, white, controls);

  const { over, overTitle, overText } = gameOverPanel({ t });

  root.replaceChildren(bar, main, over);
  return {
    main, status, board, clock, over, overTitle, overText, camps,
    buttons: { placeRest, undo: acts.querySelector('[data-action="undo"]'), hint, replay, face },
  };
}

/**
 * Mounts the game on `root`. `ctx`: {ready() (gives the wasm module), i18n, route, worker,
 * go(query)}. Resolves to {destroy, drawn} once the engine has arrived and the game is drawn.
 */
export async function mountLatrunculi(root, ctx) {
  const { i18n, route, worker } = ctx;
  const { t } = i18n;
  const words = createWords(i18n);
  // The screen's frame and words are drawn before the engine arrives, so a slow network shows
  // the game at once and only the board waits.
  const dom = layout(root, i18n);
  dom.status.textContent = t('app.loading');
  dom.status.dataset.say = 'app.loading';
  const commandLine = createCommandLine(dom.main, i18n, { about: 'a11y.command.latrunculi', run: (text) => command(text), onKeys: () => keys.open() });
  ctx.furnish();
  // Until the engine is here nothing can be played: the buttons wait too.
  const waiting = Object.values(dom.buttons);
  for (const b of waiting) b.disabled = true;
  const engine = await ctx.ready();
  for (const b of waiting) b.disabled = false;
  const life = { destroyed: false };

  // --- Choosing the game: the saved game of this link, or the one the link asks for ---
  const told = [...ctx.told];
  const start = startingGame(GAME, route, told, {
    restore: (saved) => engine.LatrunculiGame.restore(saved),
    fromLink,
    handoff: ctx.handoff,
  });

  /** The game the link asks for; problems with the link are added to `told`. */
  function fromLink() {
    let rules = route.rules ?? 'piso';
    try {
      new engine.LatrunculiGame(rules).free();
    } catch {
      told.push({ notice: 'unknownRules', args: { value: rules, fallback: 'rules.latrunculi.piso' } });
      rules = 'piso';
    }
    let seed = route.seed ?? undefined;
    if (seed !== undefined) {
      try {
        new engine.LatrunculiGame(rules, undefined, seed).free();
      } catch (error) {
        told.push({ notice: 'badSeed', args: { why: error.message } });
        seed = undefined;
      }
    }
    if (route.position) {
      try {
        return new engine.LatrunculiGame(rules, route.position, seed);
      } catch (error) {
        told.push({ notice: 'badPosition', args: { why: error.message } });
      }
    }
    return new engine.LatrunculiGame(rules, undefined, seed);
  }

  /**
   * The last move of `g` as the engine played it (with what it took) and the squares before it.
   * A restored game keeps no such note, so the engine takes the move back and plays it again.
   */
  function lastPlayed(g) {
    if (!g.snapshot().canUndo) return null;
    const move = g.undo();
    const before = g.snapshot().squares;
    g.play(move.move);
    return { move, before };
  }

  const store = createStore({
    game: start.game,
    snap: start.game.snapshot(),
    opponent: start.opponent,
    selected: null,
    event: told.length ? { kind: 'notices', list: told } : null,
    hint: null, // {position, move} while a hint is drawn for that position
    last: lastPlayed(start.game), // {move, before} of the last move: the MoveView, the squares before it
    showing: null, // the `last` that "show again" is drawing before its move, or null
    coming: null, // the square whose counter the computer is about to move
    face: storage.loadSetting('face'), // the face-to-face layout for pass and play
    hintPending: false,
    thinking: false,
    computerBusy: false,
    epoch: 0, // bumped by every new game, so a computer turn or hint of an older game stops
  });
  const safe = safeguards(root, ctx, GAME, {
    opponent: () => store.get().opponent,
    say: (notice) => queueMicrotask(() => store.dispatch({ event: { kind: 'notice', notice } })),
    stop: () => { life.destroyed = true; },
    saving: start.saving,
  });

  // The board is drawn again only when its size or corner rule changes (a new game may bring both).
  const board = { current: null, shape: '' };
  function boardFor(s) {
    const corners = s.rules.includes('corner=on');
    const shape = `${s.width}x${s.height}:${corners}`;
    if (shape === board.shape) return board.current;
    board.current?.destroy();
    board.shape = shape;
    board.current = createBoard(dom.board, s, {
      i18n, corners, label: t('board.latrunculi', { width: s.width, height: s.height }),
    });
    return board.current;
  }

  // One tab stop for the board: its squares, in their drawn grid.
  const roving = attachRoving(dom.main, {
    items: () => [...dom.board.querySelectorAll('[data-square]')],
    keyOf: (el) => el.dataset.square,
    preferred: () => dom.board.querySelector('.selected[data-square], [data-selectable], [data-target]'),
    onEscape: () => get().selected !== null && store.dispatch({ selected: null, event: null }),
  });

  // --- Reading the state ---
  const get = store.get;
  const game = () => safe.guard(get().game);
  const snap = () => get().snap;
  const computer = () => computerSide(get().opponent, GAME.sides);
  const computerToMove = () => !snap().result && snap().turn === computer();
  const computerLabel = () => t('computer.name', { level: t(`level.${get().opponent.level}`), side: t(`side.${computer()}`) });
  const humanToMove = (state) => !state.snap.result && state.snap.turn !== computerSide(state.opponent, GAME.sides);
  /** The legal moves by source while a human has the move (none during the computer's turn). */
  const sources = (state) => (humanToMove(state) && state.snap.phase === 'move'
    ? new Map(state.snap.sources.map((group) => [group.from, group.moves]))
    : new Map());
  const dialogOpen = () => Boolean(root.querySelector('dialog[open]'));

  /** Sets the game's new snapshot (after the engine changed it), with what happened. */
  function changed(event, extra = {}) {
    const next = game().snapshot();
    const state = get();
    const hint = state.hint && state.hint.position === next.position ? state.hint : null;
    const merged = { ...state, snap: next, ...extra };
    const selected = sources(merged).has(merged.selected) ? merged.selected : null;
    store.dispatch({ snap: next, hint, event, ...extra, selected });
  }

  // --- Drawing ---
  function render(state) {
    const { snap: s, opponent: who } = state;
    const legal = sources(state);
    const mine = humanToMove(state);
    const chosen = legal.get(state.selected) ?? [];
    const targets = s.phase === 'place'
      ? new Set(mine ? s.placements : [])
      : new Set(chosen.map((m) => m.to));
    const captures = new Map(chosen.map((m) => [m.to, m.captured]));
    // "Show again" draws the position before the last move, nothing to pick on it.
    const showing = state.showing;
    boardFor(s).render({
      position: s.position,
      squares: showing ? showing.before : s.squares,
      selectable: showing ? new Set() : new Set(legal.keys()),
      selected: state.coming ?? state.selected,
      targets: showing ? new Set() : targets,
      captures,
      doomed: new Set(state.hint?.move.captured ?? []),
      last: s.result ? null : state.last?.move ?? null,
      hint: state.hint?.move ?? null,
    });
    dom.board.toggleAttribute('data-showing', Boolean(showing));
    for (const side of GAME.sides) renderCamp(side, state);

    const left = s.clockLimit - s.clock;
    dom.clock.hidden = s.phase !== 'move' || Boolean(s.result) || left >= CLOCK_WARNING;
    dom.clock.dataset.clock = String(left);
    dom.clock.textContent = t('clock.latrunculi', { count: left, limit: s.clockLimit / 2 });

    const placing = s.phase === 'place' && !s.result;
    dom.buttons.placeRest.hidden = !placing;
    dom.buttons.placeRest.disabled = !mine;
    // Not after the end (`mine` is false then): Play again and the record are what is left.
    dom.buttons.undo.disabled = !s.canUndo || !mine || state.computerBusy;
    dom.buttons.hint.disabled = !mine || state.hintPending;
    dom.buttons.hint.setAttribute('aria-pressed', String(Boolean(state.hint)));
    dom.buttons.hint.setAttribute('aria-busy', String(state.hintPending));
    // While placing, "place the rest" has its room: a placement has no path to show again.
    dom.buttons.replay.hidden = placing;
    dom.buttons.replay.disabled = !state.last || Boolean(s.result) || Boolean(showing) || state.computerBusy;
    dom.buttons.face.hidden = who.kind === 'computer';
    dom.buttons.face.setAttribute('aria-pressed', String(state.face));
    dom.main.toggleAttribute('data-facing', state.face && who.kind !== 'computer');
    dom.main.dataset.turn = s.turn;
    const body = document.body;
    body.dataset.turn = s.turn;
    body.dataset.phase = s.phase;
    body.toggleAttribute('data-thinking', state.thinking);
    body.dataset.opponent = who.kind;
    if (who.kind === 'computer') body.dataset.level = who.level;
    else delete body.dataset.level;
    const you = who.kind === 'computer' ? who.human : null;
    // Say each thing once: a refusal stands alone; during the computer's turn, only what it does.
    let situation = words.situation(s, { you, level: t(`level.${who.level}`), coach: mine ? coaching(state) : null });
    if (state.thinking) situation = { key: 'situation.thinking', text: t('situation.thinking', { who: t(`level.${who.level}`) }) };
    else if (state.coming) situation = { key: 'situation.playing', text: t('situation.playing', { who: computerLabel() }) };
    else if (state.event?.kind === 'refuse' || state.event?.kind === 'say') situation = null;
    const message = joined([eventWords(state.event, you), situation]);
    // Written only when it changes, so a screen reader announces each thing once.
    if (dom.status.textContent !== message.text) dom.status.textContent = message.text;
    dom.status.dataset.say = message.key;
    renderGameOver(s);
    roving.refresh();
  }

  function renderCamp(side, state) {
    const { snap: s, opponent: who } = state;
    const box = dom.camps[side];
    const player = who.kind !== 'computer' ? '' : side === who.human ? t('tray.you') : t(`level.${who.level}`);
    const toMove = side === s.turn && !s.result;
    box.classList.toggle('to-move', toMove);
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
    const row = box.querySelector('.camp-row');
    const discs = [];
    for (let i = 0; i < Math.min(s.captured[side], SHOWN_CAPTURES); i++) {
      const disc = document.createElement('span');
      disc.className = `lat-disc lat-disc-${other(side)}`;
      discs.push(disc);
    }
    row.replaceChildren(...discs);
  }

  function eventWords(event, you) {
    if (event?.kind === 'notices') return joined(event.list.map((n) => noticeWords(i18n, GAME.levels, n)));
    if (event?.kind === 'notice') return noticeWords(i18n, GAME.levels, event);
    if (event?.kind === 'say') return { key: event.key, text: t(event.key, event.args) };
    return words.event(event, you);
  }

  /** A newcomer's first placement and first move are explained, until they have made them. */
  function coaching(state) {
    const s = state.snap;
    if (s.result || state.hint) return null;
    if (s.phase === 'place') return s.moves < 2 ? 'place' : null;
    if (s.lastMoves[s.turn] !== null) return null;
    return state.selected === null ? 'move' : 'target';
  }

  function renderGameOver(s) {
    if (s.result && dom.over.hidden) document.dispatchEvent(new CustomEvent('ludi:gameover', { detail: { winner: s.result.winner, rules: route.rules ?? 'piso', turns: s.moves } }));
    // The panel covers the board: the focus goes to Play again rather than stay hidden under it.
    const opening = dom.over.hidden && Boolean(s.result);
    dom.over.hidden = !s.result;
    if (opening) dom.over.querySelector('[data-action="again"]')?.focus();
    if (s.result) {
      dom.over.dataset.winner = s.result.winner;
      dom.over.dataset.reason = s.result.reason;
      if (s.result.winner !== 'draw') sayWinner(dom.overTitle, t, s.result.winner, get().opponent);
      else {
        dom.overTitle.textContent = t('gameOver.latrunculi.draw');
        dom.overTitle.dataset.say = 'gameOver.latrunculi.draw';
      }
      dom.overText.textContent = words.ending(s);
    } else {
      delete dom.over.dataset.winner;
      delete dom.over.dataset.reason;
    }
  }

  // Saving happens on real changes: a move, a new game or opponent.
  function save(state, previous) {
    if (previous && state.snap.position === previous.snap.position && state.snap.moves === previous.snap.moves
      && state.game === previous.game && state.opponent === previous.opponent) return;
    safe.save(state.game, Boolean(state.snap.result));
  }

  function maybeComputer(state) {
    if (!computerToMove() || state.computerBusy || dialogOpen()) return;
    store.dispatch({ computerBusy: true });
    const mine = state.epoch;
    setTimeout(() => computerTurn(mine));
  }

  store.subscribe(render);
  store.subscribe(save);
  store.subscribe(maybeComputer);

  // --- Playing ---
  /** Where the counters that `move` moves and takes stand on the board now, on screen. */
  function rectsOf(move) {
    const b = board.current;
    return {
      start: move.from ? b.counterElement(move.from)?.getBoundingClientRect() : null,
      taken: move.captured.map((sq) => b.counterElement(sq)?.getBoundingClientRect()),
    };
  }

  /** The counter of `move` flies from `start` to where it landed, the taken ones to the row. */
  function animate(move, { start, taken }, duration) {
    const mover = move.side;
    const size = board.current.counterPx();
    if (start) fly(`lat-disc lat-disc-${mover}`, start, board.current.counterElement(move.to), size, duration);
    // The taken counters leave the board for the row of the side that took them.
    const discs = dom.camps[mover].querySelectorAll('.lat-disc');
    taken.forEach((rect, i) => {
      const to = discs[Math.min(discs.length - 1, discs.length - taken.length + i)];
      fly(`lat-disc lat-disc-${other(mover)}`, rect, to, size, duration);
    });
  }

  /**
   * Plays `move` (a MoveView) for the side to move; `who` names a computer, whose counter
   * flies for `duration` ms.
   */
  function play(move, who, extra = {}, duration = undefined) {
    const mover = snap().turn;
    const rects = rectsOf(move);
    const before = snap().squares;
    let played;
    try {
      played = game().play(move.move);
    } catch (error) {
      return changed({ kind: 'notice', notice: 'failed', args: { why: error.message } }, extra);
    }
    changed({ kind: 'play', side: mover, who, move: played }, { selected: null, last: { move: played, before }, showing: null, ...extra });
    animate(played, rects, duration);
    return played;
  }

  /**
   * The computer's move, slow enough to follow: it thinks (in the worker) for two paces at
   * least, picks up its counter for one more, then moves it. `mine` is the game it belongs to:
   * a new game stops it; an open dialog pauses it.
   */
  async function computerTurn(mine) {
    const current = () => mine === get().epoch && !life.destroyed;
    const until = async (ms) => {
      await wait(ms);
      while (current() && dialogOpen()) await wait(100);
    };
    try {
      store.dispatch({ thinking: true });
      const asked = performance.now();
      const move = await worker.ask({
        game: GAME.id, kind: 'choose', position: snap().position, rules: snap().rules,
        level: get().opponent.level, seed: snap().turnSeed, budget: BUDGET,
      });
      await until(2 * route.pace - (performance.now() - asked));
      if (!current()) return;
      if (move.from && route.pace > 0) {
        store.dispatch({ coming: move.from, thinking: false });
        await until(route.pace);
        if (!current()) return;
      }
      // Clearing computerBusy with the move lets the next subscriber start another turn
      // (a computer may place twice running when only it has counters left).
      play(move, computerLabel(), { thinking: false, computerBusy: false, coming: null }, flight());
    } catch (error) {
      // The computer stays busy, so it does not retry in a loop; a new game starts afresh.
      if (current()) {
        store.dispatch({ thinking: false, coming: null, event: { kind: 'notice', notice: 'computerFailed', args: { why: error.message } } });
      }
    }
  }

  /** How long the computer's counter flies, and the one shown again: the pace, within reason. */
  const flight = () => Math.min(Math.max(route.pace, 220), 600);

  /**
   * Shows the last move again: the position before it, the move marked and said, for a moment;
   * then the counter moves again and the taken counters leave once more. A tap on the board
   * ends it.
   */
  async function showAgain() {
    const { last, epoch } = get();
    if (!last) return;
    // The status says the move again, for the eye and the screen reader alike.
    const side = last.move.side;
    const event = { kind: 'play', side, who: side === computer() ? computerLabel() : undefined, move: last.move };
    store.dispatch({ showing: last, hint: null, event });
    await wait(Math.max(route.pace, 300) * 2);
    if (get().epoch !== epoch || get().showing !== last || life.destroyed) return;
    const rects = rectsOf(last.move);
    store.dispatch({ showing: null });
    animate(last.move, rects, flight());
  }

  /** Asks the strongest player for the move here and draws it; asking again hides it. */
  async function showHint() {
    if (get().hint) return store.dispatch({ hint: null, event: null });
    const mine = get().epoch;
    const position = snap().position;
    // A hint is drawn on the board as it stands, so a replay on show gives way.
    store.dispatch({ hintPending: true, showing: null });
    let change;
    try {
      const move = await worker.ask({ game: GAME.id, kind: 'hint', position, rules: snap().rules, budget: BUDGET });
      if (mine === get().epoch && snap().position === position) {
        change = { hint: { position, move }, event: { kind: 'hint', who: t(`level.${GAME.hintLevel}`), move } };
      }
    } catch (error) {
      change = { event: { kind: 'notice', notice: 'hintFailed', args: { why: error.message } } };
    }
    if (mine === get().epoch && !life.destroyed) store.dispatch({ hintPending: false, ...change });
  }

  function refused(place, refusal) {
    refuse(place?.element);
    store.dispatch({ event: { kind: 'refuse', refusal } });
  }

  /** The legal move that takes the selected counter (or a placement) to `square`, if any. */
  function moveTo(square) {
    const state = get();
    if (state.snap.phase === 'place') return { move: `@${square}`, from: null, to: square, captured: [] };
    return sources(state).get(state.selected)?.find((m) => m.to === square);
  }

  const handler = {
    tap(place) {
      if (get().showing) return store.dispatch({ showing: null });
      if (computerToMove()) {
        return refused(place, { code: 'computer-turn', args: { who: computerLabel() } });
      }
      const { selected } = get();
      if (place.element.hasAttribute('data-target')) return play(moveTo(place.square));
      if (place.element.hasAttribute('data-selectable')) {
        return store.dispatch({ selected: selected === place.square ? null : place.square, event: null });
      }
      return refused(place, game().refusal(selected, place.square));
    },
    dragFrom(place) {
      if (get().showing || !place.element.hasAttribute('data-selectable')) return null;
      store.dispatch({ selected: place.square });
      return `lat-disc lat-disc-${snap().turn}`;
    },
    drop(place) {
      if (!place) return;
      if (place.element.hasAttribute('data-target')) play(moveTo(place.square));
      else if (place.square !== get().selected) refused(place, game().refusal(get().selected, place.square));
    },
  };

  function replace(next, vs) {
    game().free();
    const s = safe.guard(next).snapshot();
    store.dispatch({
      game: next,
      snap: s,
      opponent: vs,
      selected: null,
      hint: null,
      hintPending: false,
      last: lastPlayed(next),
      showing: null,
      coming: null,
      thinking: false,
      computerBusy: false,
      epoch: get().epoch + 1,
      event: vs.kind === 'computer'
        ? { kind: 'notice', notice: 'newGameVs', args: { side: t(`side.${s.turn}`), human: t(`side.${vs.human}`), level: t(`level.${vs.level}`) } }
        : { kind: 'notice', notice: 'newGame', args: { side: t(`side.${s.turn}`) } },
    });
  }

  /**
   * Takes back the last move; against the computer, back to the human's last move (its reply
   * and the human's move both go), so the human has the move again.
   */
  function undo() {
    const human = get().opponent.kind === 'computer' ? get().opponent.human : null;
    const moves = [game().undo()];
    while (human && game().snapshot().turn !== human && game().snapshot().canUndo) moves.push(game().undo());
    changed({ kind: 'undo', moves }, { selected: null, hint: null, last: lastPlayed(game()), showing: null });
  }

  const newGame = createNewGameDialog(root, i18n, GAME, (choice) => {
    const vs = choice.opponent === 'computer'
      ? { kind: 'computer', level: choice.level, human: choice.side }
      : HUMAN;
    if (vs.kind === 'computer') worker.warmUp();
    replace(new engine.LatrunculiGame(snap().rules), vs);
  });
  const rules = createPageDialog(root, i18n, 'rules', (body) => renderRules(body, i18n, engine, snap().preset ?? snap().rules));
  const keys = createKeysDialog(root, i18n, [
    ['a11y.key.arrows', 'a11y.keys.arrows'], ['a11y.key.enter', 'a11y.keys.enter.latrunculi'],
    ['a11y.key.escape', 'a11y.keys.escape'], ['a11y.key.undo', 'a11y.keys.undo'],
    ['a11y.key.hint', 'a11y.keys.hint'], ['a11y.key.help', 'a11y.keys.help'],
  ]);
  const records = attachRecordMenu(root, { ...ctx, engine }, {
    game: GAME.id,
    record: (date) => game().record(...playerNames(i18n, get().opponent, GAME.sides), date),
    link: () => query({ game: GAME.id, rules: snap().preset ?? snap().rules, position: snap().position }),
    say: (key, args) => say(key, args),
  });
  // A dialog closing lets a paused computer carry on.
  for (const dialog of root.querySelectorAll('dialog')) {
    dialog.addEventListener('close', () => maybeComputer(get()));
  }

  function act(action) {
    try {
      if (records.act(action)) return;
      if (action === 'place-rest') {
        const placed = game().placeRest();
        changed({ kind: 'placeRest', count: placed.length }, { selected: null, last: null, showing: null });
      } else if (action === 'undo') {
        undo();
      } else if (action === 'again') {
        replace(game().nextGame(), get().opponent);
      } else if (action === 'hint') {
        showHint();
      } else if (action === 'replay') {
        showAgain();
      } else if (action === 'face') {
        storage.saveSetting('face', !get().face);
        store.dispatch({ face: !get().face });
      } else if (action === 'new') {
        newGame.open({ ...get().opponent, defaultLevel: GAME.defaultLevel });
      } else if (action === 'rules') {
        rules.open();
      } else if (action === 'home') {
        ctx.go('./');
      }
    } catch (error) {
      store.dispatch({ event: { kind: 'notice', notice: 'failed', args: { why: error.message } } });
    }
  }

  // --- Without a mouse: keys for the actions, and a command line for moves and questions ---
  const say = (key, args = {}) => store.dispatch({ event: { kind: 'say', key, args } });
  const buttonOf = { undo: dom.buttons.undo, hint: dom.buttons.hint, 'place-rest': dom.buttons.placeRest, replay: dom.buttons.replay };
  /** Runs an action as its button would, or says why it cannot be done now. */
  function press(action) {
    const b = buttonOf[action];
    if (b && !b.disabled && !b.hidden) act(action);
    else say('a11y.cannot', { action: t(action === 'place-rest' ? 'action.placeRest' : `action.${action}`) });
  }
  const mine = () => (get().opponent.kind === 'computer' ? get().opponent.human : snap().turn);
  const squaresOf = (side) => snap().squares.filter((q) => q.piece === side).map((q) => q.square);
  const asked = {
    where() {
      const told = [mine(), other(mine())].map((side) => {
        const on = squaresOf(side);
        return t('a11y.latrunculi.where', { side: t(`side.${side}`), count: on.length, squares: on.length ? i18n.list(on) : t('a11y.where.none') });
      });
      say('a11y.latrunculi.whereBoth', { mine: told[0], theirs: told[1] });
    },
    blocked() {
      const side = mine();
      const free = new Set(snap().turn === side ? snap().sources.map((g) => g.from) : []);
      const stuck = snap().phase === 'move' ? squaresOf(side).filter((q) => !free.has(q)) : [];
      if (stuck.length) say('a11y.latrunculi.blocked', { side: t(`side.${side}`), count: stuck.length, squares: i18n.list(stuck) });
      else say('a11y.latrunculi.blocked.none', { side: t(`side.${side}`) });
    },
    undo: () => press('undo'),
    hint: () => press('hint'),
    rest: () => press('place-rest'),
    help: () => keys.open(),
  };
  const spoken = commandWords(i18n, Object.keys(asked));
  /** A command typed on the command line: a word above, or a move played through the engine. */
  function command(text) {
    const word = spoken.get(text.toLowerCase());
    if (word) {
      asked[word]();
      return true;
    }
    if (computerToMove()) {
      say('refuse.computer-turn', { who: computerLabel() });
      return false;
    }
    const want = text.toLowerCase();
    const s = snap();
    const legal = s.phase === 'place' && !s.result
      ? s.placements.filter((q) => `@${q}` === want).map((q) => moveTo(q))
      : s.sources.flatMap((g) => g.moves).filter((m) => m.move === want);
    if (legal.length) {
      play(legal[0]);
      return true;
    }
    // Not a legal move now: the engine says why (and plays it, should it know better).
    const side = s.turn;
    try {
      const before = s.squares;
      const played = game().play(text);
      changed({ kind: 'play', side, move: played }, { selected: null, last: { move: played, before }, showing: null });
      return true;
    } catch (error) {
      say('a11y.command.refused', { text, why: error.message });
      return false;
    }
  }
  const shortcut = (key) => t(key).toLowerCase();
  const detachKeys = attachShortcuts({
    [shortcut('a11y.key.undo')]: () => press('undo'),
    [shortcut('a11y.key.hint')]: () => press('hint'),
    [t('a11y.key.help')]: () => keys.open(),
  });

  const detachInput = attachInput(dom.main, handler, placeOf);
  const onClick = (event) => {
    const target = event.target.closest('[data-action]');
    if (target && !target.disabled && root.contains(target)) act(target.dataset.action);
  };
  root.addEventListener('click', onClick);
  if (get().opponent.kind === 'computer') worker.warmUp();
  render(get());
  save(get(), null);
  maybeComputer(get());

  return {
    destroy() {
      life.destroyed = true;
      safe.destroy();
      detachInput();
      detachKeys();
      roving.destroy();
      commandLine.destroy();
      root.removeEventListener('click', onClick);
      game().free();
      for (const key of ['turn', 'opponent', 'level', 'phase']) delete document.body.dataset[key];
      document.body.removeAttribute('data-thinking');
    },
  };
}
