// The games the home screen offers: their rule sets and options, who may play them, how a
// choice becomes the `rules` text of a link, and a live picture of the board.

//
// A game's screen and rules page are modules of their own, fetched when first shown: the home
// screen needs only the boards for its pictures, and a game only its own screen.

import { asPicture } from '../kit/svg.js';
import { createBoard } from '../games/scripta/board.js';
import { chooseFace, faceName } from '../games/scripta/faces.js';
import { GAME as SCRIPTA } from '../games/scripta/meta.js';
import { GAME as LATRUNCULI } from '../games/latrunculi/meta.js';

// A middle game for the picture on the home screen.
const SCRIPTA_PREVIEW = 'A w4s0o0:1,3x2,5,12,25x3,31x2,36 w2s1o2:2,7x2,14,19x5,33';

/** The game a picture shows: a middle game under Austin & Murray, else the reading's start. */
function previewGame(engine, rules) {
  if (rules) {
    try {
      return new engine.ScriptaGame('1', undefined, rules);
    } catch {
      // Rules of one's own the engine refuses: the game screen says why; the picture stays.
    }
  }
  return engine.ScriptaGame.fromPosition(SCRIPTA_PREVIEW, '1');
}

/** Draws `game` into `box` as a picture (no controls); gives the snapshot drawn. */
function drawScripta(engine, i18n, box, game) {
  try {
    const snap = game.snapshot();
    createBoard(box, game.geometry(), { i18n, face: chooseFace(engine.scriptaFaces()) }).render({
      position: snap.position, marks: snap.marks, selectable: new Set(), selected: null,
      targets: new Map(), turn: snap.turn, hint: null,
    });
    asPicture(box, i18n.t('home.preview', { game: i18n.t('game.scripta') }));
    return snap;
  } finally {
    game.free();
  }
}

function scriptaPreview(ready, i18n) {
  return async (box, rules) => {
    const engine = await ready();
    drawScripta(engine, i18n, box, previewGame(engine, rules));
  };
}

/** A saved game where it stands; resolves with how far it is (confirmed turns). */
function scriptaSaved(ready, i18n) {
  return async (box, saved) => {
    const engine = await ready();
    const snap = drawScripta(engine, i18n, box, engine.ScriptaGame.restore(saved));
    return { unit: 'turns', count: snap.turns };
  };
}

// "Your own rules" for XII Scripta: the engine's options (`scriptaRules()`; a unit test keeps
// the two lists equal), each with Austin & Murray's value first, as a new choice starts.
const SCRIPTA_OPTIONS = [
  ['counters', ['15', '12', '6']], ['dice', ['3', '2']], ['track', ['shared', 'split']],
  ['start', ['off', 'set']], ['entry', ['free', 'all']], ['sum', ['off', 'on']],
  ['stacks', ['off', 'any', 'matched']], ['again', ['off', 'on']], ['hit', ['tray', 'middle']],
  ['bearoff', ['over', 'exact']], ['columns', ['off', 'on']], ['cap', ['off', '4']],
  ['opener', ['albi', 'throw']],
].map(([key, values]) => ({ key, label: `option.scripta.${key}`, values }));

const SCRIPTA_RULES = SCRIPTA.presets.map((id) => ({ id, name: `rules.scripta.${id}` }));

/** A choice's `rules` text: a preset's id, or every option written `key=value`. */
const rulesText = (options) => (choice) => (choice.rules === 'custom'
  ? options.map((o) => `${o.key}=${choice.options[o.key]}`).join(',')
  : choice.rules);

const LATRUNCULI_OPTIONS = [
  { key: 'start', label: 'option.start', values: ['place', 'rows'] },
  { key: 'move', label: 'option.move', values: ['step', 'rook'] },
  { key: 'corner', label: 'option.corner', values: ['on', 'off'] },
  { key: 'noback', label: 'option.noback', values: ['on', 'off'] },
  { key: 'win', label: 'option.win', values: ['captures', 'all'] },
];

/**
 * Every game with what the home screen, the router and the rules pages need of it. `ready()`
 * gives the engine once it is loaded; `load()` (the screen's module), `preview(box)`,
 * `savedPicture(box, saved)` (a saved game's board, resolving with how far it is: {unit,
 * count}), `mount(root, ctx)` and `rulesPage(body, rules)` return promises, as each may wait
 * for the engine or its module; so does `faces()`, the inscribed boards of a game that has them.
 */
export function gameCatalogue(ready, i18n, latrunculi) {
  return {
    scripta: {
      name: 'game.scripta',
      rules: [...SCRIPTA_RULES, { id: 'custom', name: 'rules.scripta.custom', custom: true }],
      options: SCRIPTA_OPTIONS,
      levels: SCRIPTA.levels,
      levelAbout: SCRIPTA.levelAbout,
      strength: SCRIPTA.strength,
      unmeasured: SCRIPTA.unmeasured,
      defaultLevel: SCRIPTA.defaultLevel,
      sides: SCRIPTA.sides,
      // Austin & Murray are the default: a link without `rules` plays them.
      rulesText: (choice) => (choice.rules === 'austin-murray' ? null : rulesText(SCRIPTA_OPTIONS)(choice)),
      preview: scriptaPreview(ready, i18n),
      savedPicture: scriptaSaved(ready, i18n),
      // The screen's module, asked for while the engine loads.
      load: () => import('../games/scripta/screen.js'),
      // The inscribed boards its marks may carry, from the engine, and their names in a picker.
      faces: async () => (await ready()).scriptaFaces(),
      faceName: (face) => faceName(i18n, face),
      mount: async (root, ctx) => (await import('../games/scripta/screen.js')).mountScripta(root, ctx),
      rulesPage: async (body, rules) => {
        const [{ renderRules }, engine] = await Promise.all([import('../games/scripta/rules.js'), ready()]);
        renderRules(body, i18n, engine, { rules, others: true });
      },
    },
    latrunculi: {
      name: 'game.latrunculi',
      rules: [
        ...LATRUNCULI.presets.map((id) => ({ id, name: `rules.latrunculi.${id}` })),
        { id: 'custom', name: 'rules.latrunculi.custom', custom: true },
      ],
      options: LATRUNCULI_OPTIONS,
      levels: LATRUNCULI.levels,
      levelAbout: LATRUNCULI.levelAbout,
      strength: LATRUNCULI.strength,
      unmeasured: LATRUNCULI.unmeasured,
      defaultLevel: LATRUNCULI.defaultLevel,
      sides: LATRUNCULI.sides,
      rulesText: rulesText(LATRUNCULI_OPTIONS),
      ...latrunculi,
    },
  };
}
