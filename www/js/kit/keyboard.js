// Playing without a mouse. A board is ONE tab stop with a roving focus: the place that has it
// carries tabindex=0, every other place -1; the arrow keys move it to the nearest place in that
// direction as drawn on screen (so the rows of XII Scripta, its trays and exits, and the
// Latrunculi grid all follow their layout, even turned face to face). Enter and Space are taps
// (kit/input.js hears them); Escape lets go of a selection. Single-letter keys run the screen's
// actions, but never while typing in a field, in a dialog, or with a modifier held (those
// belong to the browser and the screen reader).

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function centre(element) {
  const r = element.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** The place among `items` nearest to `from` in direction [dx, dy], or null. */
export function nearest(from, items, [dx, dy]) {
  const a = centre(from);
  let best = null;
  let score = Infinity;
  for (const item of items) {
    if (item === from) continue;
    const b = centre(item);
    const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
    const across = Math.abs((b.x - a.x) * dy) + Math.abs((b.y - a.y) * dx);
    // Only places ahead, and more ahead than aside (within a 60 degree cone), count.
    if (along <= 1 || across > along * 1.8) continue;
    const s = along + across * 2.5;
    if (s < score) {
      score = s;
      best = item;
    }
  }
  return best;
}

/**
 * Roving focus over `items()` (the elements of one board, in reading order) inside `root`.
 * `keyOf(element)` names a place so the focus survives a redraw; `preferred()` is the place to
 * offer when the focused one is gone (the selection, a source, a target). `onEscape()` lets go
 * of the selection. Call `refresh()` after every render. Returns {refresh, destroy}.
 */
export function attachRoving(root, { items, keyOf, preferred, onEscape }) {
  const state = { key: null };
  const find = (key) => items().find((el) => keyOf(el) === key) ?? null;

  function current() {
    const list = items();
    const focused = list.find((el) => el === document.activeElement);
    if (focused) return focused;
    return (state.key !== null && find(state.key)) || preferred() || list[0] || null;
  }

  function refresh() {
    const list = items();
    const keep = list.includes(document.activeElement) ? document.activeElement : null;
    const chosen = keep ?? ((state.key !== null && find(state.key)) || preferred() || list[0]);
    for (const el of list) el.setAttribute('tabindex', el === chosen ? '0' : '-1');
  }

  function move(to) {
    if (!to) return;
    state.key = keyOf(to);
    for (const el of items()) el.setAttribute('tabindex', el === to ? '0' : '-1');
    to.focus();
  }

  const onKey = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const list = items();
    if (!list.includes(event.target)) return;
    if (ARROWS[event.key]) {
      event.preventDefault();
      move(nearest(event.target, list, ARROWS[event.key]));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      move(event.key === 'Home' ? list[0] : list[list.length - 1]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onEscape?.();
    }
  };
  const onFocus = (event) => {
    if (items().includes(event.target)) state.key = keyOf(event.target);
  };
  root.addEventListener('keydown', onKey);
  root.addEventListener('focusin', onFocus);
  return {
    refresh,
    /** Puts the focus on the board (where it last was, or the place to offer). */
    focus: () => current()?.focus(),
    destroy() {
      root.removeEventListener('keydown', onKey);
      root.removeEventListener('focusin', onFocus);
    },
  };
}

/** True while the user types in a field or a dialog is open: letters are theirs then. */
function typing(event) {
  const target = event.target;
  if (target?.closest?.('input, textarea, select, [contenteditable=""], [contenteditable="true"], dialog')) return true;
  return Boolean(document.querySelector('dialog[open]'));
}

/**
 * Single keys for a screen's actions: `keys` maps a key ('t', '?') to a function. Ignored with
 * Ctrl, Alt or Meta held, while typing, and while a dialog is open. Returns a function that
 * stops listening.
 */
export function attachShortcuts(keys) {
  const onKey = (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing(event)) return;
    const run = keys[event.key] ?? keys[event.key.toLowerCase?.()];
    if (!run) return;
    event.preventDefault();
    run();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
