// Latrunculi's rules page: the rules of the chosen reading in plain words, two diagrams drawn
// by the board itself (a custodial capture and a corner capture), the history, the choices
// where the sources are silent, and the sources.

import { renderPage } from '../../app/page.js';
import { asPicture } from '../../kit/svg.js';
import { createBoard } from './board.js';

// Each diagram: a position under Piso's rules, the move it shows and its caption. The board
// marks the moving counter, an arrow to where it goes and the counter it takes.
const DIAGRAMS = {
  custodial: { position: 'B4B/5B/2W3/2B3/3W2/6 w 0,0 0,0 0 -,-', move: 'd2-c2', caption: 'diagram.latrunculi.custodial' },
  corner: { position: '4B1/5B/6/6/W5/B1W3 w 0,0 0,0 0 -,-', move: 'c1-b1', caption: 'diagram.latrunculi.corner' },
};

/** Draws `diagram` into `box`; a picture, not a control. */
function drawDiagram(box, i18n, engine, diagram) {
  const game = new engine.LatrunculiGame('piso', diagram.position, '1');
  try {
    const snap = game.snapshot();
    const move = snap.sources.flatMap((g) => g.moves).find((m) => m.move === diagram.move);
    createBoard(box, snap, { i18n, corners: true }).render({
      position: snap.position,
      squares: snap.squares,
      selectable: new Set(),
      selected: move.from,
      targets: new Set([move.to]),
      doomed: new Set(move.captured),
      // The hint's arrow shows the move itself.
      hint: move,
    });
    asPicture(box, i18n.t(diagram.caption));
  } finally {
    game.free();
  }
}

/** Which rules text the page describes: a preset, or your own mix. */
function presetOf(rules) {
  if (!rules || rules === 'piso') return 'piso';
  return rules === 'quintana' ? 'quintana' : 'custom';
}

/** The rules page for `rules` (a preset name or key=value text), into `body`. */
export function renderRules(body, i18n, engine, rules) {
  const { t } = i18n;
  const preset = presetOf(rules);
  const own = {
    piso: ['latrunculi.piso.start', 'latrunculi.piso.move', 'latrunculi.piso.capture', 'latrunculi.piso.noback', 'latrunculi.piso.win'],
    quintana: ['latrunculi.quintana.start', 'latrunculi.quintana.move', 'latrunculi.quintana.capture', 'latrunculi.quintana.win'],
    custom: ['latrunculi.custom.intro'],
  }[preset];
  const figure = (name) => ({
    caption: DIAGRAMS[name].caption,
    draw: (box) => drawDiagram(box, i18n, engine, DIAGRAMS[name]),
  });
  return renderPage(body, i18n, {
    title: `${t('page.rulesTitle', { game: t('game.latrunculi') })} · ${t(`rules.latrunculi.${preset}`)}`,
    sections: [
      { paragraphs: ['latrunculi.goal', ...own] },
      { heading: 'page.latrunculi.capturing', figures: [figure('custodial'), figure('corner')] },
      { heading: 'page.history', paragraphs: ['latrunculi.history1', 'latrunculi.history2', 'latrunculi.history3', 'latrunculi.history4', 'latrunculi.history5'] },
      { heading: 'page.choices', list: ['latrunculi.choice1', 'latrunculi.choice2', 'latrunculi.choice3', 'latrunculi.choice4', 'latrunculi.choice5'] },
      { heading: 'page.sources', list: ['latrunculi.source1', 'latrunculi.source2', 'latrunculi.source3'] },
    ],
  });
}
