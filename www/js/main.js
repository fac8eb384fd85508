// The page's state in one place: the game (in wasm), the selected source and the last thing
// that happened. Every change goes through update(), which redraws everything from the
// engine's snapshot and saves the game.

import init, { ScriptaGame } from '../pkg/ludi_wasm.js';
import { createBoard, WIDTH } from './board.js';
import { createTray, renderTray, renderDice, trayDisc } from './trays.js';
import { attachInput } from './input.js';
import { fly, refuse } from './animate.js';
import * as storage from './storage.js';
import { readParams } from './params.js';
import {
  NAMES, words, eventText, situationText, refusals, notices, gameOverText,
} from './strings.js';

const COUNTER = 28; // a counter's diameter in board units

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

function other(side) {
  return side === 'albi' ? 'nigri' : 'albi';
}

function update(event) {
  snap = game.snapshot();
  if (event !== undefined) lastEvent = event;
  sources = new Map(snap.sources.map((group) => [group.source, group.steps]));
  if (!sources.has(selected)) selected = null;
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
  });
  for (const side of ['albi', 'nigri']) {
    const toMove = side === snap.turn && !snap.winner;
    renderTray(trays[side], snap[side], {
      toMove,
      selectable: toMove && sources.has('tray'),
      selected: toMove && selected === 'tray',
    }, words);
  }
  renderDice($('#dice'), snap.dice, words);
  $('[data-action="throw"]').disabled = snap.thrown || Boolean(snap.winner);
  $('[data-action="undo"]').disabled = snap.steps.length === 0;
  $('[data-action="confirm"]').disabled = !snap.turnOver || Boolean(snap.winner);
  $('[data-action="confirm"]').classList.toggle('primary', snap.turnOver && !snap.winner);
  document.body.dataset.turn = snap.turn;
  $('#status').textContent = [eventText(lastEvent), situationText(snap)].filter(Boolean).join(' ');
  showGameOver();
  storage.save(params.origin, game.save());
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

function play(step) {
  const mover = snap.turn;
  const start = selected === 'tray'
    ? trayDisc(trays[mover]).getBoundingClientRect()
    : board.counterElement(selected, mover)?.getBoundingClientRect();
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
  update({ kind: 'step', side: mover, other: other(mover), step });
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
    } else if (action === 'new') {
      $('#new-game').showModal();
    }
  } catch (error) {
    update({ kind: 'refuse', reason: error.message });
  }
}

function replace(next) {
  game.free();
  game = next;
  selected = null;
  update({ kind: 'notice', text: notices.newGame(game.snapshot().turn) });
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
  if (params.opponent && params.opponent !== 'human') told.push(notices.onlyHuman(params.opponent));
  const stored = storage.load(params.origin);
  if (stored.saved !== undefined) {
    try {
      game = ScriptaGame.restore(stored.saved);
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
    if ($('#new-game').returnValue === 'start') replace(new ScriptaGame());
  });
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
