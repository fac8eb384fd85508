// Building the page's HTML: one small helper, so a screen's code reads as what it shows.

/** A new `tag` element with `className` and `text`, each left out when not given. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
