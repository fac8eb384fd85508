// The Trier board in SVG: three rows of twelve marks split by the central gap, the S-shaped
// track, the ROMANI home zone, the exit beside mark 36, the counters on their marks, and a
// hint's numbered steps drawn over them.

const SVG = 'http://www.w3.org/2000/svg';

// Geometry in SVG units. Twelve cells plus the gap and the exit column must fit 352 CSS px
// (a 360 px phone) with each cell at least 24 px wide.
const W = 40; // cell width
const M = 8; // frame margin
const GAP = 22; // the central gap between the sixth and seventh columns
const ROW_GAP = 14;
const EXIT_GAP = 6;
const EXIT_W = 46;
const R = 14; // counter radius

export const WIDTH = M + 12 * W + GAP + EXIT_GAP + EXIT_W + M;

// Cell height and the counters a stack draws before it shows its count. Portrait screens have
// height to spare, so their marks grow taller: longer stacks and bigger thumb targets.
const WIDE = { H: 82, VISIBLE: 4 };
const TALL = { H: 128, VISIBLE: 6 };
// Set by createBoard: the page draws one board at a time.
let H = WIDE.H;
let VISIBLE = WIDE.VISIBLE;

// Each row read left to right, one letter per mark (the Trier board).
const LETTERS = ['VIRTVSIMPERI', 'HOSTESVINCTI', 'LVDANTROMANI'];
const HOME = 31;

/** Row (0-2) and column (0-11, left to right) of mark n: the track runs as an S. */
export function cellOf(n) {
  const row = Math.floor((n - 1) / 12);
  const i = (n - 1) % 12;
  return { row, col: row === 1 ? 11 - i : i };
}

function cellX(col) {
  return M + col * W + (col >= 6 ? GAP : 0);
}

function cellY(row) {
  return M + row * (H + ROW_GAP);
}

/** Centre of the k-th counter (0 = bottom) of a stack on mark n. */
function slot(n, k) {
  const { row, col } = cellOf(n);
  const step = (H - 2 * R - 30) / (VISIBLE - 1);
  return { x: cellX(col) + W / 2, y: cellY(row) + H - R - 4 - k * step };
}

function el(name, attrs = {}, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.append(node);
  return node;
}

function defs(svg) {
  const d = el('defs', {}, svg);
  const gradient = (id, stops, attrs = {}) => {
    const g = el('radialGradient', { id, cx: '38%', cy: '32%', r: '70%', ...attrs }, d);
    for (const [offset, color] of stops) el('stop', { offset, 'stop-color': color }, g);
  };
  gradient('g-albi', [['0', '#fffdf6'], ['0.55', '#efe6d2'], ['1', '#c9b996']]);
  gradient('g-nigri', [['0', '#6b6b75'], ['0.35', '#25252c'], ['1', '#050507']]);
  const stone = el('linearGradient', { id: 'g-stone', x1: '0', y1: '0', x2: '1', y2: '1' }, d);
  for (const [offset, color] of [['0', '#eadfc8'], ['0.5', '#e0d2b6'], ['1', '#d3c29f']]) {
    el('stop', { offset, 'stop-color': color }, stone);
  }
  const arrow = el('marker', {
    id: 'm-arrow', viewBox: '0 0 10 10', refX: '5', refY: '5',
    markerWidth: '5', markerHeight: '5', orient: 'auto-start-reverse',
  }, d);
  el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'path-arrow' }, arrow);
  const hintArrow = el('marker', {
    id: 'm-hint', viewBox: '0 0 10 10', refX: '8', refY: '5',
    markerWidth: '4', markerHeight: '4', orient: 'auto',
  }, d);
  el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'hint-arrow-head' }, hintArrow);
}

/** The S of the track through the marks' centres, turning in the margins, out to the exit. */
function trackPath() {
  const cy = (row) => cellY(row) + H / 2;
  const cx = (col) => cellX(col) + W / 2;
  const right = cx(11) + 34;
  const left = cx(0) - 30;
  const exit = cellX(11) + W + EXIT_GAP + EXIT_W / 2;
  return [
    `M${cx(0) - 14},${cy(0)}`,
    `H${cx(11)}`,
    `C${right},${cy(0)} ${right},${cy(1)} ${cx(11)},${cy(1)}`,
    `H${cx(0)}`,
    `C${left},${cy(1)} ${left},${cy(2)} ${cx(0)},${cy(2)}`,
    `H${exit - 8}`,
  ].join(' ');
}

const EXITS = { albi: 0, nigri: 1 };

/** The exit zone's box for `side`: Albi's above Nigri's, beside mark 36. */
function exitBox(side) {
  const h = H / 2 - 2;
  return { x: cellX(11) + W + EXIT_GAP, y: cellY(2) + EXITS[side] * (h + 4), h };
}

function exitZone(svg, side) {
  const { x, y, h } = exitBox(side);
  const zone = el('g', { class: `exit exit-${side}`, 'data-off': side, role: 'button' }, svg);
  el('rect', { x, y, width: EXIT_W, height: h, rx: 6, class: 'exit-cell' }, zone);
  el('circle', { cx: x + EXIT_W / 2, cy: y + 13, r: 6, class: `exit-dot counter-${side}` }, zone);
  const label = el('text', { x: x + EXIT_W / 2, y: y + h - 6, class: 'exit-label' }, zone);
  label.textContent = 'EXIT';
  return zone;
}

/** Draws the empty board into `container` and returns its renderer. */
export function createBoard(container, { tall = false } = {}) {
  ({ H, VISIBLE } = tall ? TALL : WIDE);
  const svg = el('svg', {
    viewBox: `0 0 ${WIDTH} ${M + 3 * H + 2 * ROW_GAP + M}`,
    class: 'board-svg',
    role: 'group',
    'aria-label': 'Board',
  });
  defs(svg);
  const height = M + 3 * H + 2 * ROW_GAP + M;
  el('rect', { x: 1, y: 1, width: WIDTH - 2, height: height - 2, rx: 12, class: 'slab' }, svg);
  const homeX = cellX(6) - 3;
  el('rect', {
    x: homeX, y: cellY(2) - 3, width: 6 * W + 6, height: H + 6, rx: 8, class: 'home-zone',
  }, svg);
  el('path', { d: trackPath(), class: 'track', 'marker-end': 'url(#m-arrow)' }, svg);
  for (let row = 0; row < 3; row++) {
    el('rect', {
      x: cellX(6) - GAP + 4, y: cellY(row) + 12, width: GAP - 8, height: H - 24, rx: 3,
      class: 'gap-rule',
    }, svg);
  }

  const marks = new Map();
  for (let n = 1; n <= 36; n++) {
    const { row, col } = cellOf(n);
    const x = cellX(col);
    const y = cellY(row);
    const g = el('g', { class: 'mark', 'data-mark': String(n), role: 'button' }, svg);
    if (n >= HOME) g.classList.add('home');
    // The whole column slot answers taps, not only the drawn cell: bigger thumb targets.
    el('rect', { x, y: y - ROW_GAP / 2, width: W, height: H + ROW_GAP, class: 'hit-area' }, g);
    el('rect', { x: x + 1.5, y, width: W - 3, height: H, rx: 5, class: 'cell' }, g);
    const letter = el('text', { x: x + W / 2, y: y + 37, class: 'letter' }, g);
    letter.textContent = LETTERS[row][col];
    const number = el('text', { x: x + 5, y: y + 13, class: 'number' }, g);
    number.textContent = String(n);
    const stack = el('g', { class: 'stack' }, g);
    marks.set(n, { g, stack, letter: LETTERS[row][col] });
  }
  const exits = { albi: exitZone(svg, 'albi'), nigri: exitZone(svg, 'nigri') };
  // Drawn last, so a hint lies over the counters; it never takes a tap.
  const hints = el('g', { class: 'hints', 'aria-hidden': 'true' }, svg);
  container.replaceChildren(svg);

  /** Where a hint step starts or ends: a mark's cell, or the exit of the side to move. */
  function hintPlace(place, side) {
    if (place === 'off') {
      const { x, y, h } = exitBox(side);
      return { x: x + EXIT_W / 2, y: y + h / 2, badge: y + h / 2 };
    }
    const { row, col } = cellOf(Number(place));
    // The badge sits under the mark's letter, which stays readable.
    return { x: cellX(col) + W / 2, y: cellY(row) + H / 2, badge: cellY(row) + 52, cell: { row, col } };
  }

  /** Draws the steps of a hint, numbered in play order: source rings, arrows, badges. */
  function drawHint(steps, side) {
    hints.replaceChildren();
    const badges = new Map(); // destination -> badges already drawn there
    steps.forEach((text, i) => {
      const [from, to] = text.replace('*', '').split('/');
      const end = hintPlace(to, side);
      const g = el('g', { class: 'hint', 'data-hint-step': String(i + 1) }, hints);
      if (from !== 'in') {
        const start = hintPlace(from, side);
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
          'marker-end': 'url(#m-hint)',
        }, g);
      }
      const k = badges.get(to) ?? 0;
      badges.set(to, k + 1);
      const by = end.badge + k * 24;
      el('circle', { cx: end.x, cy: by, r: 11, class: text.endsWith('*') ? 'hint-badge hit' : 'hint-badge' }, g);
      const n = el('text', { x: end.x, y: by + 4.5, class: 'hint-number' }, g);
      n.textContent = String(i + 1);
    });
  }

  function drawStack(n, side, count, entry) {
    const { stack } = marks.get(n);
    stack.replaceChildren();
    const shown = Math.min(count, VISIBLE);
    for (let k = 0; k < shown; k++) {
      const { x, y } = slot(n, k);
      el('circle', { cx: x, cy: y, r: R, class: `counter counter-${side}` }, stack);
      el('circle', { cx: x, cy: y, r: R - 5, class: 'counter-groove' }, stack);
    }
    if (count >= 3) {
      const { x, y } = slot(n, shown - 1);
      const t = el('text', { x, y: y + 5, class: `stack-count on-${side}` }, stack);
      t.textContent = String(count);
    }
    if (entry) {
      // Where the counter would land: a ring on the next free slot, or on the blot it hits.
      const k = entry.hit ? 0 : Math.min(count, VISIBLE - 1);
      const { x, y } = slot(n, k);
      el('circle', { cx: x, cy: y, r: R + 2, class: entry.hit ? 'landing hit' : 'landing' }, stack);
    }
  }

  /**
   * Shows a position. `view`: {position, marks: [{mark, side, count}], selectable: Set of
   * sources, selected, targets: Map of destination -> step, turn, hint: step texts or null}.
   */
  function render(view) {
    container.dataset.position = view.position;
    drawHint(view.hint ?? [], view.turn);
    const held = new Map(view.marks.map((m) => [m.mark, m]));
    for (const [n, { g, letter }] of marks) {
      const here = held.get(n);
      const target = view.targets.get(n);
      drawStack(n, here?.side, here?.count ?? 0, target);
      toggle(g, 'data-selectable', view.selectable.has(n));
      toggle(g, 'data-target', Boolean(target));
      g.classList.toggle('selected', view.selected === n);
      g.classList.toggle('hit-target', Boolean(target?.hit));
      g.setAttribute('tabindex', view.selectable.has(n) || target ? '0' : '-1');
      const who = here ? `, ${here.count} ${here.side}` : ', empty';
      g.setAttribute('aria-label', `Mark ${n} (${letter})${who}`);
    }
    for (const [side, zone] of Object.entries(exits)) {
      const target = side === view.turn && view.targets.has('off');
      toggle(zone, 'data-target', target);
      zone.setAttribute('tabindex', target ? '0' : '-1');
      zone.setAttribute('aria-label', `Exit for ${side}: bear a counter off`);
    }
  }

  /** The element showing the top counter on mark n, or the exit zone. */
  function counterElement(place, side) {
    if (place === 'off') return exits[side];
    const circles = marks.get(place)?.stack.querySelectorAll('.counter');
    return circles?.length ? circles[circles.length - 1] : marks.get(place)?.g;
  }

  return { render, counterElement, svg };
}

function toggle(node, attribute, on) {
  if (on) node.setAttribute(attribute, '');
  else node.removeAttribute(attribute);
}
