// Latrunculi's rules page: the rules of the chosen reading in plain words, diagrams drawn by
// the board itself, the history, the choices where the sources are silent, and the sources.
// One table, READINGS, says what each reading's page holds, and one function draws it.

import { renderPage } from '../../app/page.js';
import { asPicture } from '../../kit/svg.js';
import { createBoard } from './board.js';
import { GAME } from './meta.js';

// Each diagram: a position under its rules, on that reading's own board (a smaller one showed
// corners and edges the game does not have), the moves played before it is drawn (`played`),
// what it shows (a `move`, every move of the counter it `pick`s, or the frozen counters there
// are to remove, `removing`) and its caption. The board marks the moving counter, an arrow to
// where it goes and the counter it takes; after `played`, the last move, a frozen counter and
// a leap's path, as in play. What may be played comes from the engine, as in play. A diagram
// marked `page` is drawn under the page's own rules where they take its position (its corners
// marked only where those rules take counters there).
const DIAGRAMS = {
  custodial: { rules: 'piso', page: true, position: '8/8/B4B2/5B2/2W5/2B5/3W4/8 w 0,0 0,0 0 -,-', move: 'd2-c2', caption: 'diagram.latrunculi.custodial' },
  corner: { rules: 'piso', position: '8/8/4B3/5B2/8/8/W7/B1W5 w 0,0 0,0 0 -,-', move: 'c1-b1', caption: 'diagram.latrunculi.corner' },
  freeze: { rules: 'schadler-1994', position: '8/8/B4B2/8/8/1WB5/3W4/B7 w 0,0 0,0 0 -,-', played: ['d2-d3'], caption: 'diagram.latrunculi.freeze' },
  leap: { rules: 'schadler-1994', position: '8/8/B4B2/8/3B4/8/3W4/3W4 w 0,0 0,0 0 -,-', played: ['d1-d3'], move: 'd3-d5', caption: 'diagram.latrunculi.leap' },
  leapOwn: { rules: 'seneca', position: '8/8/B4B2/8/3W4/8/3W4/3W4 w 0,0 0,0 0 -,-', played: ['d1-d3'], move: 'd3-d5', caption: 'diagram.latrunculi.leapOwn' },
  remove: { rules: 'schadler-1994', position: '8/8/B4B2/8/8/1WbW4/8/B7 w 0,0 0,0 0 -,-', removing: true, caption: 'diagram.latrunculi.remove' },
  removeFree: { rules: 'seneca', position: '8/8/B4B2/8/8/1WbW4/8/B7 w 0,0 0,0 0 -,-', removing: true, caption: 'diagram.latrunculi.removeFree' },
  centre: { rules: 'seega-6x6', position: '6/1B4/3W2/6/1W2B1/6 w 15,15 0,0 0 -,-', placing: true, caption: 'diagram.latrunculi.centre' },
  between: { rules: 'schadler-2001', position: '8/8/B4B2/8/8/2B1B3/3W4/W7 w 0,0 0,0 0 -,-', pick: 'd2', caption: 'diagram.latrunculi.between' },
  diagonal: { rules: 'falkener', position: '12/12/12/12/12/12/5B6/12/1W10/2B9/12/4W7 w 0,0 0,0 0 -,-', move: 'e1-d2', caption: 'diagram.latrunculi.diagonal' },
  hopEnemy: { rules: 'falkener', position: '12/12/12/12/12/12/3W8/3B8/12/3B8/3W8/12 w 0,0 0,0 0 -,-', move: 'd2-d4', caption: 'diagram.latrunculi.hopEnemy' },
  duxTraps: { rules: 'kowalski-10x11', position: '11/11/11/11/5Y5/11/11/X2BW6/11/B10 w 0,0 0,0 0 -,-', move: 'a3-c3', caption: 'diagram.latrunculi.duxTraps' },
  duxSafe: { rules: 'kowalski-10x11', position: '11/11/11/11/B4X5/11/11/1WY8/11/3W7 w 0,0 0,0 0 -,-', move: 'd1-d3', caption: 'diagram.latrunculi.duxSafe' },
  hostileCorner: { rules: 'bell-8x8', position: '8/8/5B2/8/8/8/2W5/1B6 w 0,0 0,0 0 -,-', move: 'c2-c1', caption: 'diagram.latrunculi.hostileCorner' },
  captureAgain: { rules: 'bell-8x8', position: '8/8/5B2/3W4/3B4/2W5/8/8 w 0,0 0,0 0 -,-', played: ['c3-d3'], pick: 'd3', caption: 'diagram.latrunculi.captureAgain' },
  duxHop: { rules: 'bell-8x8', position: '8/8/5B2/8/3B4/3X4/8/8 w 0,0 0,0 0 -,-', move: 'd3-d5', caption: 'diagram.latrunculi.duxHop' },
};

/** Draws `diagram` into `box`; a picture, not a control. */
function drawDiagram(box, i18n, engine, diagram, pageRules) {
  const game = (diagram.page && pageRules && underRules(engine, pageRules, diagram.position))
    || new engine.LatrunculiGame(diagram.rules, diagram.position, '1');
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

/** `position` as a game under `rules`, or null where the engine refuses them. */
function underRules(engine, rules, position) {
  try {
    return new engine.LatrunculiGame(rules, position, '1');
  } catch {
    return null;
  }
}

/** The page's figure of the diagram named `name`: its caption, and a board drawn on demand. */
const figureOf = (i18n, engine, rules) => (name) => ({
  caption: DIAGRAMS[name].caption,
  draw: (box) => drawDiagram(box, i18n, engine, DIAGRAMS[name], rules),
});

/** Which rules text the page describes: a preset, or your own mix. */
const presetOf = (rules) => (!rules ? 'piso' : GAME.presets.includes(rules) ? rules : 'custom');

const SCHADLER = ['latrunculi.schadler.start', 'latrunculi.schadler.move', 'latrunculi.schadler.freeze', 'latrunculi.schadler.remove'];
const SCHADLER_END = ['latrunculi.schadler.repeat', 'latrunculi.schadler.win'];
const SENECA = ['latrunculi.piso.start', 'latrunculi.seneca.move', 'latrunculi.schadler.freeze', 'latrunculi.seneca.corner', 'latrunculi.seneca.remove', ...SCHADLER_END];
const KOWALSKI = ['latrunculi.kharebga.move', 'latrunculi.piso.capture', 'latrunculi.kowalski.dux', 'latrunculi.schadler.repeat', 'latrunculi.falkener.win'];

// The history every page tells (the first two paragraphs) and the pages of Locus Ludi's and
// the museum's readings tell in full; the choices and sources they share.
const HISTORY = ['latrunculi.history1', 'latrunculi.history2'];
const HISTORY_FULL = [...HISTORY, 'latrunculi.history3', 'latrunculi.history4', 'latrunculi.history5'];
const CHOICES = ['latrunculi.choice1', 'latrunculi.choice2', 'latrunculi.choice3', 'latrunculi.choice4', 'latrunculi.choice5'];
const SOURCES = ['latrunculi.source1', 'latrunculi.source2', 'latrunculi.source3'];
/** The choices of a reading that adds its own between the first and the shared last two. */
const adding = (own) => ['latrunculi.choice1', ...own, 'latrunculi.choice3', 'latrunculi.choice5'];

/**
 * A reading's page, every part a list of catalogue keys (or diagram names): its goal, its
 * rules, the heading and diagrams that show them, its history, the choices made where the
 * sources are silent, and its sources after the shared ones.
 */
const contents = ({ goal = 'latrunculi.goal', rules, heading = 'page.latrunculi.capturing', figures, history = HISTORY_FULL, choices = CHOICES, source = [] }) => (
  { goal, rules, heading, figures, history, choices, sources: [...SOURCES, ...source] });

const PLAIN = ['custodial', 'corner'];
const BELL = contents({
  goal: 'latrunculi.bell.goal',
  rules: ['latrunculi.bell.start', 'latrunculi.bell.move', 'latrunculi.bell.capture', 'latrunculi.bell.win'],
  figures: ['hostileCorner', 'captureAgain', 'duxHop'],
  history: [...HISTORY, 'latrunculi.bell.history'],
  choices: ['latrunculi.bell.choice1', 'latrunculi.bell.choice2', 'latrunculi.bell.choice3', 'latrunculi.choice4'],
  source: ['latrunculi.bell.source'],
});
const kowalski = (start) => contents({
  goal: 'latrunculi.kowalski.goal',
  rules: [start, ...KOWALSKI],
  figures: ['duxTraps', 'duxSafe'],
  history: [...HISTORY, 'latrunculi.kowalski.history'],
  choices: ['latrunculi.kowalski.choice1', 'latrunculi.falkener.choice2', 'latrunculi.choice4'],
});
const freezing = (rules, figures, history, choices) => contents({
  rules, heading: 'page.latrunculi.freezing', figures, history: [...HISTORY_FULL, history], choices: adding(choices),
});
const SCHADLER_CHOICES = ['latrunculi.schadler.choice1', 'latrunculi.schadler.choice2', 'latrunculi.schadler.choice3'];

// Every named reading's page, and your own rules'.
const READINGS = {
  piso: contents({ rules: ['latrunculi.piso.start', 'latrunculi.piso.move', 'latrunculi.piso.capture', 'latrunculi.piso.noback', 'latrunculi.piso.win'], figures: PLAIN }),
  quintana: contents({
    rules: ['latrunculi.quintana.start', 'latrunculi.quintana.move', 'latrunculi.quintana.capture', 'latrunculi.quintana.win'],
    figures: PLAIN,
    choices: ['latrunculi.choice1', 'latrunculi.choice4', 'latrunculi.quintana.choice1'],
  }),
  'schadler-1994': freezing([...SCHADLER, ...SCHADLER_END], ['freeze', 'remove', 'leap'], 'latrunculi.schadler.history', SCHADLER_CHOICES),
  'schadler-2001': freezing([...SCHADLER, 'latrunculi.schadler.between', ...SCHADLER_END], ['freeze', 'remove', 'leap', 'between'], 'latrunculi.schadler.history', [...SCHADLER_CHOICES, 'latrunculi.schadler.choice4']),
  seneca: freezing(SENECA, ['freeze', 'removeFree', 'leapOwn'], 'latrunculi.seneca.history', ['latrunculi.schadler.choice1', 'latrunculi.schadler.choice2', 'latrunculi.seneca.choice1']),
  falkener: contents({
    goal: 'latrunculi.falkener.goal',
    rules: ['latrunculi.falkener.start', 'latrunculi.falkener.move', 'latrunculi.falkener.capture', 'latrunculi.schadler.repeat', 'latrunculi.falkener.win'],
    figures: ['diagonal', 'hopEnemy'],
    history: [...HISTORY, 'latrunculi.falkener.history'],
    choices: ['latrunculi.falkener.choice1', 'latrunculi.falkener.choice2', 'latrunculi.choice4'],
    source: ['latrunculi.falkener.source'],
  }),
  'kowalski-10x11': kowalski('latrunculi.kowalski.start10'),
  'kowalski-8x12': kowalski('latrunculi.kowalski.start8'),
  'bell-8x7': BELL,
  'bell-8x8': BELL,
  custom: contents({ rules: ['latrunculi.custom.intro'], figures: PLAIN }),
};

/** Kharebga's or Seega's page, the same on every board: placing around the empty centre. */
const family = (name) => contents({
  rules: ['latrunculi.ludii.start', `latrunculi.${name}.move`, 'latrunculi.quintana.capture', 'latrunculi.schadler.repeat', 'latrunculi.piso.win'],
  heading: 'page.latrunculi.placing',
  figures: ['centre', 'custodial'],
  history: [...HISTORY, 'latrunculi.ludii.history'],
  choices: adding(['latrunculi.ludii.choice1', 'latrunculi.ludii.choice2']),
});

/**
 * Whether counters are taken in the corners under `rules`, as the engine reads them; rules it
 * refuses are played as Piso's, which take them.
 */
function cornersCapture(engine, rules) {
  const game = underRules(engine, rules, undefined);
  if (!game) return true;
  try {
    return game.snapshot().cornersCapture;
  } finally {
    game.free();
  }
}

/** The rules page for `rules` (a preset name or key=value text), into `body`. */
export function renderRules(body, i18n, engine, rules) {
  const { t } = i18n;
  const preset = presetOf(rules);
  const board = GAME.familyOf(preset);
  const reading = board ? family(board.family) : READINGS[preset];
  // The corner capture is shown only where the rules played have it (not Quintana's).
  const corners = cornersCapture(engine, rules ?? GAME.presets[0]);
  const name = board ? `${t(`rules.latrunculi.${board.family}`)} ${board.size.replace('x', ' × ')}` : t(`rules.latrunculi.${preset}`);
  return renderPage(body, i18n, {
    title: `${t('page.rulesTitle', { game: t('game.latrunculi') })} · ${name}`,
    sections: [
      { paragraphs: [reading.goal, ...reading.rules] },
      { heading: reading.heading, figures: reading.figures.filter((name) => name !== 'corner' || corners).map(figureOf(i18n, engine, rules)) },
      { heading: 'page.history', paragraphs: reading.history },
      { heading: 'page.choices', list: reading.choices },
      { heading: 'page.teachers', paragraphs: ['latrunculi.teachers'] },
      { heading: 'page.sources', list: reading.sources },
    ],
  });
}
