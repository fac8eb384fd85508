// The XII Scripta screen. Its state lives in one store: the engine's game and snapshot, who
// plays, the selected source, the hint on show, the computer's progress and the last thing
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
import { chooseFace } from './faces.js';
import { createTray, renderTray, renderDice, trayDisc } from './trays.js';
import { createWords } from './words.js';
import { counts, more, ways, drawWays } from './chooser.js';
import { renderRules } from './rules.js';
import { attachRoving, attachShortcuts } from '../../kit/keyboard.js';
import { createCommandLine, createKeysDialog, commandWords } from '../../kit/command.js';
import { GAME } from './meta.js';

const BUDGET = 300; // ms the strongest player may search for a move in the page
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

/**
 * Mounts the game on `root`. `ctx`: {ready() (gives the wasm module), i18n, route, worker,
 * go(query)}. Resolves to {destroy, drawn} once the engine has arrived and the game is drawn.
 */
export async function mountScripta(root, ctx) {
  const { i18n, route, worker } = ctx;
  const { t } = i18n;
  // The screen's frame and words are drawn before the engine arrives, so a slow network shows
  // the game at once and only the board waits.
  const dom = layout(root, i18n);
  dom.status.textContent = t('app.loading');
  dom.status.dataset.say = 'app.loading';
  const commandLine = createCommandLine(dom.main, i18n, { about: 'a11y.command.scripta', run: (text) => command(text), onKeys: () => keys.open() });
  const trays = {
    albi: createTray(dom.trays.albi, 'albi', i18n),
    nigri: createTray(dom.trays.nigri, 'nigri', i18n),
  };
  ctx.furnish();
  // Until the engine is here nothing can be played: the buttons wait too.
  const waiting = Object.values(dom.buttons);
  for (const b of waiting) b.disabled = true;
  const engine = await ctx.ready();
  for (const b of waiting) b.disabled = false;
  const life = { destroyed: false };
  const portrait = window.matchMedia('(orientation: portrait)');

  // --- Choosing the game: the saved game of this link, or the one the link asks for ---
  const told = [...ctx.told];
  const start = startingGame(GAME, route, told, {
    restore: (saved) => engine.ScriptaGame.restore(saved),
    fromLink,
    handoff: ctx.handoff,
  });
  const first = start.game;
  const opponent = start.opponent;
  // The inscribed board the marks carry: a picture only, so it is no part of the saved game.
  const inscribed = chooseFace(engine.scriptaFaces(), route, told);

  /** The game the link asks for; problems with the link are added to `told`. */
  function fromLink() {
    // The reading: a preset's id or a key=value text, which the engine reads or refuses.
    let rules = route.rules ?? undefined;
    if (rules !== undefined) {
      try {
        new engine.ScriptaGame('1', undefined, rules).free();
      } catch {
        told.push({ notice: 'unknownRules', args: { value: rules, fallback: 'rules.scripta.austin-murray' } });
        rules = undefined;
      }
    }
    let seed = route.seed ?? undefined;
    if (seed !== undefined) {
      try {
        new engine.ScriptaGame(seed).free();
      } catch (error) {
        told.push({ notice: 'badSeed', args: { why: error.message } });
        seed = undefined;
      }
    }
    if (route.position) {
      try {
        return engine.ScriptaGame.fromPosition(route.position, seed);
      } catch (error) {
        told.push({ notice: 'badPosition', args: { why: error.message } });
      }
    }
    return new engine.ScriptaGame(seed, undefined, rules);
  }

  const geometry = first.geometry();
  const words = createWords(i18n, geometry);
  // Another reading than Austin & Murray's is named beside the game's name.
  const reading = first.snapshot().rules;
  if (reading !== 'austin-murray') {
    const known = ctx.games.scripta.rules.some((r) => r.id === reading);
    const name = document.createElement('span');
    name.className = 'reading';
    name.textContent = t(known ? `rules.scripta.${reading}` : 'rules.scripta.custom');
    root.querySelector('header h1').append(' · ', name);
  }
  const firstSnap = first.snapshot();
  const store = createStore({
    game: first,
    snap: firstSnap,
    opponent,
    selected: null,
    count: null, // how many counters of the selected source move together
    choice: null, // {to, steps} while the player says which dice take them to one place
    event: told.length ? { kind: 'notices', list: told } : null,
    hint: null, // {position, steps} while a hint is drawn for that position
    // {side, steps, dice, before} of the last turn, kept on the board until the next throw:
    // its steps, the throw and the position (with the dice) it was played from.
    trail: null,
    // The position with the dice, as the turn in play was thrown.
    turnStart: firstSnap.thrown && !firstSnap.steps.length ? firstSnap.position : null,
    replaying: null, // {trail, frames, at} while "show again" plays the last turn once more
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
  const board = { current: null };
  const drawBoard = () => {
    board.current?.destroy();
    board.current = createBoard(dom.board, geometry, {
      tall: portrait.matches,
      i18n,
      face: inscribed,
      label: t('board.scripta', { name: geometry.name, rows: geometry.rows, columns: geometry.columns }),
    });
  };
  drawBoard();
  // One tab stop for the board: the trays, the marks and the exits, in their drawn layout.
  const roving = attachRoving(dom.main, {
    items: () => [...dom.main.querySelectorAll('[data-tray], [data-mark], [data-off]')],
    keyOf: (el) => el.dataset.mark ?? (el.dataset.tray ? `tray:${el.dataset.tray}` : `off:${el.dataset.off}`),
    preferred: () => dom.main.querySelector('.selected[data-mark], .selected[data-tray], [data-selectable], [data-target]')
      ?? dom.main.querySelector('.tray.to-move'),
    onEscape: () => {
      if (get().choice) store.dispatch({ choice: null, event: unrefused() });
      else if (get().selected !== null) store.dispatch({ selected: null, count: null, event: unrefused() });
    },
  });

  // --- Reading the state ---
  const get = store.get;
  const game = () => safe.guard(get().game);
  const snap = () => get().snap;
  const computer = () => computerSide(get().opponent, GAME.sides);
  const computerToMove = () => !snap().winner && snap().turn === computer();
  const levelName = () => t(`level.${get().opponent.level}`);
  const computerLabel = () => t('computer.name', { level: levelName(), side: t(`side.${computer()}`) });
  /** The legal steps by source while a human has the move (none during the computer's turn). */
  const sources = (state) => (!state.snap.winner && state.snap.turn !== computerSide(state.opponent, GAME.sides)
    ? new Map(state.snap.sources.map((group) => [group.source, group.steps]))
    : new Map());
  const dialogOpen = () => Boolean(root.querySelector('dialog[open]'));

  /** Sets the game's new snapshot (after the engine changed it), with what happened. */
  function changed(event, extra = {}) {
    const next = game().snapshot();
    const state = get();
    const hint = state.hint && state.hint.position === next.position ? state.hint : null;
    // Where a turn starts, for its trail: the throw made, no step played yet.
    const turnStart = next.thrown && !next.steps.length ? next.position : state.turnStart;
    dispatchChecked({ snap: next, hint, turnStart, ...(event !== undefined ? { event } : {}), ...extra });
  }

  /** Dispatches, dropping a selection that is no longer a legal source. */
  function dispatchChecked(change) {
    const merged = { ...get(), ...change };
    const selected = sources(merged).has(merged.selected) ? merged.selected : null;
    const kept = selected === null ? null : counts(sources(merged).get(selected));
    const count = kept?.includes(merged.count) ? merged.count : kept?.[0] ?? null;
    store.dispatch({ ...change, selected, count, choice: selected === null ? null : merged.choice });
  }

  // --- Drawing ---
  /** 'tray' or 'target' while a newcomer, never having entered a counter, is shown how. */
  function coaching(state, legal) {
    const s = state.snap;
    const own = s[s.turn];
    const fresh = own.waiting === geometry.counters && own.borneOff === 0;
    if (!fresh || !s.thrown || s.turnOver || !legal.has('tray') || state.hint) return null;
    if (state.selected === 'tray') return 'target';
    return state.selected === null && !(state.event?.kind === 'refuse') ? 'tray' : null;
  }

  function render(state) {
    const { snap: s, opponent: who } = state;
    // While the last turn is shown again, the board, trays and dice show its frame; the rest
    // of the screen (buttons, status) stays the game's own.
    const shown = state.replaying ? state.replaying.frames[state.replaying.at] : s;
    const legal = sources(state);
    const humanToMove = !s.winner && s.turn !== computerSide(who, GAME.sides);
    const you = who.kind === 'computer' ? who.human : null;
    const coach = humanToMove ? coaching(state, legal) : null;
    // The destinations of as many counters as are picked, each drawn by its first way.
    const from = legal.get(state.selected) ?? [];
    const targets = new Map([...ways(from, state.count)].map(([to, there]) => [to, there[0]]));
    board.current.render({
      position: s.position,
      marks: shown.marks,
      selectable: new Set([...legal.keys()].filter((k) => k !== 'tray')),
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
    for (const side of GAME.sides) {
      const toMove = side === s.turn && !s.winner;
      const playerId = who.kind !== 'computer' ? '' : side === who.human ? 'you' : who.level;
      const player = playerId === 'you' ? t('tray.you') : playerId ? t(`level.${playerId}`) : '';
      renderTray(trays[side], shown[side], {
        toMove,
        selectable: toMove && legal.has('tray'),
        coach: toMove && coach === 'tray',
        selected: toMove && state.selected === 'tray',
        player,
        playerId,
        thinking: state.thinking && side === computerSide(who, GAME.sides),
      }, i18n);
    }
    // Until the next throw, the dice show the last turn's throw, as past dice (not data-die).
    if (state.replaying) renderDice(dom.dice, shown.dice, geometry.dice, i18n, 'replay');
    else if (!s.thrown && state.trail) renderDice(dom.dice, state.trail.dice, geometry.dice, i18n, 'last');
    else renderDice(dom.dice, s.dice, geometry.dice, i18n);
    const over = Boolean(s.winner);
    dom.buttons.throw.disabled = s.thrown || over || !humanToMove;
    dom.buttons.undo.disabled = s.steps.length === 0 || !humanToMove;
    dom.buttons.confirm.disabled = !s.turnOver || over || !humanToMove;
    dom.buttons.confirm.classList.toggle('primary', s.turnOver && !over && humanToMove);
    dom.buttons.hint.disabled = !s.thrown || s.turnOver || over || !humanToMove || state.hintPending;
    dom.buttons.hint.setAttribute('aria-pressed', String(Boolean(state.hint)));
    dom.buttons.hint.setAttribute('aria-busy', String(state.hintPending));
    const body = document.body;
    body.dataset.turn = s.turn;
    body.toggleAttribute('data-thinking', state.thinking);
    body.dataset.opponent = who.kind;
    if (who.kind === 'computer') body.dataset.level = who.level;
    else delete body.dataset.level;
    // Always in its place, so nothing moves; it can be pressed when there is a turn to show.
    dom.buttons.replay.disabled = !state.trail || state.trail.side === you || !state.trail.steps.length
      || state.replaying !== null;
    dom.main.dataset.near = you ?? GAME.sides[0];
    dom.buttons.face.hidden = who.kind === 'computer';
    dom.buttons.face.setAttribute('aria-pressed', String(state.face));
    dom.main.toggleAttribute('data-face', state.face && who.kind !== 'computer');
    dom.main.dataset.turn = s.turn;
    dom.main.dataset.rules = s.rules;
    // Say each thing once: a refusal stands alone, and so does a hint, which says what to play;
    // during the computer's turn, only what it does.
    const event = eventWords(state.event, you);
    let situation = words.situation(s, { counters: geometry.counters, you, level: levelName(), coach });
    if (state.thinking) situation = { key: 'situation.thinking', text: t('situation.thinking', { who: t(`level.${who.level}`) }) };
    else if (!humanToMove && !s.winner) situation = { key: 'situation.playing', text: t('situation.playing', { who: computerLabel() }) };
    else if (['refuse', 'say', 'hint', 'pick', 'ways'].includes(state.event?.kind)) situation = null;
    const message = joined([event, situation]);
    // Written only when it changes, so a screen reader announces each thing once.
    if (dom.status.textContent !== message.text) dom.status.textContent = message.text;
    dom.status.dataset.say = message.key;
    renderGameOver(s);
    renderChoice(state.choice, you);
    roving.refresh();
  }

  /** The ways to one place to choose between, as their dice beside it, or nothing. */
  function renderChoice(choice, you) {
    const side = snap().turn;
    drawWays(dom.choice, choice?.steps ?? [], {
      t,
      anchor: choice && board.current.placeElement(choice.to, side),
      label: choice && words.event({ kind: 'ways', side, to: choice.to }, you).text,
      hit: (option) => t('choice.hit', { option }),
    });
  }

  function eventWords(event, you) {
    if (event?.kind === 'notices') return joined(event.list.map((n) => noticeWords(i18n, GAME.levels, n)));
    if (event?.kind === 'notice') return noticeWords(i18n, GAME.levels, event);
    if (event?.kind === 'say') return { key: event.key, text: t(event.key, event.args) };
    return words.event(event, you);
  }

  function renderGameOver(s) {
    if (s.winner && dom.over.hidden) document.dispatchEvent(new CustomEvent('ludi:gameover', { detail: { winner: s.winner, rules: route.rules ?? 'austin-murray', turns: s.turns } }));
    // The panel covers the board: the focus goes to Play again rather than stay hidden under it.
    const opening = dom.over.hidden && Boolean(s.winner);
    dom.over.hidden = !s.winner;
    if (opening) dom.over.querySelector('[data-action="again"]')?.focus();
    if (s.winner) {
      dom.over.dataset.winner = s.winner;
      dom.over.dataset.turns = String(s.turns);
      const who = get().opponent;
      const winner = who.kind !== 'computer' ? '' : s.winner === who.human ? '.you' : '.level';
      sayWinner(dom.overTitle, t, s.winner, who);
      dom.overText.textContent = t(`gameOver.scripta${winner}`, {
        side: t(`side.${s.winner}`), level: levelName(), counters: geometry.counters, turns: t('turns', { count: s.turns }),
      });
    } else {
      delete dom.over.dataset.winner;
      delete dom.over.dataset.turns;
    }
  }

  // Saving happens on real changes: a throw, a step, a turn, a new game or opponent.
  function save(state, previous) {
    if (previous && state.snap.position === previous.snap.position && state.snap.turns === previous.snap.turns
      && state.game === previous.game && state.opponent === previous.opponent) return;
    safe.save(state.game, Boolean(state.snap.winner));
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
  /** Plays `step` (one of the legal StepViews) for the side to move; `who` names a computer. */
  function play(step, who) {
    const mover = snap().turn;
    const start = startOf(step, mover);
    let played;
    try {
      played = game().play(step.step);
      // The winning step ends the game: record the turn at once rather than ask for a confirm.
      if (game().snapshot().winner) game().confirm();
    } catch (error) {
      return changed({ kind: 'notice', notice: 'failed', args: { why: error.message } });
    }
    changed({ kind: 'step', side: mover, who, other: other(mover), step: played }, { selected: null });
    flyStep(step, mover, start);
  }

  /** Where a step's counter (and the blot it hits) are on screen before it is played. */
  function startOf(step, mover) {
    const b = board.current;
    return {
      from: step.from === 'tray'
        ? trayDisc(trays[mover]).getBoundingClientRect()
        : b.counterElement(step.from, mover)?.getBoundingClientRect(),
      blot: step.hit ? b.counterElement(step.to)?.getBoundingClientRect() : null,
    };
  }

  /** Flies the counter of a step just drawn from where it stood (`startOf`), and its blot home. */
  function flyStep(step, mover, start) {
    const b = board.current;
    fly(`disc-${mover}`, start.from, b.counterElement(step.to, mover), b.counterPx());
    if (start.blot) {
      const home = trays[other(mover)].querySelector('.pile-sent-home .disc');
      fly(`disc-${other(mover)}`, start.blot, home, b.counterPx());
    }
  }

  /**
   * The computer's whole turn: throw, think in the worker, then play the chosen steps one at a
   * time at the page's pace and confirm. `mine` is the game it belongs to: a new game stops it;
   * an open dialog pauses it.
   */
  async function computerTurn(mine) {
    const current = () => mine === get().epoch && !life.destroyed;
    const until = async (ms) => {
      await wait(ms);
      while (current() && dialogOpen()) await wait(100);
    };
    const side = snap().turn;
    const who = computerLabel();
    try {
      store.dispatch({ thinking: true });
      if (!snap().thrown) {
        await until(route.pace);
        if (!current()) return;
        changed({ kind: 'throw', side, who, values: game().throwDice() }, { trail: null, replaying: null });
      }
      const before = get().turnStart;
      const asked = performance.now();
      const steps = await worker.ask({
        game: GAME.id, kind: 'choose', position: snap().position, level: get().opponent.level,
        seed: snap().turnSeed, budget: BUDGET,
      });
      // Let the throw be seen before the first step, however fast the answer came.
      await until(route.pace - (performance.now() - asked));
      if (!current()) return;
      store.dispatch({ thinking: false });
      for (const step of steps) {
        play(step, who);
        if (snap().winner) return;
        await until(route.pace);
        if (!current()) return;
      }
      const { steps: played, dice } = snap();
      game().confirm();
      // Handing the turn over clears computerBusy, and nothing after this may clear it again:
      // when the computer throws again (three alike), this dispatch has already started its
      // next turn, and a second clearing would start another beside it.
      changed({ kind: 'confirm', side, who, other: other(side), steps: played, dice: dice.map((d) => d.value) },
        { computerBusy: false, trail: { side, steps: played, dice, before } });
    } catch (error) {
      // It stays busy: another try would fail the same way, and the notice offers a new game.
      if (current()) changed({ kind: 'notice', notice: 'computerFailed', args: { why: error.message } }, { thinking: false });
    }
  }

  /**
   * Plays the last turn again on the board: from the position it was thrown in, one step at a
   * time with its dice, the counters flying as they did; then the game's own position is back.
   * The engine plays the steps on a copy, so the frames are its own positions.
   */
  async function showAgain() {
    const { trail, epoch } = get();
    if (!trail?.before || get().replaying) return;
    const copy = safe.guard(engine.ScriptaGame.fromPosition(trail.before, '0'));
    const frames = [copy.snapshot()];
    try {
      for (const step of trail.steps) {
        copy.play(step.step);
        frames.push(copy.snapshot());
      }
    } finally {
      copy.free();
    }
    const still = () => get().epoch === epoch && get().trail === trail && !life.destroyed
      && get().replaying?.frames === frames;
    store.dispatch({ replaying: { trail, frames, at: 0 } });
    for (let at = 1; at < frames.length; at++) {
      await wait(Math.max(route.pace, 300) * 2);
      if (!still()) return;
      const step = trail.steps[at - 1];
      const start = startOf(step, trail.side);
      store.dispatch({ replaying: { trail, frames, at } });
      flyStep(step, trail.side, start);
    }
    await wait(Math.max(route.pace, 300) * 2);
    if (still()) store.dispatch({ replaying: null });
  }

  /** Asks the strongest player for the move here and draws it; asking again hides it. */
  async function showHint() {
    if (get().hint) return store.dispatch({ hint: null, event: null });
    const mine = get().epoch;
    const position = snap().position;
    store.dispatch({ hintPending: true });
    let change;
    try {
      const steps = await worker.ask({ game: GAME.id, kind: 'hint', position, budget: BUDGET });
      if (mine === get().epoch && snap().position === position) {
        change = { hint: { position, steps }, event: { kind: 'hint', side: snap().turn, who: t(`level.${GAME.hintLevel}`), steps } };
      }
    } catch (error) {
      change = { event: { kind: 'notice', notice: 'hintFailed', args: { why: error.message } } };
    }
    if (mine === get().epoch && !life.destroyed) store.dispatch({ hintPending: false, ...change });
  }

  /**
   * The picked counters go to `to`: at once, or after asking which dice when several take
   * them there.
   */
  function land(to) {
    const { selected, count } = get();
    const there = ways(sources(get()).get(selected), count).get(to);
    if (there.length === 1) return play(there[0]);
    store.dispatch({ choice: { to, steps: there }, event: { kind: 'ways', side: snap().turn, to } });
  }

  /** Picks up the source `key`: the fewest counters that may move from it. */
  function pickUp(key) {
    const steps = sources(get()).get(key);
    const count = counts(steps)[0];
    store.dispatch({ selected: key, count, choice: null, event: picking(key, steps, count) });
  }

  /** A tap on the picked source: one more counter of its stack, or past the most, let go. */
  function pickMore() {
    const { selected, count } = get();
    const steps = sources(get()).get(selected);
    const next = more(steps, count);
    if (next === null) return store.dispatch({ selected: null, count: null, choice: null, event: unrefused() });
    store.dispatch({ count: next, choice: null, event: picking(selected, steps, next) });
  }

  /** What the status line says on picking `count` counters from `key`: how many, for a stack. */
  function picking(key, steps, count) {
    if (counts(steps).length < 2) return unrefused();
    return { kind: 'pick', side: snap().turn, from: key, count, last: more(steps, count) === null };
  }

  function refused(place, refusal) {
    refuse(place?.element);
    store.dispatch({ choice: null, event: { kind: 'refuse', side: snap().turn, refusal } });
  }

  /** Answers a tap on the board between its places (a gap, the frame): it is no move either. */
  function between() {
    if (!snap().winner && computerToMove()) return refused(null, { code: 'computer-turn', args: { who: computerLabel() } });
    if (get().choice) return store.dispatch({ choice: null, event: unrefused() });
    refused(null, { code: 'between' });
  }

  /** Answers a tap on `place` that plays nothing and picks nothing up. */
  function cannot(place) {
    const { selected, count } = get();
    const steps = selected === null ? [] : sources(get()).get(selected);
    if (!steps.some((s) => s.to === keyOf(place))) return refused(place, game().refusal(selected, placeCode(place)));
    // Another number of the picked stack's counters goes there, which the engine, asked
    // about the source alone, would not refuse: the words say to pick another number.
    refuse(place.element);
    store.dispatch({ choice: null, event: { kind: 'pick', side: snap().turn, from: selected, count, wrong: true } });
  }

  /** The last event, unless it answered a tap (a refusal, a pick, a question): a tap replaces it. */
  const unrefused = () => (['refuse', 'pick', 'ways'].includes(get().event?.kind) ? null : get().event);

  const handler = {
    tap(place) {
      if (!snap().winner && computerToMove()) {
        return refused(place, { code: 'computer-turn', args: { who: computerLabel() } });
      }
      const key = keyOf(place);
      const { selected, choice } = get();
      // A tap on the board while the dice are asked for is the next thing to do; on the
      // cell asked about, it closes the question.
      if (choice && key === choice.to) return store.dispatch({ choice: null, event: unrefused() });
      if (selected !== null && key === selected) return pickMore();
      if (selected !== null && place.element.hasAttribute('data-target')) return land(key);
      if (place.element.hasAttribute('data-selectable')) return pickUp(key);
      return cannot(place);
    },
    dragFrom(place) {
      if (!place.element.hasAttribute('data-selectable')) return null;
      if (keyOf(place) !== get().selected) pickUp(keyOf(place));
      return `disc-${snap().turn}`;
    },
    drop(place) {
      if (!place) return;
      if (place.element.hasAttribute('data-target')) {
        land(keyOf(place));
      } else if (keyOf(place) !== get().selected) {
        cannot(place);
      }
    },
  };

  function replace(next, vs) {
    game().free();
    const state = get();
    const snapshot = safe.guard(next).snapshot();
    store.dispatch({
      game: next,
      snap: snapshot,
      opponent: vs,
      selected: null,
      count: null,
      choice: null,
      hint: null,
      hintPending: false,
      trail: null,
      turnStart: snapshot.thrown && !snapshot.steps.length ? snapshot.position : null,
      replaying: null,
      thinking: false,
      computerBusy: false,
      epoch: state.epoch + 1,
      event: vs.kind === 'computer'
        ? { kind: 'notice', notice: 'newGameVs', args: { side: t(`side.${snapshot.turn}`), human: t(`side.${vs.human}`), level: t(`level.${vs.level}`) } }
        : { kind: 'notice', notice: 'newGame', args: { side: t(`side.${snapshot.turn}`) } },
    });
  }

  const newGame = createNewGameDialog(root, i18n, GAME, (choice) => {
    const vs = choice.opponent === 'computer'
      ? { kind: 'computer', level: choice.level, human: choice.side }
      : HUMAN;
    if (vs.kind === 'computer') worker.warmUp();
    replace(new engine.ScriptaGame(undefined, undefined, snap().rules), vs);
  });
  // The rules of the reading being played.
  const rules = createPageDialog(root, i18n, 'rules', (body) => renderRules(body, i18n, engine, { rules: snap().rules }));
  const keys = createKeysDialog(root, i18n, [
    ['a11y.key.arrows', 'a11y.keys.arrows'], ['a11y.key.enter', 'a11y.keys.enter'],
    ['a11y.key.escape', 'a11y.keys.escape'], ['a11y.key.throw', 'a11y.keys.throw'],
    ['a11y.key.undo', 'a11y.keys.undo'], ['a11y.key.confirm', 'a11y.keys.confirm'],
    ['a11y.key.hint', 'a11y.keys.hint'], ['a11y.key.help', 'a11y.keys.help'],
  ]);
  const records = attachRecordMenu(root, { ...ctx, engine }, {
    game: GAME.id,
    record: (date) => game().record(...playerNames(i18n, get().opponent, GAME.sides), date),
    link: () => query({ game: GAME.id, position: snap().position }),
    say: (key, args) => say(key, args),
  });
  // A dialog closing lets a paused computer carry on.
  for (const dialog of root.querySelectorAll('dialog')) {
    dialog.addEventListener('close', () => maybeComputer(get()));
  }

  function act(action, target) {
    const side = snap().turn;
    try {
      if (records.act(action)) return;
      if (action === 'choose') {
        const step = get().choice?.steps.find((s) => s.step === target.dataset.step);
        if (step) play(step);
        return;
      }
      if (action === 'choice-cancel') return store.dispatch({ choice: null, event: unrefused() });
      if (action === 'throw') {
        changed({ kind: 'throw', side, values: game().throwDice() }, { trail: null, replaying: null });
      } else if (action === 'undo') {
        changed({ kind: 'undo', side, other: other(side), step: game().undo() }, { selected: null });
      } else if (action === 'confirm') {
        const { steps, dice } = snap();
        const before = get().turnStart;
        game().confirm();
        changed({ kind: 'confirm', side, other: other(side), steps, dice: dice.map((d) => d.value) },
          { trail: { side, steps, dice, before } });
      } else if (action === 'face') {
        storage.saveSetting('face', !get().face);
        store.dispatch({ face: !get().face });
      } else if (action === 'replay') {
        showAgain();
      } else if (action === 'again') {
        replace(game().nextGame(), get().opponent);
      } else if (action === 'hint') {
        showHint();
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

  // --- Without a mouse: keys for the actions, and a command line for steps and questions ---
  const say = (key, args = {}) => store.dispatch({ event: { kind: 'say', key, args } });
  /** Runs an action as its button would, or says why it cannot be done now. */
  function press(action) {
    const b = dom.buttons[action];
    if (b && !b.disabled && !b.hidden) act(action);
    else say('a11y.cannot', { action: t(`action.${action}`) });
    return true;
  }
  const mine = () => (get().opponent.kind === 'computer' ? get().opponent.human : snap().turn);
  const marksOf = (side) => snap().marks.filter((m) => m.side === side);
  const you = () => (get().opponent.kind === 'computer' ? get().opponent.human : null);
  const asked = {
    where() {
      const side = mine();
      const on = marksOf(side).map((m) => t('a11y.where.mark', { count: m.count, mark: words.mark(m.mark, side, you()) }));
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
    throw: () => press('throw'),
    undo: () => press('undo'),
    confirm: () => press('confirm'),
    hint: () => press('hint'),
    help: () => keys.open(),
  };
  const spoken = commandWords(i18n, Object.keys(asked));
  /** A command typed on the command line: a word above, or a step played through the engine. */
  function command(text) {
    const word = spoken.get(text.toLowerCase());
    if (word) {
      asked[word]();
      return true;
    }
    if (computerToMove()) return say('refuse.computer-turn', { who: computerLabel() });
    const want = text.toLowerCase().replace(/\*$/, '');
    const step = [...sources(get()).values()].flat().find((s) => s.step.replace(/\*$/, '') === want);
    if (step) {
      play(step);
      return true;
    }
    // Not a legal step now: the engine says why (and plays it, should it know better).
    const side = snap().turn;
    try {
      const played = game().play(text);
      if (game().snapshot().winner) game().confirm();
      changed({ kind: 'step', side, other: other(side), step: played }, { selected: null });
      return true;
    } catch (error) {
      say('a11y.command.refused', { text, why: error.message });
      return false;
    }
  }
  const shortcut = (key) => t(key).toLowerCase();
  const detachKeys = attachShortcuts({
    [shortcut('a11y.key.throw')]: () => press('throw'),
    [shortcut('a11y.key.undo')]: () => press('undo'),
    [shortcut('a11y.key.confirm')]: () => press('confirm'),
    [shortcut('a11y.key.hint')]: () => press('hint'),
    [t('a11y.key.help')]: () => keys.open(),
  });

  const detachInput = attachInput(dom.main, handler, placeOf);
  const onClick = (event) => {
    const target = event.target.closest('[data-action]');
    const choosing = dom.choice.contains(event.target);
    if (target && !target.disabled && root.contains(target)) act(target.dataset.action, target);
    // A tap on the choice of dice but off its buttons closes it, as one elsewhere on the board does.
    else if (choosing) act('choice-cancel');
    else if (dom.board.contains(event.target) && !placeOf(event.target)) between();
    // The choice gone with the focus in it: the focus goes back to the board.
    if (choosing && dom.choice.hidden) roving.focus();
  };
  root.addEventListener('click', onClick);
  const onChoiceKey = (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    act('choice-cancel');
    roving.focus();
  };
  dom.choice.addEventListener('keydown', onChoiceKey);
  const onTurn = () => {
    drawBoard();
    render(get());
  };
  portrait.addEventListener('change', onTurn);
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
      dom.choice.removeEventListener('keydown', onChoiceKey);
      portrait.removeEventListener('change', onTurn);
      game().free();
      for (const key of ['turn', 'opponent', 'level']) delete document.body.dataset[key];
      document.body.removeAttribute('data-thinking');
    },
  };
}
