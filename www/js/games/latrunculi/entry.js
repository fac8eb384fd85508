// Latrunculi as the home screen and the router see it: its screen, a live picture of its board
// and its rules page.

import { asPicture } from '../../kit/svg.js';
import { createBoard } from './board.js';
import { mountLatrunculi } from './screen.js';
import { renderRules } from './rules.js';

// A middle game under Piso's rules for the picture on the home screen.
const PREVIEW = '8/2B1B3/1BW2W2/3WB3/2W1BW2/1W3W2/4B3/8 w 0,0 2,1 6 -,-';

function preview(engine, i18n) {
  return (box) => {
    const game = new engine.LatrunculiGame('piso', PREVIEW, '1');
    try {
      const snap = game.snapshot();
      createBoard(box, snap, { i18n, corners: true }).render({
        position: snap.position, squares: snap.squares, selectable: new Set(), selected: null,
        targets: new Set(), hint: null,
      });
      asPicture(box, i18n.t('home.preview', { game: i18n.t('game.latrunculi') }));
    } finally {
      game.free();
    }
  };
}

/** What the game catalogue needs of Latrunculi. */
export function latrunculi(engine, i18n) {
  return {
    preview: preview(engine, i18n),
    mount: mountLatrunculi,
    rulesPage: (body, rules) => renderRules(body, i18n, engine, rules),
  };
}
