// The page's state in one place: the game (in wasm), who plays it, the selected source, the
// hint on show and the last thing that happened. Every change goes through update(), which
// redraws everything from the engine's snapshot, saves the game and, when the computer has
// the move, sets it playing.

import init, { ScriptaGame } from '../pkg/ludi_wasm.js';
import { createBoard, WIDTH } from './board.js';
import { createTray, renderTray, renderDice, trayDisc } from './trays.js';
import { attachInput } from './input.js';
import { fly, refuse } from './animate.js';
import * as storage from './storage.js';
import { readParams } from './params.js';
import * as ai from './ai.js';
import {
  NAMES, LEVELS, words, eventText, situationText, refusals, notices, gameOverText, thinking,
  computerName,
} from './strings.js';

const COUNTER = 28; // a counter's diameter in board units
const BUDGET = 300; // ms the strongest player may search for a move in the page
const HUMAN = { kind: 'human' };
const DEFAULT_LEVEL = LEVELS[1];
const EXPERT = LEVELS.find((l) => l.engine === 'expert');

const $ = (selector) => document.querySelector(selector);
const params = readParams(location.search);
const portrait = window.matchMedia('(orientation: portrait)');

let game;
let snap;
let sources = new Map(); // source ("tray" or mark) -> its legal steps
let selected = null;
let lastEvent = null;
let board;
let trays;
// {kind: 'human'} for pass and play, or {kind: 'computer', level: engine name, human: side}.
let opponent = HUMAN;
let epoch = 0; // bumped by every new game, so a computer turn or hint of an older game stops
let computerBusy = false;
let thinkingNow = false;
let hintShown = null; // {position, steps} while a hint is drawn for that position
let hintPending = false;

function other(side) {
  return side === 'albi' ? 'nigri' : 'albi';
}

const levelOf = (engine) => LEVELS.find((l) => l.engine === engine);
const computerSide = () => (opponent.kind === 'computer' ? other(opponent.human) : null);
const computerToMove = () => !snap.winner && snap.turn === computerSide();
const computerLabel = () => computerName(levelOf(opponent.level), computerSide());
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The name beside a side's tray: the computer's level, or "you" facing the computer. */
function playerLabel(side) {
  if (opponent.kind !== 'computer') return '';
  return side === opponent.human ? 'you' : levelOf(opponent.level).name;
}

function update(event) {
  snap = game.snapshot();
  if (event !== undefined) lastEvent = event;
  const humanToMove = !computerToMove();
  // While the computer has the move, nothing on the board can be selected.
  sources = humanToMove ? new Map(snap.sources.map((group) => [group.source, group.steps])) : new Map();
  if (!sources.has(selected)) selected = null;
  if (hintShown && (hintShown.position !== snap.position || !humanToMove)) hintShown = null;
  // The first step to each destination spends the smallest die (steps come sorted by die).
  const targets = new Map();
  for (const step of sources.get(selected) ?? []) {
    if (!targets.has(step.to)) targets.set(step.to, step);
  }
  board.render({
    position: snap.position,
    marks: snap.marks,
    selectable: new Set([...sources.keys()].filter((s) => s !== 'tray')),
    selected,
    targets,
    turn: snap.turn,
    hint: hintShown?.steps ?? null,
  });
  for (const side of ['albi', 'nigri']) {
    const toMove = side === snap.turn && !snap.winner;
    renderTray(trays[side], snap[side], {
      toMove,
      selectable: toMove && sources.has('tray'),
      selected: toMove && selected === 'tray',
      player: playerLabel(side),
      thinking: thinkingNow && side === computerSide(),
    }, words);
  }
  renderDice($('#dice'), snap.dice, words);
  const over = Boolean(snap.winner);
  $('[data-action="throw"]').disabled = snap.thrown || over || !humanToMove;
  $('[data-action="undo"]').disabled = snap.steps.length === 0 || !humanToMove;
  $('[data-action="confirm"]').disabled = !snap.turnOver || over || !humanToMove;
  $('[data-action="confirm"]').classList.toggle('primary', snap.turnOver && !over && humanToMove);
  const hintButton = $('[data-action="hint"]');
  hintButton.disabled = !snap.thrown || snap.turnOver || over || !humanToMove || hintPending;
  hintButton.setAttribute('aria-pressed', String(Boolean(hintShown)));
  hintButton.setAttribute('aria-busy', String(hintPending));
  document.body.dataset.turn = snap.turn;
  document.body.toggleAttribute('data-thinking', thinkingNow);
  document.body.dataset.opponent = opponent.kind;
  if (opponent.kind === 'computer') document.body.dataset.level = opponent.level;
  else delete document.body.dataset.level;
  const situation = thinkingNow ? thinking(levelOf(opponent.level).name) : situationText(snap);
  $('#status').textContent = [eventText(lastEvent), situation].filter(Boolean).join(' ');
  showGameOver();
  storage.save(params.origin, game.save(), opponent);
  if (computerToMove() && !computerBusy) {
    computerBusy = true;
    const mine = epoch;
    setTimeout(() => computerTurn(mine));
  }
}

/** A seed for the computer's choice this turn: the same game replays the same way. */
function turnSeed() {
  return BigInt.asUintN(64, BigInt(snap.seed) * 0x9e3779b97f4a7c15n + BigInt(snap.turns)).toString();
}

/** The legal step written `text` (with or without the hit sign), or undefined. */
function legalStep(text) {
  const bare = text.replace('*', '');
  return snap.sources.flatMap((g) => g.steps).find((s) => s.step.replace('*', '') === bare);
}

/**
 * The computer's whole turn: throw, think in the worker, then play the chosen steps one at a
 * time at the page's pace and confirm. `mine` is the game it belongs to: a new game stops it.
 */
async function computerTurn(mine) {
  const current = () => mine === epoch;
  const side = snap.turn;
  const who = computerLabel();
  try {
    thinkingNow = true;
    update();
    if (!snap.thrown) {
      await wait(params.pace);
      if (!current()) return;
      update({ kind: 'throw', side, who, values: game.throwDice() });
    }
    const asked = performance.now();
    const steps = await ai.choose(snap.position, opponent.level, turnSeed(), BUDGET);
    // Let the throw be seen before the first step, however fast the answer came.
    await wait(params.pace - (performance.now() - asked));
    if (!current()) return;
    thinkingNow = false;
    for (const text of steps) {
      const step = legalStep(text);
      if (!step) throw new Error(`${text} is not a legal step in ${snap.position}`);
      play(step, who);
      if (snap.winner) return;
      await wait(params.pace);
      if (!current()) return;
    }
    const played = snap.steps;
    game.confirm();
    computerBusy = false;
    update({ kind: 'confirm', side, who, steps: played });
  } catch (error) {
    if (current()) {
      thinkingNow = false;
      update({ kind: 'notice', text: notices.computerFailed(error.message) });
    }
  } finally {
    if (current()) {
      computerBusy = false;
      thinkingNow = false;
    }
  }
}

/** Asks the strongest player for the move here and draws it; asking again hides it. */
async function showHint() {
  if (hintShown) {
    hintShown = null;
    update();
    return;
  }
  const mine = epoch;
  const position = snap.position;
  hintPending = true;
  update();
  let event;
  try {
    const steps = await ai.hint(position, BUDGET);
    if (mine === epoch && snap.position === position) {
      hintShown = { position, steps };
      event = { kind: 'hint', who: EXPERT.name, steps };
    }
  } catch (error) {
    event = { kind: 'refuse', reason: notices.hintFailed(error.message) };
  }
  hintPending = false;
  if (mine === epoch) update(event);
}

function showGameOver() {
  const panel = $('#game-over');
  panel.hidden = !snap.winner;
  if (snap.winner) {
    panel.dataset.winner = snap.winner;
    $('#game-over-title').textContent = `${NAMES[snap.winner]} vincunt!`;
    $('#game-over-text').textContent = gameOverText(snap);
  } else {
    delete panel.dataset.winner;
  }
}

function keyOf(place) {
  if (place.kind === 'mark') return place.mark;
  return place.kind === 'off' ? 'off' : 'tray';
}

function say(place, reason) {
  refuse(place?.element);
  update({ kind: 'refuse', reason });
}

function counterPx() {
  return (board.svg.getBoundingClientRect().width / WIDTH) * COUNTER;
}

/** Plays `step` (one of the legal steps) for the side to move; `who` names a computer. */
function play(step, who) {
  const mover = snap.turn;
  const start = step.from === 'tray'
    ? trayDisc(trays[mover]).getBoundingClientRect()
    : board.counterElement(step.from, mover)?.getBoundingClientRect();
  const blot = step.hit ? board.counterElement(step.to)?.getBoundingClientRect() : null;
  try {
    game.play(step.step);
  } catch (error) {
    say(null, error.message);
    return;
  }
  selected = null;
  // The winning step ends the game: record the turn at once rather than ask for a confirm.
  if (game.winner()) game.confirm();
  update({ kind: 'step', side: mover, who, other: other(mover), step });
  fly(mover, start, board.counterElement(step.to, mover), counterPx());
  if (blot) {
    const home = trays[other(mover)].querySelector('.pile-sent-home .disc');
    fly(other(mover), blot, home, counterPx());
  }
}

/** Why tapping `place` does nothing now. */
function explain(place) {
  const side = snap.turn;
  const own = snap[side];
  if (place.kind === 'off') {
    if (place.side !== side) return refusals.otherTray(place.side);
    const canBearOff = [...sources.values()].some((steps) => steps.some((s) => s.to === 'off'));
    return canBearOff && selected === null ? refusals.pickFirst() : refusals.cannotBearOff();
  }
  if (place.kind === 'tray') {
    if (place.side !== side) return refusals.otherTray(place.side);
    if (own.waiting + own.sentHome === 0) return refusals.noneWaiting();
    return refusals.entryBlocked();
  }
  const n = place.mark;
  const here = snap.marks.find((m) => m.mark === n);
  if (selected !== null) {
    if (here && here.side !== side && here.count >= 2) return refusals.blocked(n, here.side);
    return refusals.cannotReach(n, selected);
  }
  const entersHere = (sources.get('tray') ?? []).some((s) => s.to === n);
  if (entersHere) return refusals.enterFromTray();
  if (here?.side === side) return own.sentHome ? refusals.mustReenter() : refusals.stuck(n);
  if (here) return refusals.notYours(n, here.side);
  return refusals.empty(n);
}

const handler = {
  tap(place) {
    if (snap.winner) return say(place, refusals.over());
    if (computerToMove()) return say(place, refusals.computerTurn(computerLabel()));
    if (!snap.thrown) return say(place, refusals.notThrown(snap.turn));
    if (snap.turnOver) return say(place, refusals.turnOver());
    const key = keyOf(place);
    if (selected !== null && place.element.hasAttribute('data-target')) {
      return play(sources.get(selected).find((s) => s.to === key));
    }
    if (place.element.hasAttribute('data-selectable')) {
      selected = selected === key ? null : key;
      return update();
    }
    return say(place, explain(place));
  },
  dragFrom(place) {
    if (!place.element.hasAttribute('data-selectable')) return null;
    selected = keyOf(place);
    update();
    return snap.turn;
  },
  drop(place) {
    if (!place) return;
    if (place.element.hasAttribute('data-target')) {
      const key = keyOf(place);
      play(sources.get(selected).find((s) => s.to === key));
    } else if (keyOf(place) !== selected) {
      say(place, explain(place));
    }
  },
};

function act(action) {
  const side = snap.turn;
  try {
    if (action === 'throw') {
      update({ kind: 'throw', side, values: game.throwDice() });
    } else if (action === 'undo') {
      update({ kind: 'undo', side, step: game.undo() });
    } else if (action === 'confirm') {
      const steps = snap.steps;
      game.confirm();
      update({ kind: 'confirm', side, steps });
    } else if (action === 'again') {
      replace(game.nextGame());
    } else if (action === 'hint') {
      showHint();
    } else if (action === 'new') {
      openNewGame();
    } else if (action === 'rules') {
      $('#rules').showModal();
    }
  } catch (error) {
    update({ kind: 'refuse', reason: error.message });
  }
}

function replace(next) {
  game.free();
  game = next;
  selected = null;
  epoch++;
  computerBusy = false;
  thinkingNow = false;
  hintShown = null;
  hintPending = false;
  const vs = opponent.kind === 'computer' ? levelOf(opponent.level).name : null;
  update({ kind: 'notice', text: notices.newGame(game.snapshot().turn, vs, opponent.human) });
}

/** The dialog's level choices, one per level it offers, each saying what it means. */
function buildLevels() {
  const set = $('#new-game .levels');
  for (const level of LEVELS.slice(0, 4)) {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'level';
    input.value = level.engine;
    const text = document.createElement('span');
    const name = document.createElement('b');
    name.textContent = level.name;
    const about = document.createElement('small');
    about.textContent = level.about;
    text.append(name, ' ', about);
    label.append(input, ' ', text);
    set.append(label);
  }
}

/** The New game dialog, showing who plays now. */
function openNewGame() {
  const form = $('#new-game form');
  form.elements.opponent.value = opponent.kind;
  form.elements.level.value = opponent.kind === 'computer' ? opponent.level : DEFAULT_LEVEL.engine;
  form.elements.side.value = opponent.kind === 'computer' ? opponent.human : 'albi';
  enableChoices();
  $('#new-game').showModal();
}

/** The level and side only matter against the computer. */
function enableChoices() {
  const form = $('#new-game form');
  const human = form.elements.opponent.value === 'human';
  for (const set of form.querySelectorAll('[data-computer-only]')) set.disabled = human;
}

function startFromDialog() {
  const form = $('#new-game form');
  opponent = form.elements.opponent.value === 'computer'
    ? { kind: 'computer', level: form.elements.level.value, human: form.elements.side.value }
    : HUMAN;
  if (opponent.kind === 'computer') ai.warmUp();
  replace(new ScriptaGame());
}

/** Who the link asks to play, or null when it does not say; problems are added to `told`. */
function opponentFromLink(told) {
  const { opponent: kind, level, side } = params;
  if (kind === 'human') return HUMAN;
  if (kind !== null && kind !== 'computer') {
    told.push(notices.unknownOpponent(kind));
    return HUMAN;
  }
  // A level alone is enough to ask for the computer.
  if (kind === null && level === null) return null;
  const name = level?.toLowerCase();
  let found = level === null
    ? DEFAULT_LEVEL
    : LEVELS.find((l) => l.engine === name || l.name.toLowerCase() === name);
  if (!found) {
    found = DEFAULT_LEVEL;
    told.push(notices.unknownLevel(level, found.name));
  }
  const human = side?.toLowerCase() === 'nigri' ? 'nigri' : 'albi';
  if (side !== null && !['albi', 'nigri'].includes(side.toLowerCase())) told.push(notices.unknownSide(side));
  return { kind: 'computer', level: found.engine, human };
}

/** The opponent a saved game recorded, checked: storage is untrusted. */
function savedOpponent(saved) {
  if (saved?.kind === 'computer' && levelOf(saved.level) && ['albi', 'nigri'].includes(saved.human)) {
    return { kind: 'computer', level: saved.level, human: saved.human };
  }
  return HUMAN;
}

/** The game the link asks for; problems with the link are added to `told`. */
function fromLink(told) {
  let seed = params.seed ?? undefined;
  if (seed !== undefined) {
    try {
      new ScriptaGame(seed).free();
    } catch (error) {
      told.push(notices.badSeed(error.message));
      seed = undefined;
    }
  }
  if (params.position) {
    try {
      return ScriptaGame.fromPosition(params.position, seed);
    } catch (error) {
      told.push(notices.badPosition(error.message));
    }
  }
  return new ScriptaGame(seed);
}

async function start() {
  await init({ module_or_path: new URL('../pkg/ludi_wasm_bg.wasm', import.meta.url) });
  board = createBoard($('#board'), { tall: portrait.matches });
  trays = {
    albi: createTray($('#tray-albi'), 'albi', NAMES.albi),
    nigri: createTray($('#tray-nigri'), 'nigri', NAMES.nigri),
  };
  const told = [];
  if (params.game && params.game !== 'scripta') told.push(notices.onlyScripta(params.game));
  const linked = opponentFromLink(told);
  opponent = linked ?? HUMAN;
  const stored = storage.load(params.origin);
  if (stored.saved !== undefined) {
    try {
      game = ScriptaGame.restore(stored.saved);
      if (stored.opponent !== undefined) opponent = savedOpponent(stored.opponent);
      told.push(notices.restored);
    } catch (error) {
      told.push(notices.corrupt(error.message));
    }
  } else if (stored.error) {
    told.push(notices.corrupt(stored.error));
  }
  if (!game) {
    storage.clear();
    game = fromLink(told);
  }
  attachInput($('main'), handler);
  document.addEventListener('click', (event) => {
    const button = event.target.closest('[data-action]');
    if (button && !button.disabled) act(button.dataset.action);
  });
  $('#new-game').addEventListener('close', () => {
    if ($('#new-game').returnValue === 'start') startFromDialog();
  });
  buildLevels();
  $('#new-game form').addEventListener('change', enableChoices);
  if (opponent.kind === 'computer') ai.warmUp();
  portrait.addEventListener('change', () => {
    board = createBoard($('#board'), { tall: portrait.matches });
    update();
  });
  update(told.length ? { kind: 'notice', text: told.join(' ') } : null);
  document.body.classList.add('ready');
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('sw.js').catch(() => {
      // Offline play is a bonus; the page works without it.
    });
  }
}

start().catch((error) => {
  $('#status').textContent = `XII Scripta could not start: ${error.message}`;
});
