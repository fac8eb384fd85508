// The rules page's section on the inscribed boards: every face the engine lists, drawn small
// by the board itself, with its Latin as inscribed, its translation and where it comes from.

import { asPicture } from '../../kit/svg.js';
import { createBoard } from './board.js';

/** One face: its empty board as a picture, then its lines, translation and note. */
function faceFigure(i18n, geometry, snap, face) {
  const { t } = i18n;
  const figure = document.createElement('figure');
  figure.className = 'diagram face-figure';
  figure.dataset.faceFigure = face.id;
  const box = document.createElement('div');
  box.className = 'diagram-board';
  createBoard(box, geometry, { i18n, face }).render({
    position: snap.position, marks: [], selectable: new Set(), selected: null,
    targets: new Map(), turn: snap.turn, hint: null,
  });
  asPicture(box, t('faces.picture', { words: face.lines.join(' ') }));
  const caption = document.createElement('figcaption');
  const latin = document.createElement('p');
  latin.className = 'face-latin';
  latin.lang = 'la';
  for (const line of face.lines) {
    const span = document.createElement('span');
    span.textContent = line;
    latin.append(span);
  }
  const translation = document.createElement('p');
  translation.className = 'face-translation';
  translation.textContent = t(`face.${face.id}.translation`);
  const note = document.createElement('p');
  note.className = 'face-note';
  note.textContent = t(`face.${face.id}.note`);
  caption.append(latin, translation, note);
  figure.append(box, caption);
  return figure;
}

/** The section's figures, in the engine's order (the Trier board first), in one list. */
export function facesFigures(i18n, engine) {
  const game = new engine.ScriptaGame('1');
  try {
    const geometry = game.geometry();
    const snap = game.snapshot();
    const list = document.createElement('div');
    list.className = 'face-list';
    list.append(...engine.scriptaFaces().map((face) => faceFigure(i18n, geometry, snap, face)));
    return [list];
  } finally {
    game.free();
  }
}
