// An XII Scripta board in SVG, drawn from the engine's geometry: rows of marks split by the
// central gap, the track through them in the engine's order (each side's own path where the
// readings give each side entry cells of its own), the home zone, the exit beside the last
// mark, the counters on their marks, and a hint's numbered steps drawn over them.
// A board is an instance: createBoard(container, geometry, options) -> {render, counterElement,
// svg, destroy}; several can live on one page.

import { el, toggle, uniqueId } from '../../kit/svg.js';
import { faceLetter } from './faces.js';

// Geometry in SVG units. Twelve cells plus the gap and the exit column must fit 352 CSS px
// (a 360 px phone) with each cell at least 24 px wide.
const W = 40; // cell width
const M = 8; // frame margin
const GAP = 22; // the central gap
const ROW_GAP = 14;
// How far below a cell's top the split track's two paths run, between them (7 above and 7
// below): clear of its letter (drawn down to about 53) and of its bottom edge.
const LETTER_CLEAR = 67;
const EXIT_GAP = 6;
const EXIT_W = 46;
// How far below an exit's top its dot (the colour of the side that leaves there) is drawn.
const EXIT_DOT = 13;
const R = 14; // counter radius
export const COUNTER = 2 * R;

// Cell height and the counters a stack draws before it shows its count. Portrait screens have
// height to spare, so their marks grow taller: longer stacks and bigger thumb targets.
const WIDE = { H: 82, VISIBLE: 4 };
const TALL = { H: 128, VISIBLE: 6 };

/** The board's SVG width for `geometry`, in SVG units. */
export function boardWidth(geometry) {
  return M + geometry.columns * W + GAP + EXIT_GAP + EXIT_W + M;
}

function defs(svg, id) {
  const d = el('defs', {}, svg);
  const gradient = (name, stops) => {
    const g = el('radialGradient', { id: `${id}-${name}`, cx: '38%', cy: '32%', r: '70%' }, d);
    for (const [offset, color] of stops) el('stop', { offset, 'stop-color': color }, g);
  };
  gradient('albi', [['0', '#fffdf6'], ['0.55', '#efe6d2'], ['1', '#c9b996']]);
  gradient('nigri', [['0', '#6b6b75'], ['0.35', '#25252c'], ['1', '#050507']]);
  const stone = el('linearGradient', { id: `${id}-stone`, x1: '0', y1: '0', x2: '1', y2: '1' }, d);
  for (const [offset, color] of [['0', '#eadfc8'], ['0.5', '#e0d2b6'], ['1', '#d3c29f']]) {
    el('stop', { offset, 'stop-color': color }, stone);
  }
  const arrow = el('marker', {
    id: `${id}-arrow`, viewBox: '0 0 10 10', refX: '5', refY: '5',
    markerWidth: '5', markerHeight: '5', orient: 'auto-start-reverse',
  }, d);
  el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'path-arrow' }, arrow);
  for (const side of ['albi', 'nigri']) {
    const own = el('marker', {
      id: `${id}-arrow-${side}`, viewBox: '0 0 10 10', refX: '5', refY: '5',
      markerWidth: '4', markerHeight: '4', orient: 'auto-start-reverse',
    }, d);
    el('path', { d: 'M0,0 L10,5 L0,10 z', class: `path-arrow path-arrow-${side}` }, own);
  }
  const hintArrow = el('marker', {
    id: `${id}-hint`, viewBox: '0 0 10 10', refX: '8', refY: '5',
    markerWidth: '4', markerHeight: '4', orient: 'auto',
  }, d);
  el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'hint-arrow-head' }, hintArrow);
}

/**
 * The board's layout for `geometry`, in SVG units: where each cell, stack slot and exit lies,
 * and the track through them. `tall`: taller marks; `face`: the inscribed board whose letters
 * the marks carry.
 */
function measure(geometry, tall, face) {
  const { H, VISIBLE } = tall ? TALL : WIDE;
  // A place on the board: a mark both sides run over, or `side:mark` for a cell of one side's
  // own (the split track's entry cells, numbered along that side's path).
  const keyOf = (cell) => (cell.owner ? `${cell.owner}:${cell.mark}` : cell.mark);
  const cells = new Map(geometry.cells.map((c) => [keyOf(c), c]));
  const placeOf = (side, mark) => (cells.has(`${side}:${mark}`) ? `${side}:${mark}` : mark);
  const split = geometry.cells.some((c) => c.owner);
  // A face gives each cell its letter by row and column, whichever mark the track puts there.
  const letterOf = (cell) => (face && faceLetter(face, cell.row, cell.col)) ?? cell.letter;
  const half = geometry.gapBefore;
  const width = boardWidth(geometry);
  const height = M + geometry.rows * H + (geometry.rows - 1) * ROW_GAP + M;
  const exitCell = cells.get(geometry.exitAfter);
  const exitRight = exitCell.col >= half;

  const cellX = (col) => M + (exitRight ? 0 : EXIT_W + EXIT_GAP) + col * W + (col >= half ? GAP : 0);
  const cellY = (row) => M + row * (H + ROW_GAP);
  const centre = ({ row, col }) => ({ x: cellX(col) + W / 2, y: cellY(row) + H / 2 });

  /** Centre of the k-th counter (0 = bottom) of a stack on the place `key`. */
  function slot(key, k) {
    const { row, col } = cells.get(key);
    const step = (H - 2 * R - 30) / (VISIBLE - 1);
    return { x: cellX(col) + W / 2, y: cellY(row) + H - R - 4 - k * step };
  }

  /** The exit zone's box for `side`: Albi's above Nigri's, beside the last mark. */
  function exitBox(side) {
    const h = H / 2 - 2;
    const x = exitRight ? cellX(geometry.columns - 1) + W + EXIT_GAP : M;
    return { x, y: cellY(exitCell.row) + (side === 'albi' ? 0 : h + 4), h };
  }

  // Which way along its row a step from cell `from` to cell `to` goes: 1 right, -1 left.
  const heading = (from, to) => Math.sign(centre(to).x - centre(from).x) || 1;
  /**
   * A path through the cells of `indices` (in the order a side's counters run), turning in the
   * margins, into the exit. The one track runs through the centres; on the split track each
   * `side`'s path runs below the letters, Albi's above Nigri's, and ends in its own exit.
   */
  function trackPath(indices, side = null) {
    const dy = side ? (side === 'albi' ? -7 : 7) + Math.max(0, LETTER_CLEAR - H / 2) : 0;
    const track = indices.map((i) => geometry.cells[i]);
    const first = centre(track[0]);
    const second = centre(track[1] ?? track[0]);
    const lead = second.x >= first.x ? -14 : 14;
    const parts = [`M${first.x + lead},${first.y + dy}`];
    for (let i = 1; i < track.length; i++) {
      const a = centre(track[i - 1]);
      const b = centre(track[i]);
      if (a.y === b.y) {
        parts.push(`H${b.x}`);
      } else if (track[i - 1].col === track[i].col) {
        const out = track[i - 1].col >= half ? 34 : -30;
        parts.push(`C${a.x + out},${a.y + dy} ${b.x + out},${b.y + dy} ${b.x},${b.y + dy}`);
      } else {
        // A crossing to another row's far end (the split track's step from the entry cells)
        // leaves its cell by the edge it was heading for, runs along the gap between the rows
        // and comes into the far cell by its outer edge: over no letter and no other cell.
        const gap = cellY(Math.max(track[i - 1].row, track[i].row)) - ROW_GAP / 2;
        const out = a.x + heading(track[i - 2] ?? track[i - 1], track[i - 1]) * (W / 2);
        const into = b.x - heading(track[i], track[i + 1] ?? track[i]) * (W / 2);
        parts.push(`H${out} V${gap} H${into} V${b.y + dy} H${b.x}`);
      }
    }
    const { x, y } = exitBox(side ?? 'albi');
    const end = exitRight ? x + EXIT_W / 2 - 8 : x + EXIT_W / 2 + 8;
    // A side's own exit is half the exit column: its path turns into it in the gap before and
    // points at its dot, clear of the word EXIT below, however short the cells are drawn.
    if (side) parts.push(`H${exitRight ? x - EXIT_GAP / 2 : x + EXIT_W + EXIT_GAP / 2} V${y + EXIT_DOT}`);
    parts.push(`H${end}`);
    return parts.join(' ');
  }

  return {
    geometry, H, VISIBLE, keyOf, cells, placeOf, split, letterOf, half, width, height, exitCell,
    exitRight, cellX, cellY, centre, slot, exitBox, trackPath,
  };
}

/** Draws the empty board of `b` (measure's layout, with `t`, `id` and `label`): its parts. */
function drawFrame(b) {
  const { geometry, t, id, label, face, cells, cellX, cellY, H, half, split, trackPath, keyOf, letterOf, exitBox, width, height, picture } = b;
  function exitZone(svg, side) {
    const { x, y, h } = exitBox(side);
    const zone = el('g', { class: `exit exit-${side}`, 'data-off': side, role: 'button' }, svg);
    el('rect', { x, y, width: EXIT_W, height: h, rx: 6, class: 'exit-cell' }, zone);
    el('circle', { cx: x + EXIT_W / 2, cy: y + EXIT_DOT, r: 6, class: `exit-dot counter-${side}`, fill: `url(#${id}-${side})` }, zone);
    const text = el('text', { x: x + EXIT_W / 2, y: y + h - 6, class: 'exit-label' }, zone);
    text.textContent = t('board.exit');
    // The word is squeezed into the cell rather than spill out (EXIT at a readable size,
    // USCITA, ВЫХОД).
    if ([...text.textContent].length >= 4) {
      text.setAttribute('textLength', String(EXIT_W - 8));
      text.setAttribute('lengthAdjust', 'spacingAndGlyphs');
    }
    return zone;
  }

  const svg = el('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: 'board-svg',
    role: 'group',
    'aria-label': label ?? t('board.group'),
    // The geometry's own letters are the Trier board's, which it is named after.
    'data-board-face': face?.id ?? geometry.name,
  });
  defs(svg, id);
  el('rect', { x: 1, y: 1, width: width - 2, height: height - 2, rx: 12, class: 'slab', fill: `url(#${id}-stone)` }, svg);
  const home = geometry.home.map((mark) => cells.get(mark));
  const homeLeft = Math.min(...home.map((c) => cellX(c.col)));
  const homeRight = Math.max(...home.map((c) => cellX(c.col) + W));
  const homeTop = Math.min(...home.map((c) => cellY(c.row)));
  const homeBottom = Math.max(...home.map((c) => cellY(c.row) + H));
  el('rect', {
    x: homeLeft - 3, y: homeTop - 3, width: homeRight - homeLeft + 6, height: homeBottom - homeTop + 6,
    rx: 8, class: 'home-zone',
  }, svg);
  // One track under the cells; on the split track each side's own path, drawn over the cells
  // below so it can be followed through them.
  if (!split) el('path', { d: trackPath(geometry.paths[0]), class: 'track', 'marker-end': `url(#${id}-arrow)` }, svg);
  for (let row = 0; row < geometry.rows; row++) {
    el('rect', {
      x: cellX(half) - GAP + 4, y: cellY(row) + 12, width: GAP - 8, height: H - 24, rx: 3,
      class: 'gap-rule',
    }, svg);
  }

  const homeMarks = new Set(geometry.home);
  // Each mark's word of the inscription as drawn (its row's half, read left to right), so a
  // screen reader hears "Mark 14, HOSTES" where a sighted player sees it.
  const wordOf = new Map(geometry.cells.map((c) => [keyOf(c), geometry.cells
    .filter((d) => d.row === c.row && (d.col < half) === (c.col < half))
    .sort((a, b) => a.col - b.col).map(letterOf).join('')]));
  const marks = new Map();
  for (const cell of geometry.cells) {
    const x = cellX(cell.col);
    const y = cellY(cell.row);
    const g = el('g', { class: 'mark', 'data-mark': String(cell.mark), 'data-letter': letterOf(cell), role: 'button' }, svg);
    if (cell.owner) {
      g.dataset.owner = cell.owner;
      g.classList.add(`own-${cell.owner}`);
    } else if (homeMarks.has(cell.mark)) {
      g.classList.add('home');
    }
    // The whole column slot answers taps, not only the drawn cell: bigger thumb targets. A
    // picture takes no taps, and a class's wall draws thirty of them.
    if (!picture) el('rect', { x, y: y - ROW_GAP / 2, width: W, height: H + ROW_GAP, class: 'hit-area' }, g);
    el('rect', { x: x + 1.5, y, width: W - 3, height: H, rx: 5, class: 'cell' }, g);
    // The number, then the letter: the mark's name begins with them in that order.
    const number = el('text', { x: x + 3, y: y + 17, class: 'number' }, g);
    number.textContent = cell.label;
    // A space between them, as read: "1 V", not "1V" (SVG draws no text outside <text>).
    g.append(' ');
    const letter = el('text', { x: x + W / 2, y: y + 45, class: 'letter' }, g);
    letter.textContent = letterOf(cell);
    const stack = el('g', { class: 'stack' }, g);
    marks.set(keyOf(cell), { g, stack, cell });
  }
  const exits = { albi: exitZone(svg, 'albi'), nigri: exitZone(svg, 'nigri') };
  if (split) {
    ['albi', 'nigri'].forEach((side, i) => el('path', {
      d: trackPath(geometry.paths[i], side),
      class: `track track-${side}`,
      'data-path': side,
      'marker-end': `url(#${id}-arrow-${side})`,
    }, svg));
  }
  // Drawn last, so the last turn's marks and a hint lie over the counters; they never take a tap.
  // Counts over the stacks (see drawStack), above every mark; they never take a tap.
  const counts = el('g', { class: 'stack-counts', 'aria-hidden': 'true' }, svg);
  const trail = el('g', { class: 'trails', 'aria-hidden': 'true' }, svg);
  const hints = el('g', { class: 'hints', 'aria-hidden': 'true' }, svg);
  return { svg, marks, exits, counts, trail, hints, wordOf };
}

/** Where a hint step starts or ends: a mark's cell, or the exit of the side to move. */
function hintPlace(b, place, side) {
  const { cells, placeOf, cellX, cellY, exitBox, H } = b;
  if (place === 'off') {
    const { x, y, h } = exitBox(side);
    return { x: x + EXIT_W / 2, y: y + h / 2, badge: y + h / 2 };
  }
  const { row, col } = cells.get(placeOf(side, place));
  // Arrows end at the top of the mark, badges sit at its foot: neither covers the other
  // nor the mark's number and letter.
  return { x: cellX(col) + W / 2, y: cellY(row) + 22, badge: cellY(row) + H - 14, cell: { row, col } };
}

/** Draws the steps of a hint (StepViews), numbered in play order: source rings, arrows, badges. */
function drawHint(b, steps, side) {
  const { hints, cellX, cellY, H, id } = b;
  hints.replaceChildren();
  const badges = new Map(); // destination -> badges already drawn there
  steps.forEach((step, i) => {
    const end = hintPlace(b, step.to, side);
    const g = el('g', { class: 'hint', 'data-hint-step': String(i + 1) }, hints);
    if (step.from !== 'tray') {
      const start = hintPlace(b, step.from, side);
      const { row, col } = start.cell;
      el('rect', {
        x: cellX(col) + 1.5, y: cellY(row), width: W - 3, height: H, rx: 5, class: 'hint-from',
      }, g);
      // Bow the arrow sideways so steps along one row do not run through the letters.
      const bow = start.y === end.y ? -H * 0.42 : 0;
      const mx = (start.x + end.x) / 2;
      const my = (start.y + end.y) / 2 + bow;
      el('path', {
        d: `M${start.x},${start.y} Q${mx},${my} ${end.x},${end.y}`,
        class: 'hint-arrow',
        'marker-end': `url(#${id}-hint)`,
      }, g);
    }
    // Several steps to one place stack their badges upwards.
    const k = badges.get(step.to) ?? 0;
    badges.set(step.to, k + 1);
    const by = end.badge - k * 23;
    el('circle', { cx: end.x, cy: by, r: 11, class: step.hit ? 'hint-badge hit' : 'hint-badge' }, g);
    const n = el('text', { x: end.x, y: by + 4.5, class: 'hint-number' }, g);
    n.textContent = String(i + 1);
  });
}

/**
 * Marks the last turn's steps (StepViews) until the next throw: a dashed outline where a
 * counter left, a ring where it landed (red with a cross for a hit), the exit lit for a
 * counter borne off. `upto` draws only the first steps (for "show again").
 */
function drawTrail(b, last, upto) {
  const { trail, cells, placeOf, cellX, cellY, H, exitBox, slot } = b;
  trail.replaceChildren();
  if (!last) return;
  last.steps.slice(0, upto ?? last.steps.length).forEach((step, i) => {
    const g = el('g', { class: `trail trail-${last.side}`, 'data-trail-step': String(i + 1) }, trail);
    if (step.from !== 'tray') {
      const { row, col } = cells.get(placeOf(last.side, step.from));
      el('rect', { x: cellX(col) + 3, y: cellY(row) + 2, width: W - 6, height: H - 4, rx: 5, class: 'trail-from' }, g);
    }
    if (step.to === 'off') {
      const { x, y, h } = exitBox(last.side);
      el('rect', { x: x + 2, y: y + 2, width: EXIT_W - 4, height: h - 4, rx: 5, class: 'trail-to' }, g);
      return;
    }
    const { x, y } = slot(placeOf(last.side, step.to), 0);
    el('circle', { cx: x, cy: y, r: R + 4, class: step.hit ? 'trail-to hit' : 'trail-to' }, g);
    if (step.hit) {
      const d = R * 0.55;
      el('path', { d: `M${x - d},${y - d - R - 8} l${2 * d},${2 * d} m0,${-2 * d} l${-2 * d},${2 * d}`, class: 'trail-cross' }, g);
    }
  });
}

/** Draws the counters on `key`; `picked`: how many of its top ones are picked up, if chosen. */
function drawStack(b, key, side, count, entry, picked) {
  const { marks, counts, VISIBLE, slot, id, cellX, cellY } = b;
  const held = marks.get(key);
  const { stack, cell } = held;
  stack.replaceChildren();
  // What is written over the counters (the stack's count, how many are picked) lies outside
  // the mark, whose name is what the mark itself shows and says these in words.
  held.over?.remove();
  held.over = el('g', {}, counts);
  const shown = Math.min(count, VISIBLE);
  for (let k = 0; k < shown; k++) {
    const { x, y } = slot(key, k);
    el('circle', { cx: x, cy: y, r: R, class: `counter counter-${side}`, fill: `url(#${id}-${side})` }, stack);
    el('circle', { cx: x, cy: y, r: R - 5, class: 'counter-groove' }, stack);
    if (picked && k >= shown - picked) el('circle', { cx: x, cy: y, r: R + 1, class: 'picked-ring' }, stack);
  }
  if (count >= 3) {
    const { x, y } = slot(key, shown - 1);
    const text = el('text', { x, y: y + 5, class: `stack-count on-${side}` }, held.over);
    text.textContent = String(count);
  }
  if (picked) {
    // How many go together, in a badge over the cell's letter, below its number.
    const bx = cellX(cell.col) + W / 2;
    const by = cellY(cell.row) + 36;
    el('circle', { cx: bx, cy: by, r: 15, class: 'picked-badge' }, held.over);
    const n = el('text', { x: bx, y: by + 6.5, class: 'picked-count' }, held.over);
    n.textContent = String(picked);
  }
  if (entry) {
    // Where the counter would land: a ring on the next free slot, or on the blot it hits.
    const k = entry.hit ? 0 : Math.min(count, VISIBLE - 1);
    const { x, y } = slot(key, k);
    el('circle', { cx: x, cy: y, r: R + 2, class: entry.hit ? 'landing hit' : 'landing' }, stack);
  }
}

/**
 * Shows a position. `view`: {position, marks: [{mark, side, count}], selectable: Set of
 * marks, selected, picked: {count, more} of the selected stack when its counters may move
 * together (how many are picked, whether a tap takes more) or null, targets: Map of
 * destination -> step, asked: the destination whose dice are asked for or null, turn, hint: StepViews or null, trail: {side, steps} of the last turn
 * or null, trailUpto: how many of its steps to show}; selectable, selected and targets are
 * marks of the side to move.
 */
function render(b, view) {
  const { t, marks, exits, placeOf, letterOf, wordOf, container, picture } = b;
  if (!picture) container.dataset.position = view.position;
  drawTrail(b, view.trail ?? null, view.trailUpto);
  drawHint(b, view.hint ?? [], view.turn);
  const held = new Map(view.marks.map((m) => [placeOf(m.side, m.mark), m]));
  for (const [key, { g, cell }] of marks) {
    const here = held.get(key);
    // Another side's own cell is never the mover's to pick or to land on.
    const mine = !cell.owner || cell.owner === view.turn;
    const mark = cell.mark;
    const target = mine ? view.targets.get(mark) : undefined;
    const picked = mine && view.selected === mark ? view.picked ?? null : null;
    drawStack(b, key, here?.side, here?.count ?? 0, target, picked?.count);
    toggle(g, 'data-selectable', mine && view.selectable.has(mark));
    if (picked) g.dataset.picked = String(picked.count);
    else delete g.dataset.picked;
    toggle(g, 'data-more', Boolean(picked?.more));
    toggle(g, 'data-target', Boolean(target));
    g.classList.toggle('selected', mine && view.selected === mark);
    g.classList.toggle('hit-target', Boolean(target?.hit));
    g.classList.toggle('asked', Boolean(target) && view.asked === mark);
    // A picture's places have no names or tab stops of their own: it reads as one image.
    if (picture) continue;
    // The screen's roving focus (kit/keyboard.js) makes one place of the board its tab stop.
    g.setAttribute('tabindex', '-1');
    const what = here ? t('a11y.counters', { count: here.count, side: t(`side.${here.side}`) }) : t('a11y.empty');
    const state = mine && view.selected === mark ? 'a11y.picked'
      : target ? (target.hit ? 'a11y.destinationHit' : 'a11y.destination')
        : mine && view.selectable.has(mark) ? 'a11y.canPick' : null;
    // What the mark shows, its number and letter, is in its name, as a voice-control user
    // would say it.
    const shown = [cell.label, letterOf(cell)].filter(Boolean).join(' ');
    const name = cell.owner ? t('a11y.ownMark', { mark: shown, side: t(`side.${cell.owner}`) }) : shown;
    const said = picked ? t('a11y.pickedCount', { count: picked.count }) : state && t(state);
    g.setAttribute('aria-label', named(t, t('a11y.mark', { mark: name, word: wordOf.get(key), what }), said));
  }
  for (const [side, zone] of Object.entries(exits)) {
    const target = side === view.turn && view.targets.has('off');
    toggle(zone, 'data-target', target);
    zone.classList.toggle('asked', target && view.asked === 'off');
    if (picture) continue;
    zone.setAttribute('tabindex', '-1');
    const name = t('a11y.exit', { side: t(`side.${side}`), count: view.borneOff?.[side] ?? 0 });
    zone.setAttribute('aria-label', named(t, name, target ? t('a11y.destination') : null));
  }
}

/** An accessible name with what can be done there (in words), if anything. */
function named(t, name, state) {
  return state ? t('a11y.withState', { name, state }) : name;
}

/**
 * Draws the empty board for `geometry` into `container` and returns its renderer.
 * `options`: {tall: taller marks, i18n: {t}, label: the board's accessible name, face: the
 * inscribed board whose letters the marks carry (a `scriptaFaces()` entry), else the
 * geometry's own, picture: a picture (`asPicture`), whose renders add no names or tab stops}.
 */
export function createBoard(container, geometry, { tall = false, i18n, label, face = null, picture = false } = {}) {
  const b = measure(geometry, tall, face);
  Object.assign(b, { t: i18n.t, id: uniqueId('scripta'), label, face, container, picture });
  Object.assign(b, drawFrame(b));
  container.replaceChildren(b.svg);
  const { marks, exits, placeOf, svg, width } = b;

  /** The drawn cell of `place` (a mark in `side`'s numbering), or `side`'s exit zone. */
  function placeElement(place, side) {
    if (place === 'off') return exits[side];
    return marks.get(placeOf(side, place))?.g.querySelector('.cell');
  }

  /** The element showing the top counter on `place` (a mark), or the exit zone. */
  function counterElement(place, side) {
    if (place === 'off') return exits[side];
    const held = marks.get(placeOf(side, place));
    const circles = held?.stack.querySelectorAll('.counter');
    return circles?.length ? circles[circles.length - 1] : held?.g;
  }

  /** A counter's diameter on screen, in CSS px. */
  function counterPx() {
    return (svg.getBoundingClientRect().width / width) * COUNTER;
  }

  return {
    render: (view) => render(b, view),
    counterElement,
    placeElement,
    counterPx,
    svg,
    destroy: () => svg.remove(),
  };
}