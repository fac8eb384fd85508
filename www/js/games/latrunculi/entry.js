// Latrunculi as the home screen and the router see it: its screen, a live picture of its board
// (and of a saved game's) and its rules page.

import { asPicture } from '../../kit/svg.js';
import { createBoard } from './board.js';

// A middle game under Piso's rules for the picture on the home screen.
const PREVIEW = '8/2B1B3/1BW2W2/3WB3/2W1BW2/1W3W2/4B3/8 w 0,0 2,1 6 -,-';

/** Draws `game` into `box` as a picture (no controls); gives the snapshot drawn. */
function draw(i18n, box, game) {
  try {
    const snap = game.snapshot();
    createBoard(box, snap, { i18n, corners: snap.cornersCapture }).render({
      position: snap.position, squares: snap.squares, selectable: new Set(), selected: null,
      targets: new Set(), hint: null,
    });
    asPicture(box, i18n.t('home.preview', { game: i18n.t('game.latrunculi') }));
    return snap;
  } finally {
    game.free();
  }
}

function preview(ready, i18n) {
  return async (box) => {
    const engine = await ready();
    draw(i18n, box, new engine.LatrunculiGame('piso', PREVIEW, '1'));
  };
}

/** A saved game where it stands; resolves with how far it is (moves and placements played). */
function saved(ready, i18n) {
  return async (box, data) => {
    const engine = await ready();
    const snap = draw(i18n, box, engine.LatrunculiGame.restore(data));
    return { unit: 'moves', count: snap.moves };
  };
}

/** What the game catalogue needs of Latrunculi; its screen and rules are fetched when shown. */
export function latrunculi(ready, i18n) {
  return {
    preview: preview(ready, i18n),
    savedPicture: saved(ready, i18n),
    load: () => import('./screen.js'),
    mount: async (root, ctx) => (await import('./screen.js')).mountLatrunculi(root, ctx),
    rulesPage: async (body, rules) => {
      const [{ renderRules }, engine] = await Promise.all([import('./rules.js'), ready()]);
      renderRules(body, i18n, engine, rules);
    },
  };
}
