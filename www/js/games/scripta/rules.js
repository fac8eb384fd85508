// XII Scripta's rules page: the rules in plain words with diagrams drawn by the board itself,
// the history, the inscribed boards, the choices this ruleset makes and the sources.

import { renderPage } from '../../app/page.js';
import { asPicture } from '../../kit/svg.js';
import { createBoard } from './board.js';
import { facesFigures } from './faces-section.js';

// Each diagram: a position (XSN with its dice), the source to show selected, and a caption.
const DIAGRAMS = {
  enter: { position: 'A w15s0o0: w15s0o0: 4', selected: 'tray', caption: 'diagram.enter' },
  block: { position: 'A w13s0o0:5,7 w13s0o0:9x2 4', selected: null, caption: 'diagram.block' },
  hit: { position: 'A w13s0o0:3,11 w14s0o0:15 4', selected: 11, caption: 'diagram.hit' },
  bearOff: { position: 'A w0s0o0:31x3,32x3,33x3,34x2,35x2,36x2 w10s0o0:3,8,12,20,25 6', selected: 31, caption: 'diagram.bearOff' },
};

/** Draws `diagram` into `box` with a board of the engine's geometry; a picture, not a control. */
function drawDiagram(box, i18n, engine, diagram) {
  const game = engine.ScriptaGame.fromPosition(diagram.position, '1');
  try {
    const snap = game.snapshot();
    const board = createBoard(box, game.geometry(), { i18n });
    const steps = snap.sources.find((g) => g.source === diagram.selected)?.steps ?? [];
    board.render({
      position: snap.position,
      marks: snap.marks,
      selectable: new Set(),
      selected: diagram.selected,
      targets: new Map(steps.map((s) => [s.to, s])),
      turn: snap.turn,
      hint: null,
    });
    asPicture(box, i18n.t(diagram.caption));
  } finally {
    game.free();
  }
}

/** The rules page for the Austin & Murray rules, into `body`. */
export function renderRules(body, i18n, engine) {
  const { t } = i18n;
  const figure = (name) => ({
    caption: DIAGRAMS[name].caption,
    draw: (box) => drawDiagram(box, i18n, engine, DIAGRAMS[name]),
  });
  return renderPage(body, i18n, {
    title: `${t('page.rulesTitle', { game: t('game.scripta') })} · ${t('rules.scripta.austin-murray')}`,
    sections: [
      { paragraphs: ['scripta.am.goal', 'scripta.am.board', 'scripta.am.dice', 'scripta.am.enter'], figures: [figure('enter')] },
      { paragraphs: ['scripta.am.block'], figures: [figure('block')] },
      { paragraphs: ['scripta.am.hit'], figures: [figure('hit')] },
      { paragraphs: ['scripta.am.bearOff'], figures: [figure('bearOff')] },
      { paragraphs: ['scripta.am.win'] },
      { heading: 'page.history', paragraphs: ['scripta.am.history1', 'scripta.am.history2', 'scripta.am.history3'] },
      { heading: 'faces.heading', paragraphs: ['faces.intro', 'faces.vulgar'], nodes: () => facesFigures(i18n, engine) },
      { heading: 'page.choices', list: ['scripta.am.choice1', 'scripta.am.choice2', 'scripta.am.choice3', 'scripta.am.choice4', 'scripta.am.choice5', 'scripta.am.choice6'] },
      { heading: 'page.sources', list: ['scripta.am.source1', 'scripta.am.source2', 'scripta.am.source3'] },
    ],
  });
}
