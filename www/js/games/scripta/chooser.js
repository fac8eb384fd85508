// Choosing a move under the readings that move stacks and add dice, on the board itself: how
// many counters go is picked on the stack (each tap on the picked stack takes one more, the
// count drawn on it), the destinations are those of that count, and only when several dice
// reach the same cell does a small choice of them open, laid over the board beside that cell
// so that nothing moves. The moves are the engine's legal steps (StepViews) of one source.

import { button } from '../../kit/dom.js';

/** How many counters may move together from a source, smallest first. */
export function counts(steps) {
  return [...new Set(steps.map((s) => s.count))].sort((a, b) => a - b);
}

/** The count one more tap on the picked source takes, or null past the largest (let go). */
export function more(steps, count) {
  return counts(steps).find((n) => n > count) ?? null;
}

/**
 * The ways to each destination with `count` counters: Map of destination -> steps. Of the
 * single dice that reach one place (bearing off with more than needed) the smallest is
 * spent, as the steps come sorted by die; every sum is a way of its own.
 */
export function ways(steps, count) {
  const byPlace = new Map();
  for (const step of steps) {
    if (step.count !== count) continue;
    const there = byPlace.get(step.to) ?? [];
    if (step.summed || !there.some((s) => !s.summed)) there.push(step);
    byPlace.set(step.to, there);
  }
  return byPlace;
}

/** A way written as its dice, as they show: "6", "4+2", "3+1+6". */
export function diceOf(step) {
  return step.summed ? step.dice.join('+') : String(step.die);
}

/**
 * Draws the choice between `steps` (ways to one place) into `box`, an overlay inside the
 * board's wrapper, next to `anchor` (the destination's element): below it in the board's top
 * half, above it in the bottom half, so the cell itself stays in sight. Empty `steps` hide it.
 * `label`: the group's accessible name (the status line asks the question in words);
 * `hit(text)`: a hitting way's accessible name.
 */
export function drawWays(box, steps, { t, anchor, label, hit }) {
  const drawn = steps.map((s) => s.step).join(' ');
  // The same ways again (a board redrawn on turning the screen): only put them back beside it.
  if (box.dataset.steps === drawn) {
    if (steps.length) place(box, anchor);
    return;
  }
  box.dataset.steps = drawn;
  box.hidden = steps.length === 0;
  if (!steps.length) return box.replaceChildren();
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', label);
  const options = document.createElement('div');
  options.className = 'move-choice-options';
  for (const step of steps) {
    const text = diceOf(step);
    const b = button('choose', text, step.hit ? 'hit' : '');
    b.dataset.step = step.step;
    if (step.hit) b.setAttribute('aria-label', hit(text));
    options.append(b);
  }
  options.append(button('choice-cancel', t('action.cancel'), 'plain'));
  box.replaceChildren(options);
  place(box, anchor);
  options.firstElementChild.focus({ preventScroll: true });
}

/** Puts the overlay beside `anchor`, inside its positioned parent's box. */
function place(box, anchor) {
  const frame = box.offsetParent?.getBoundingClientRect();
  const cell = anchor?.getBoundingClientRect();
  if (!frame || !cell) return;
  const margin = 4;
  const left = cell.left + cell.width / 2 - frame.left - box.offsetWidth / 2;
  box.style.left = `${Math.max(margin, Math.min(left, frame.width - box.offsetWidth - margin))}px`;
  const below = cell.top + cell.height / 2 < frame.top + frame.height / 2;
  const top = below ? cell.bottom - frame.top + margin : cell.top - frame.top - box.offsetHeight - margin;
  box.style.top = `${top}px`;
}
