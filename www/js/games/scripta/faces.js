// The inscribed boards (faces) whose letters XII Scripta's marks may carry: which one a screen
// draws, the letter a face puts on a cell, and how a picker names one. The faces come from the
// engine (`scriptaFaces()`: {id, lines, found}); the default, the Trier board, is its first.

import { loadFace } from '../../app/storage.js';

/**
 * The face to draw: the link's `face`, else the one this device chose last, else the default.
 * A link naming no face is told (a notice pushed onto `told`) and gets the default.
 */
export function chooseFace(faces, route = {}, told = []) {
  const byId = (id) => faces.find((f) => f.id === id);
  if (route.face) {
    const linked = byId(route.face);
    if (linked) return linked;
    told.push({ notice: 'unknownFace', args: { value: route.face } });
    return faces[0];
  }
  return byId(loadFace()) ?? faces[0];
}

/**
 * A face's name in a picker: its first line (two boards share a first word), with where it was
 * found when the source says.
 */
export function faceName({ t }, face) {
  return face.found
    ? t('face.found', { words: face.lines[0], place: t(`place.${face.found}`) })
    : face.lines[0];
}

/**
 * The letter `face` puts on the cell at `row`, `col`: its line's letters read left to right,
 * one a column, the gap between the words taking none (as the core's `Face::letter`); null
 * off the face.
 */
export function faceLetter(face, row, col) {
  return face.lines[row]?.replace(' ', '')[col] ?? null;
}
