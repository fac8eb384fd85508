// The games the home screen offers: their rule sets and options, who may play them, how a
// choice becomes the `rules` text of a link, and a live picture of the board.
//
// A game's screen, rules page and engine are fetched when first shown: the home screen draws
// its boards from pictures the build made from the engines (`pkg/pictures.js`), and a game
// loads only its own screen, board and engine.

import { asPicture } from '../kit/svg.js';
import { chooseFace, faceName } from '../games/scripta/faces.js';
import { GAME as SCRIPTA } from '../games/scripta/meta.js';
import { GAME as LATRUNCULI } from '../games/latrunculi/meta.js';
import { latrunculi } from '../games/latrunculi/entry.js';
import { PICTURES } from '../../pkg/pictures.js';
import { imported, importWhole } from '../kit/preload.js';

const SCRIPTA_SCREEN = new URL('../games/scripta/screen.js', import.meta.url);
// The board module draws the pictures too; a game screen of the other game never needs it.
const SCRIPTA_BOARD = new URL('../games/scripta/board.js', import.meta.url);

/** Shows `view` ({position, marks, turn}) on `board`. */
function showScripta(board, view) {
  board.render({
    position: view.position, marks: view.marks, selectable: new Set(), selected: null,
    targets: new Map(), turn: view.turn, hint: null,
  });
}

/** Draws a picture's board for `view` ({geometry, position, marks, turn}) into `box` (no controls). */
async function scriptaPicture(i18n, box, view) {
  const { createBoard } = imported(SCRIPTA_BOARD) ?? await importWhole(SCRIPTA_BOARD);
  const board = createBoard(box, view.geometry, { i18n, face: chooseFace(PICTURES.faces), picture: true });
  showScripta(board, view);
  asPicture(box, i18n.t('home.preview', { game: i18n.t('game.scripta') }));
  return board;
}

/** What the engine's `game` draws, freed once read: its snapshot, and its geometry when asked. */
function viewOf(game, geometry = true) {
  try {
    const snap = game.snapshot();
    return { geometry: geometry ? game.geometry() : null, position: snap.position, marks: snap.marks, turn: snap.turn, snap };
  } finally {
    game.free();
  }
}

/**
 * The picture of a reading: a preset's from the build (a middle game under Austin & Murray,
 * else the reading's start); rules of one's own from the engine, fetched for them. Rules the
 * engine refuses keep the default picture: the game screen says why.
 */
function scriptaPreview(ready, i18n) {
  return async (box, rules) => {
    let view = PICTURES.scripta[rules ?? 'austin-murray'];
    if (!view) {
      const engine = await ready();
      try {
        view = viewOf(new engine.ScriptaGame('1', undefined, rules));
      } catch {
        view = PICTURES.scripta['austin-murray'];
      }
    }
    await scriptaPicture(i18n, box, view);
  };
}

/**
 * A picture in `box` that follows a game from save to save: the board is drawn for the first
 * and only its counters move for the next, so a class's wall can redraw thirty games in a
 * frame. Each call resolves with how far the game is (confirmed turns).
 */
function scriptaFollow(ready, i18n) {
  return (box) => {
    let board = null;
    return async (saved) => {
      const view = viewOf((await ready()).ScriptaGame.restore(saved), !board);
      // The board is asked for once, before any wait, so two saves in quick succession draw
      // one; a board that did not arrive is asked for again with the next save.
      if (board) showScripta(await board, view);
      else await (board = scriptaPicture(i18n, box, view).catch((error) => { board = null; throw error; }));
      const { albi, nigri } = view.snap;
      return { unit: 'turns', count: view.snap.turns, score: { kind: 'borneOff', sides: { albi: albi.borneOff, nigri: nigri.borneOff } } };
    };
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
// An option marked `quiet` is left out of the text at its default (its first value), so a
// link names only the rules that differ.
const rulesText = (options) => (choice) => (choice.rules === 'custom'
  ? options.filter((o) => !(o.quiet && choice.options[o.key] === o.values[0]))
    .map((o) => `${o.key}=${choice.options[o.key]}`).join(',')
  : choice.rules);

const LATRUNCULI_OPTIONS = [
  { key: 'start', label: 'option.start', values: ['place', 'rows', 'chequer', 'rank'] },
  { key: 'move', label: 'option.move', values: ['step', 'rook'] },
  { key: 'corner', label: 'option.corner', values: ['on', 'off'] },
  { key: 'noback', label: 'option.noback', values: ['on', 'off'] },
  { key: 'win', label: 'option.win', values: ['captures', 'all', 'block'] },
  // Schädler's and Seneca's options, each off by default as in Piso's rules.
  { key: 'trap', label: 'option.trap', values: ['capture', 'freeze'], quiet: true },
  { key: 'leap', label: 'option.leap', values: ['off', 'any', 'own', 'enemy', 'dux'], quiet: true },
  { key: 'nobetween', label: 'option.nobetween', values: ['off', 'on'], quiet: true },
  { key: 'norepeat', label: 'option.norepeat', values: ['off', 'on'], quiet: true },
  { key: 'remove', label: 'option.remove', values: ['turn', 'free'], quiet: true },
  // Boards of other sizes and Kharebga's and Seega's placing; a size reads as itself.
  { key: 'board', label: 'option.board', values: ['8x8', '6x6', '6x7', '6x8', '7x8', '8x7', '8x9', '9x10', '10x10', '11x12', '11x16', '12x12', '14x14'], quiet: true, plain: true },
  { key: 'perturn', label: 'option.perturn', values: ['1', '2'], quiet: true },
  { key: 'centre', label: 'option.centre', values: ['off', 'on'], quiet: true },
  { key: 'diagonal', label: 'option.diagonal', values: ['off', 'on'], quiet: true },
  // Bell's hostile corners, the extra move after a capture and the placed dux.
  { key: 'hostile', label: 'option.hostile', values: ['off', 'on'], quiet: true },
  { key: 'again', label: 'option.again', values: ['off', 'on'], quiet: true },
  { key: 'dux', label: 'option.dux', values: ['off', 'place'], quiet: true },
];

// Kharebga's and Seega's rules: one choice each, its board picked below it.
const LATRUNCULI_FAMILIES = Object.entries(LATRUNCULI.families)
  .map(([id, sizes]) => ({ id, name: `rules.latrunculi.${id}`, sizes }));

/** A family's preset with the board chosen (its first when the one chosen is not its own). */
const familyPreset = (choice) => {
  const sizes = LATRUNCULI.families[choice.rules];
  return sizes && LATRUNCULI.familyPreset(choice.rules, sizes.includes(choice.options?.board) ? choice.options.board : sizes[0]);
};

/**
 * The name of `game`'s rules `rules` (a preset's id, or a rules text of one's own) in the
 * words of `t`, from the home screen's `games`: a family's preset (`kharebga-8x8`) by its
 * family's name and board.
 */
export function rulesName({ t }, games, game, rules) {
  const known = games[game]?.rules.find((r) => r.id === rules && !r.custom);
  const board = games[game]?.familyOf?.(rules);
  const family = board && games[game].rules.find((r) => r.id === board.family);
  if (family) return `${t(family.name)} ${board.size.replace('x', ' × ')}`;
  return t(known?.name ?? (rules ? `rules.${game}.custom` : games[game].rules[0].name));
}

/**
 * Every game with what the home screen, the router and the rules pages need of it.
 * `ready(game)` gives that game's engine once it is loaded; `loadPictures()` (the module the
 * pictures are drawn with), `load()` (the screen's module), `preview(box)`,
 * `followPicture(box)` (a saved game's board in `box`, save after save: gives `(saved) =>`
 * a promise of how far it is and its score: {unit, count, score: {kind, sides}}),
 * `mount(root, ctx)` and `rulesPage(body, rules)` return promises, as each may wait
 * for the engine or its module; so do `faces()`, the inscribed boards of a game that has them,
 * and `clash(rules)`, the keys of two options the engine says cannot go together (or null).
 */
export function gameCatalogue(ready, i18n) {
  const scriptaReady = () => ready('scripta');
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
      preview: scriptaPreview(scriptaReady, i18n),
      clash: async (rules) => (await scriptaReady()).ScriptaGame.rulesClash(rules),
      followPicture: scriptaFollow(scriptaReady, i18n),
      // The screen's module, asked for while the engine loads.
      load: () => importWhole(SCRIPTA_SCREEN),
      // The module the pictures are drawn with, asked for with the home screen's.
      loadPictures: () => importWhole(SCRIPTA_BOARD),
      // The inscribed boards its marks may carry, as the engine lists them, and their names in
      // a picker.
      faces: async () => PICTURES.faces,
      faceName: (face) => faceName(i18n, face),
      mount: async (root, ctx) => (await importWhole(SCRIPTA_SCREEN)).mountScripta(root, ctx),
      rulesPage: async (body, rules) => {
        const [{ renderRules }, engine] = await Promise.all([import('../games/scripta/rules.js'), scriptaReady(), i18n.pages()]);
        renderRules(body, i18n, engine, { rules, others: true });
      },
    },
    latrunculi: {
      name: 'game.latrunculi',
      rules: [
        ...LATRUNCULI.named.map((id) => ({ id, name: `rules.latrunculi.${id}` })),
        ...LATRUNCULI_FAMILIES,
        { id: 'custom', name: 'rules.latrunculi.custom', custom: true },
      ],
      options: LATRUNCULI_OPTIONS,
      levels: LATRUNCULI.levels,
      levelAbout: LATRUNCULI.levelAbout,
      strength: LATRUNCULI.strength,
      unmeasured: LATRUNCULI.unmeasured,
      defaultLevel: LATRUNCULI.defaultLevel,
      sides: LATRUNCULI.sides,
      rulesText: (choice) => familyPreset(choice) ?? rulesText(LATRUNCULI_OPTIONS)(choice),
      presetOf: (choice) => familyPreset(choice) ?? choice.rules,
      familyOf: LATRUNCULI.familyOf,
      ...latrunculi(() => ready('latrunculi'), i18n),
    },
  };
}
