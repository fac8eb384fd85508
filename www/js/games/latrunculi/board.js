// A Latrunculi board in SVG: a grid scratched into a stone slab, files and ranks cut on its
// edge, and counters as small glass domes. Drawn from the snapshot's geometry (width, height,
// squares), so any board from 6 to 14 squares a side draws. White's edge is at the bottom.
// A board is an instance: createBoard(container, geometry, options) -> {render,
// counterElement, counterPx, svg, destroy}; several can live on one page.

import { el, toggle, uniqueId } from '../../kit/svg.js';

const S = 40; // a square, in SVG units
const EDGE = 20; // the rim that carries the file and rank labels
const R = 15; // counter radius

function defs(svg, id) {
  const d = el('defs', {}, svg);
  const glass = (name, stops) => {
    const g = el('radialGradient', { id: `${id}-${name}`, cx: '36%', cy: '30%', r: '75%' }, d);
    for (const [offset, color] of stops) el('stop', { offset, 'stop-color': color }, g);
  };
  // Milky white glass and deep blue-black glass: far apart in lightness, so they read in
  // sunlight and without colour vision; the rims differ too (see the CSS).
  glass('white', [['0', '#ffffff'], ['0.45', '#f1ede0'], ['1', '#b9b09a']]);
  glass('black', [['0', '#7d8aa3'], ['0.3', '#26324a'], ['1', '#070a12']]);
  const stone = el('linearGradient', { id: `${id}-stone`, x1: '0', y1: '0', x2: '1', y2: '1' }, d);
  for (const [offset, color] of [['0', '#d9d2c3'], ['0.5', '#cbc2b0'], ['1', '#b9ae98']]) {
    el('stop', { offset, 'stop-color': color }, stone);
  }
  const arrow = el('marker', {
    id: `${id}-hint`, viewBox: '0 0 10 10', refX: '7', refY: '5',
    markerWidth: '4', markerHeight: '4', orient: 'auto',
  }, d);
  el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'hint-arrow-head' }, arrow);
  const last = el('marker', {
    id: `${id}-last`, viewBox: '0 0 10 10', refX: '6', refY: '5',
    markerWidth: '3.2', markerHeight: '3.2', orient: 'auto', markerUnits: 'strokeWidth',
  }, d);
  el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'last-arrow-head' }, last);
}

/**
 * A frozen counter: held in a square frame of ice with a six-armed star on it, a shape that
 * reads without colour and on either side's glass.
 */
function drawFrost(parent, x, y) {
  const g = el('g', { class: 'frost' }, parent);
  const f = R + 2;
  el('rect', { x: x - f, y: y - f, width: 2 * f, height: 2 * f, rx: 3, class: 'frost-frame' }, g);
  const arm = R * 0.62;
  const star = [0, 60, 120].map((deg) => {
    const dx = arm * Math.cos((deg * Math.PI) / 180);
    const dy = arm * Math.sin((deg * Math.PI) / 180);
    return `M${(x - dx).toFixed(1)},${(y - dy).toFixed(1)} L${(x + dx).toFixed(1)},${(y + dy).toFixed(1)}`;
  }).join(' ');
  el('path', { d: star, class: 'frost-star-halo' }, g);
  el('path', { d: star, class: 'frost-star' }, g);
}

/**
 * A leap part-way: a dotted line through every square the counter has stood on this turn
 * (`squares`: the board's squares by name, each with its centre x, y), into `leaps`.
 */
function drawLeap(leaps, squares, path) {
  leaps.replaceChildren();
  if (!path?.length) return;
  const g = el('g', { class: 'leap', 'data-leap-path': path.join(' ') }, leaps);
  const points = path.map((square) => squares.get(square)).map(({ x, y }) => `${x},${y}`).join(' ');
  el('polyline', { points, class: 'leap-halo' }, g);
  el('polyline', { points, class: 'leap-line' }, g);
  for (const square of path.slice(0, -1)) {
    const { x, y } = squares.get(square);
    el('circle', { cx: x, cy: y, r: 5, class: 'leap-stop' }, g);
  }
}

/**
 * Draws the empty board for `geometry` ({width, height, squares: [{square, file, rank,
 * corner}]}) into `container`. `options`: {i18n: {t}, label: the board's accessible name,
 * corners: mark the corner squares (when corners capture), picture: a picture (`asPicture`),
 * whose renders add no names, pieces' data or tab stops}.
 */
export function createBoard(container, geometry, { i18n, label, corners = false, picture = false } = {}) {
  const { t } = i18n;
  const id = uniqueId('latrunculi');
  const { width: files, height: ranks } = geometry;
  const full = { w: EDGE + files * S + EDGE / 2, h: EDGE / 2 + ranks * S + EDGE };
  const x0 = EDGE;
  const y0 = EDGE / 2;
  const centre = (file, rank) => ({ x: x0 + file * S + S / 2, y: y0 + (ranks - 1 - rank) * S + S / 2 });

  const svg = el('svg', {
    viewBox: `0 0 ${full.w} ${full.h}`,
    class: 'board-svg latrunculi-svg',
    role: 'group',
    'aria-label': label ?? t('board.group'),
  });
  defs(svg, id);
  el('rect', { x: 1, y: 1, width: full.w - 2, height: full.h - 2, rx: 10, class: 'slab', fill: `url(#${id}-stone)` }, svg);

  // The grid: each line cut twice, a dark groove with a pale lip beside it, as if incised.
  const grid = el('g', { class: 'scratches', 'aria-hidden': 'true' }, svg);
  const line = (xa, ya, xb, yb) => {
    el('line', { x1: xa + 0.8, y1: ya + 0.8, x2: xb + 0.8, y2: yb + 0.8, class: 'scratch-lip' }, grid);
    el('line', { x1: xa, y1: ya, x2: xb, y2: yb, class: 'scratch' }, grid);
  };
  for (let f = 0; f <= files; f++) line(x0 + f * S, y0, x0 + f * S, y0 + ranks * S);
  for (let r = 0; r <= ranks; r++) line(x0, y0 + r * S, x0 + files * S, y0 + r * S);
  const labels = el('g', { class: 'edge-labels', 'aria-hidden': 'true' }, svg);
  for (let f = 0; f < files; f++) {
    const text = el('text', { x: centre(f, 0).x, y: full.h - 5, class: 'edge-label' }, labels);
    text.textContent = String.fromCharCode(97 + f);
  }
  for (let r = 0; r < ranks; r++) {
    const text = el('text', { x: EDGE / 2, y: centre(0, r).y + 4, class: 'edge-label' }, labels);
    text.textContent = String(r + 1);
  }

  const squares = new Map();
  for (const sq of geometry.squares) {
    const { x, y } = centre(sq.file, sq.rank);
    const g = el('g', { class: 'square', 'data-square': sq.square, role: 'button' }, svg);
    el('rect', { x: x - S / 2, y: y - S / 2, width: S, height: S, class: 'square-cell' }, g);
    if (corners && sq.corner) {
      // Corner squares capture under the corner rule: a small cut cross says so.
      el('path', { d: `M${x - 6},${y - 6} L${x + 6},${y + 6} M${x + 6},${y - 6} L${x - 6},${y + 6}`, class: 'corner-cross' }, g);
    }
    const piece = el('g', { class: 'piece' }, g);
    squares.set(sq.square, { g, piece, x, y, sq });
  }
  // Over the counters: the last move's marks, then a hint; neither takes a tap.
  const marks = el('g', { class: 'last-move', 'aria-hidden': 'true' }, svg);
  const leaps = el('g', { class: 'leaps', 'aria-hidden': 'true' }, svg);
  const hints = el('g', { class: 'hints', 'aria-hidden': 'true' }, svg);
  container.replaceChildren(svg);

  function drawCounter(parent, side, x, y, frozen, dux) {
    el('circle', { cx: x, cy: y + 1.5, r: R, class: 'counter-shadow' }, parent);
    el('circle', { cx: x, cy: y, r: R, class: `counter counter-${side}`, fill: `url(#${id}-${side})` }, parent);
    // White counters have a plain dark rim; black ones a pale inner ring: a shape apart, not
    // only a colour.
    if (side === 'black') el('circle', { cx: x, cy: y, r: R - 5, class: 'counter-ring' }, parent);
    el('ellipse', { cx: x - 5, cy: y - 6, rx: 5, ry: 3, class: 'counter-glint' }, parent);
    if (frozen) drawFrost(parent, x, y);
    // The dux wears a crown: a shape on the counter, whatever its colour.
    if (dux) {
      el('path', { d: `M${x - 8} ${y + 5}V${y - 3}l4 4 4-8 4 8 4-4V${y + 5}Z`, class: `dux-crown dux-crown-${side}` }, parent);
    }
  }

  function drawHint(move) {
    hints.replaceChildren();
    if (!move) return;
    const to = squares.get(move.to);
    const g = el('g', { class: 'hint', 'data-hint': move.move }, hints);
    if (move.from) {
      const from = squares.get(move.from);
      el('rect', { x: from.x - S / 2 + 2, y: from.y - S / 2 + 2, width: S - 4, height: S - 4, rx: 4, class: 'hint-from' }, g);
      el('line', { x1: from.x, y1: from.y, x2: to.x, y2: to.y, class: 'hint-arrow', 'marker-end': `url(#${id}-hint)` }, g);
    }
    el('circle', { cx: to.x, cy: to.y, r: R + 2, class: 'hint-to' }, g);
  }

  /**
   * Marks the last move in shapes as well as colour: a dashed square where the counter left,
   * an arrow to a ring where it landed, and a cross in a dashed circle on each square whose
   * counter it took. `legs`: the earlier moves of the same turn (a leap's), drawn as lines from
   * where the turn began, so a leap is followed whole.
   */
  function drawLast(last, legs) {
    marks.replaceChildren();
    if (!last) return;
    const g = el('g', { class: 'last', 'data-last-move': last.move }, marks);
    if (legs.length) g.dataset.lastLegs = legs.map((leg) => leg.move).join(' ');
    const moves = [...legs, last];
    const first = moves.find((m) => m.from);
    if (first) {
      const from = squares.get(first.from);
      el('rect', { x: from.x - S / 2 + 3, y: from.y - S / 2 + 3, width: S - 6, height: S - 6, rx: 5, class: 'last-from' }, g);
    }
    // The arrow's point on the last hop only: a stop ends a leap where its last hop landed.
    const hops = moves.filter((m) => m.from);
    hops.forEach((m, i) => drawArrow(g, squares.get(m.from), squares.get(m.to), i === hops.length - 1));
    const to = squares.get(last.to);
    el('circle', { cx: to.x, cy: to.y, r: R + 3.5, class: 'last-to' }, g);
    for (const square of moves.flatMap((m) => m.captured)) {
      const { x, y } = squares.get(square);
      const c = el('g', { class: 'last-captured' }, g);
      const d = R * 0.5;
      el('circle', { cx: x, cy: y, r: R, class: 'last-captured-ring' }, c);
      el('path', { d: `M${x - d},${y - d} L${x + d},${y + d} M${x + d},${y - d} L${x - d},${y + d}`, class: 'last-captured-cross' }, c);
    }
  }

  /** A dot where a counter stood, a line, and (`point`) the arrow's point at the ring it landed in. */
  function drawArrow(g, from, to, point) {
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const length = Math.hypot(dx, dy);
    const stop = point ? R + 9 : 0;
    const x2 = to.x - (dx / length) * stop;
    const y2 = to.y - (dy / length) * stop;
    el('line', { x1: from.x, y1: from.y, x2, y2, class: 'last-halo' }, g);
    el('line', { x1: from.x, y1: from.y, x2, y2, class: 'last-arrow', ...(point ? { 'marker-end': `url(#${id}-last)` } : {}) }, g);
    el('circle', { cx: from.x, cy: from.y, r: 4.5, class: 'last-tail' }, g);
  }

  /**
   * Shows a position. `view`: {position, squares: the snapshot's squares, selectable: Set of
   * squares, selected, targets: Set of squares, removing: the targets are frozen counters to
   * remove, doomed: Set of squares whose counters the shown move would take, last: the last
   * move (a MoveView) or null, lastLegs: the earlier moves of its turn (a leap's), hint:
   * MoveView or null, leap: the squares of a leap part-way}.
   */
  function render(view) {
    if (!picture) container.dataset.position = view.position;
    drawLast(view.last ?? null, view.lastLegs ?? []);
    drawHint(view.hint);
    drawLeap(leaps, squares, view.leap);
    const last = view.last;
    // The whole turn that ended with the last move: where it began, what it took.
    const turn = last ? [...(view.lastLegs ?? []), last] : [];
    const took = new Set(turn.flatMap((m) => m.captured));
    const start = turn.find((m) => m.from)?.from;
    for (const sq of view.squares) {
      const { g, piece, x, y } = squares.get(sq.square);
      piece.replaceChildren();
      if (sq.piece) drawCounter(piece, sq.piece, x, y, sq.frozen, sq.dux);
      if (sq.piece && !picture) g.dataset.piece = sq.piece;
      else delete g.dataset.piece;
      toggle(g, 'data-frozen', Boolean(sq.frozen));
      toggle(g, 'data-dux', Boolean(sq.dux));
      const selectable = view.selectable.has(sq.square);
      const target = view.targets.has(sq.square);
      toggle(g, 'data-selectable', selectable);
      toggle(g, 'data-target', target);
      // The class draws the mark, so a picture (which loses the attribute) still shows it.
      g.classList.toggle('target', target);
      g.classList.toggle('selected', view.selected === sq.square);
      g.classList.toggle('doomed', Boolean(view.doomed?.has(sq.square)));
      const end = last?.to === sq.square ? 'to' : start === sq.square ? 'from' : null;
      if (end) g.dataset.last = end;
      else delete g.dataset.last;
      toggle(g, 'data-taken', took.has(sq.square));
      // A picture's squares have no names or tab stops of their own: it reads as one image.
      if (picture) continue;
      // The screen's roving focus (kit/keyboard.js) makes one square of the board its tab stop.
      g.setAttribute('tabindex', '-1');
      const name = sq.piece
        ? t(sq.dux ? 'board.latrunculi.dux' : sq.frozen ? 'board.latrunculi.frozen' : 'board.latrunculi.held', { square: sq.square, side: t(`side.${sq.piece}`) })
        : t('board.latrunculi.empty', { square: sq.square });
      const takes = view.captures?.get(sq.square) ?? [];
      const state = target && view.removing ? t('a11y.latrunculi.removeHere')
        : view.selected === sq.square ? t('a11y.picked')
        : target && !sq.piece && !view.selected ? t('a11y.placeHere')
          : target && takes.length ? t('a11y.destinationTakes', { count: takes.length, squares: i18n.list ? i18n.list(takes) : takes.join(', ') })
            : target ? t('a11y.destination')
              : selectable ? t('a11y.canPick') : null;
      const marked = end ? t(`a11y.latrunculi.last.${end}`) : took.has(sq.square) ? t('a11y.latrunculi.last.captured') : null;
      const states = [state, marked].filter(Boolean).join(', ');
      g.setAttribute('aria-label', states ? t('a11y.withState', { name, state: states }) : name);
    }
  }

  /** The element showing the counter on `square` (or the square itself when empty). */
  function counterElement(square) {
    const at = squares.get(square);
    return at?.piece.querySelector('.counter') ?? at?.g;
  }

  /** A counter's diameter on screen, in CSS px. */
  function counterPx() {
    return (svg.getBoundingClientRect().width / full.w) * 2 * R;
  }

  return { render, counterElement, counterPx, svg, destroy: () => svg.remove() };
}
