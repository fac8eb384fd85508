// Small SVG helpers shared by every board.

export const SVG = 'http://www.w3.org/2000/svg';

/** A new SVG element with `attrs`, appended to `parent` when given. */
export function el(name, attrs = {}, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.append(node);
  return node;
}

/** Sets or removes a boolean data attribute. */
export function toggle(node, attribute, on) {
  if (on) node.setAttribute(attribute, '');
  else node.removeAttribute(attribute);
}

/** An id prefix unique to one board, so several boards' gradients and markers never clash. */
export function uniqueId(prefix) {
  return `${prefix}-${Math.random().toString(36).slice(2, 9)}`;
}

/**
 * Makes a drawn board a picture: no element in it takes part in play (the contract's data
 * attributes and tab stops go), and it reads as one image named `label`.
 */
export function asPicture(container, label) {
  container.removeAttribute('data-position');
  for (const node of container.querySelectorAll('[data-mark], [data-off], [data-square], [data-selectable], [data-target], [tabindex], [role="button"]')) {
    for (const name of ['data-mark', 'data-off', 'data-square', 'data-piece', 'data-selectable', 'data-target', 'tabindex', 'role', 'aria-label']) {
      node.removeAttribute(name);
    }
  }
  const svg = container.querySelector('svg');
  svg?.setAttribute('role', 'img');
  svg?.setAttribute('aria-label', label);
}
