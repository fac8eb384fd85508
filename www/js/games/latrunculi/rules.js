// Latrunculi's rules page: the rules of the chosen reading in plain words, two diagrams drawn
// by the board itself (a custodial capture and a corner capture; under Schädler's readings a
// counter freezing and a leap part-way), the history, the choices where the sources are
// silent, and the sources.

import { renderPage } from '../../app/page.js';
import { asPicture } from '../../kit/svg.js';
import { createBoard } from './board.js';
import { GAME } from './meta.js';

// Each diagram: a position under its rules, the moves played before it is drawn (`played`),
// what it shows (a `move`, every move of the counter it `pick`s, or the frozen counters there
// are to remove, `removing`) and its caption. The board marks the moving counter, an arrow to
// where it goes and the counter it takes; after `played`, the last move, a frozen counter and
// a leap's path, as in play. What may be played comes from the engine, as in play.
const DIAGRAMS = {
  custodial: { rules: 'piso', position: 'B4B/5B/2W3/2B3/3W2/6 w 0,0 0,0 0 -,-', move: 'd2-c2', caption: 'diagram.latrunculi.custodial' },
  corner: { rules: 'piso', position: '4B1/5B/6/6/W5/B1W3 w 0,0 0,0 0 -,-', move: 'c1-b1', caption: 'diagram.latrunculi.corner' },
  freeze: { rules: 'schadler-1994', position: 'B4B/6/6/1WB3/3W2/B5 w 0,0 0,0 0 -,-', played: ['d2-d3'], caption: 'diagram.latrunculi.freeze' },
  leap: { rules: 'schadler-1994', position: 'B4B/6/3B2/6/3W2/3W2 w 0,0 0,0 0 -,-', played: ['d1-d3'], move: 'd3-d5', caption: 'diagram.latrunculi.leap' },
  leapOwn: { rules: 'seneca', position: 'B4B/6/3W2/6/3W2/3W2 w 0,0 0,0 0 -,-', played: ['d1-d3'], move: 'd3-d5', caption: 'diagram.latrunculi.leapOwn' },
  remove: { rules: 'schadler-1994', position: 'B4B/6/6/1WbW2/6/B5 w 0,0 0,0 0 -,-', removing: true, caption: 'diagram.latrunculi.remove' },
  removeFree: { rules: 'seneca', position: 'B4B/6/6/1WbW2/6/B5 w 0,0 0,0 0 -,-', removing: true, caption: 'diagram.latrunculi.removeFree' },
  centre: { rules: 'seega-6x6', position: '6/1B4/3W2/6/1W2B1/6 w 15,15 0,0 0 -,-', placing: true, caption: 'diagram.latrunculi.centre' },
  between: { rules: 'schadler-2001', position: 'B4B/6/6/2B1B1/3W2/W5 w 0,0 0,0 0 -,-', pick: 'd2', caption: 'diagram.latrunculi.between' },
  diagonal: { rules: 'falkener', position: '5B/6/1W4/2B3/6/4W1 w 0,0 0,0 0 -,-', move: 'e1-d2', caption: 'diagram.latrunculi.diagonal' },
  hopEnemy: { rules: 'falkener', position: '3W2/3B2/6/3B2/3W2/6 w 0,0 0,0 0 -,-', move: 'd2-d4', caption: 'diagram.latrunculi.hopEnemy' },
  duxTraps: { rules: 'kowalski-10x11', position: '5Y/6/6/X2BW1/6/B5 w 0,0 0,0 0 -,-', move: 'a3-c3', caption: 'diagram.latrunculi.duxTraps' },
  duxSafe: { rules: 'kowalski-10x11', position: 'B4X/6/6/1WY3/6/3W2 w 0,0 0,0 0 -,-', move: 'd1-d3', caption: 'diagram.latrunculi.duxSafe' },
  hostileCorner: { rules: 'bell-8x8', position: '5B/6/6/6/2W3/1B4 w 0,0 0,0 0 -,-', move: 'c2-c1', caption: 'diagram.latrunculi.hostileCorner' },
  captureAgain: { rules: 'bell-8x8', position: '5B/3W2/3B2/2W3/6/6 w 0,0 0,0 0 -,-', played: ['c3-d3'], pick: 'd3', caption: 'diagram.latrunculi.captureAgain' },
  duxHop: { rules: 'bell-8x8', position: '5B/6/3B2/3X2/6/6 w 0,0 0,0 0 -,-', move: 'd3-d5', caption: 'diagram.latrunculi.duxHop' },
};

/** Draws `diagram` into `box`; a picture, not a control. */
function drawDiagram(box, i18n, engine, diagram) {
  const game = new engine.LatrunculiGame(diagram.rules, diagram.position, '1');
  try {
    const last = (diagram.played ?? []).map((text) => game.play(text)).pop() ?? null;
    const snap = game.snapshot();
    const move = snap.sources.flatMap((g) => g.moves).find((m) => m.move === diagram.move) ?? null;
    const picked = snap.sources.find((g) => g.from === diagram.pick)?.moves ?? [];
    const targets = diagram.removing ? snap.removals : diagram.placing ? snap.placements
      : move ? [move.to] : picked.map((m) => m.to);
    createBoard(box, snap, { i18n, corners: snap.cornersCapture }).render({
      position: snap.position,
      squares: snap.squares,
      selectable: new Set(),
      selected: move?.from ?? diagram.pick ?? null,
      targets: new Set(targets),
      removing: Boolean(diagram.removing),
      doomed: new Set(move?.captured ?? []),
      // The hint's arrow shows the move itself.
      hint: move,
      last: snap.leap ? null : last,
      leap: snap.leap?.path,
    });
    asPicture(box, i18n.t(diagram.caption));
  } finally {
    game.free();
  }
}

/** The page's figure of the diagram named `name`: its caption, and a board drawn on demand. */
const figureOf = (i18n, engine) => (name) => ({
  caption: DIAGRAMS[name].caption,
  draw: (box) => drawDiagram(box, i18n, engine, DIAGRAMS[name]),
});

/** Which rules text the page describes: a preset, or your own mix. */
const presetOf = (rules) => (!rules ? 'piso' : GAME.presets.includes(rules) ? rules : 'custom');

const SCHADLER = ['latrunculi.schadler.start', 'latrunculi.schadler.move', 'latrunculi.schadler.freeze', 'latrunculi.schadler.remove'];
const SCHADLER_END = ['latrunculi.schadler.repeat', 'latrunculi.schadler.win'];
const SENECA = ['latrunculi.piso.start', 'latrunculi.seneca.move', 'latrunculi.schadler.freeze', 'latrunculi.seneca.corner', 'latrunculi.seneca.remove', ...SCHADLER_END];

// The readings with a page of their own: their goal, rules, diagrams, history, choices and
// source.
const KOWALSKI = ['latrunculi.kharebga.move', 'latrunculi.piso.capture', 'latrunculi.kowalski.dux', 'latrunculi.schadler.repeat', 'latrunculi.falkener.win'];
const BELL = {
  goal: 'latrunculi.bell.goal',
  rules: ['latrunculi.bell.start', 'latrunculi.bell.move', 'latrunculi.bell.capture', 'latrunculi.bell.win'],
  figures: ['hostileCorner', 'captureAgain', 'duxHop'],
  history: 'latrunculi.bell.history',
  choices: ['latrunculi.bell.choice1', 'latrunculi.bell.choice2', 'latrunculi.bell.choice3', 'latrunculi.choice4'],
  source: 'latrunculi.bell.source',
};
const READINGS = {
  falkener: {
    goal: 'latrunculi.falkener.goal',
    rules: ['latrunculi.falkener.start', 'latrunculi.falkener.move', 'latrunculi.falkener.capture', 'latrunculi.schadler.repeat', 'latrunculi.falkener.win'],
    figures: ['diagonal', 'hopEnemy'],
    history: 'latrunculi.falkener.history',
    choices: ['latrunculi.falkener.choice1', 'latrunculi.falkener.choice2', 'latrunculi.choice4'],
    source: 'latrunculi.falkener.source',
  },
  'kowalski-10x11': {
    goal: 'latrunculi.kowalski.goal',
    rules: ['latrunculi.kowalski.start10', ...KOWALSKI],
    figures: ['duxTraps', 'duxSafe'],
    history: 'latrunculi.kowalski.history',
    choices: ['latrunculi.kowalski.choice1', 'latrunculi.falkener.choice2', 'latrunculi.choice4'],
  },
  'kowalski-8x12': {
    goal: 'latrunculi.kowalski.goal',
    rules: ['latrunculi.kowalski.start8', ...KOWALSKI],
    figures: ['duxTraps', 'duxSafe'],
    history: 'latrunculi.kowalski.history',
    choices: ['latrunculi.kowalski.choice1', 'latrunculi.falkener.choice2', 'latrunculi.choice4'],
  },
  'bell-8x7': BELL,
  'bell-8x8': BELL,
};

// What the readings with frozen counters add to the page: their diagrams, history and choices.
const FROZEN = {
  'schadler-1994': { figures: ['freeze', 'remove', 'leap'], history: 'latrunculi.schadler.history', choices: ['latrunculi.schadler.choice1', 'latrunculi.schadler.choice2', 'latrunculi.schadler.choice3'] },
  'schadler-2001': { figures: ['freeze', 'remove', 'leap', 'between'], history: 'latrunculi.schadler.history', choices: ['latrunculi.schadler.choice1', 'latrunculi.schadler.choice2', 'latrunculi.schadler.choice3', 'latrunculi.schadler.choice4'] },
  seneca: { figures: ['freeze', 'removeFree', 'leapOwn'], history: 'latrunculi.seneca.history', choices: ['latrunculi.schadler.choice1', 'latrunculi.schadler.choice2', 'latrunculi.seneca.choice1'] },
};

// What Kharebga's and Seega's rules add: placing around the empty centre, their history and
// choices.
const LUDII = {
  figures: ['centre', 'custodial'],
  history: 'latrunculi.ludii.history',
  choices: ['latrunculi.ludii.choice1', 'latrunculi.ludii.choice2'],
};

/** The rules page for `rules` (a preset name or key=value text), into `body`. */
export function renderRules(body, i18n, engine, rules) {
  const { t } = i18n;
  const preset = presetOf(rules);
  const board = GAME.familyOf(preset);
  if (board) return renderFamily(body, i18n, engine, preset, board);
  const own = {
    piso: ['latrunculi.piso.start', 'latrunculi.piso.move', 'latrunculi.piso.capture', 'latrunculi.piso.noback', 'latrunculi.piso.win'],
    quintana: ['latrunculi.quintana.start', 'latrunculi.quintana.move', 'latrunculi.quintana.capture', 'latrunculi.quintana.win'],
    'schadler-1994': [...SCHADLER, ...SCHADLER_END],
    'schadler-2001': [...SCHADLER, 'latrunculi.schadler.between', ...SCHADLER_END],
    seneca: SENECA,
    custom: ['latrunculi.custom.intro'],
  }[preset];
  if (READINGS[preset]) return renderReading(body, i18n, engine, preset, READINGS[preset]);
  const frozen = FROZEN[preset];
  const figure = figureOf(i18n, engine);
  return renderPage(body, i18n, {
    title: `${t('page.rulesTitle', { game: t('game.latrunculi') })} · ${t(`rules.latrunculi.${preset}`)}`,
    sections: [
      { paragraphs: ['latrunculi.goal', ...own] },
      frozen
        ? { heading: 'page.latrunculi.freezing', figures: frozen.figures.map(figure) }
        : { heading: 'page.latrunculi.capturing', figures: [figure('custodial'), figure('corner')] },
      { heading: 'page.history', paragraphs: ['latrunculi.history1', 'latrunculi.history2', 'latrunculi.history3', 'latrunculi.history4', 'latrunculi.history5', ...(frozen ? [frozen.history] : [])] },
      {
        heading: 'page.choices',
        list: frozen
          ? ['latrunculi.choice1', ...frozen.choices, 'latrunculi.choice3', 'latrunculi.choice5']
          : ['latrunculi.choice1', 'latrunculi.choice2', 'latrunculi.choice3', 'latrunculi.choice4', 'latrunculi.choice5'],
      },
      { heading: 'page.sources', list: ['latrunculi.source1', 'latrunculi.source2', 'latrunculi.source3'] },
    ],
  });
}

/** The rules page of a reading with a page of its own (Falkener's, Kowalski's, Bell's). */
function renderReading(body, i18n, engine, preset, reading) {
  const { t } = i18n;
  const figure = figureOf(i18n, engine);
  return renderPage(body, i18n, {
    title: `${t('page.rulesTitle', { game: t('game.latrunculi') })} · ${t(`rules.latrunculi.${preset}`)}`,
    sections: [
      { paragraphs: [reading.goal, ...reading.rules] },
      { heading: 'page.latrunculi.capturing', figures: reading.figures.map(figure) },
      { heading: 'page.history', paragraphs: ['latrunculi.history1', 'latrunculi.history2', reading.history] },
      { heading: 'page.choices', list: reading.choices },
      { heading: 'page.sources', list: ['latrunculi.source1', 'latrunculi.source2', 'latrunculi.source3', ...(reading.source ? [reading.source] : [])] },
    ],
  });
}

/** The rules page of a Kharebga or Seega preset, `kharebga-8x8`. */
function renderFamily(body, i18n, engine, preset, { family, size: board }) {
  const { t } = i18n;
  const size = board.replace('x', ' × ');
  const figure = figureOf(i18n, engine);
  return renderPage(body, i18n, {
    title: `${t('page.rulesTitle', { game: t('game.latrunculi') })} · ${t(`rules.latrunculi.${family}`)} ${size}`,
    sections: [
      { paragraphs: ['latrunculi.goal', 'latrunculi.ludii.start', `latrunculi.${family}.move`, 'latrunculi.quintana.capture', 'latrunculi.schadler.repeat', 'latrunculi.piso.win'] },
      { heading: 'page.latrunculi.placing', figures: LUDII.figures.map(figure) },
      { heading: 'page.history', paragraphs: ['latrunculi.history1', 'latrunculi.history2', LUDII.history] },
      { heading: 'page.choices', list: ['latrunculi.choice1', ...LUDII.choices, 'latrunculi.choice3', 'latrunculi.choice5'] },
      { heading: 'page.sources', list: ['latrunculi.source1', 'latrunculi.source2', 'latrunculi.source3'] },
    ],
  });
}
