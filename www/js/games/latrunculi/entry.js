// Latrunculi as the home screen and the router see it: its screen, a live picture of its board
// (and of a saved game's) and its rules page.

import { asPicture } from '../../kit/svg.js';
import { PICTURES } from '../../../pkg/pictures.js';
import { imported, importWhole } from '../../kit/preload.js';

const SCREEN = new URL('./screen.js', import.meta.url);
// The board module draws the pictures too; a game screen of the other game never needs it.
const BOARD = new URL('./board.js', import.meta.url);

/**
 * Draws `view` (the engine's snapshot, or a picture the build made from one: {position, width,
 * height, cornersCapture, squares}) into `box` as a picture (no controls).
 */
async function draw(i18n, box, view) {
  const { createBoard } = imported(BOARD) ?? await importWhole(BOARD);
  const board = createBoard(box, view, { i18n, corners: view.cornersCapture, picture: true });
  show(board, view);
  asPicture(box, i18n.t('home.preview', { game: i18n.t('game.latrunculi') }));
  return board;
}

/** Shows `view` on `board`. */
function show(board, view) {
  board.render({
    position: view.position, squares: view.squares, selectable: new Set(), selected: null,
    targets: new Set(), hint: null,
  });
}

/** A middle game under Piso's rules, drawn without the engine. */
function preview(i18n) {
  return async (box) => draw(i18n, box, PICTURES.latrunculi);
}

/**
 * A picture in `box` that follows a game from save to save: the board is drawn for the first
 * and only its counters change for the next. Each call resolves with how far the game is
 * (moves and placements played).
 */
function follow(ready, i18n) {
  return (box) => {
    let board = null;
    return async (data) => {
      const game = (await ready()).LatrunculiGame.restore(data);
      let snap;
      try {
        snap = game.snapshot();
      } finally {
        game.free();
      }
      // The board is asked for once, before any wait, so two saves in quick succession draw
      // one; a board that did not arrive is asked for again with the next save.
      if (board) show(await board, snap);
      else await (board = draw(i18n, box, snap).catch((error) => { board = null; throw error; }));
      return { unit: 'moves', count: snap.moves, score: { kind: 'captured', sides: { ...snap.captured } } };
    };
  };
}

/** What the game catalogue needs of Latrunculi; its screen and rules are fetched when shown. */
export function latrunculi(ready, i18n) {
  return {
    preview: preview(i18n),
    followPicture: follow(ready, i18n),
    load: () => importWhole(SCREEN),
    loadPictures: () => importWhole(BOARD),
    clash: async (rules) => (await ready()).LatrunculiGame.rulesClash(rules),
    mount: async (root, ctx) => (await importWhole(SCREEN)).mountLatrunculi(root, ctx),
    rulesPage: async (body, rules) => {
      const [{ renderRules }, engine] = await Promise.all([import('./rules.js'), ready(), i18n.pages()]);
      renderRules(body, i18n, engine, rules);
    },
  };
}
