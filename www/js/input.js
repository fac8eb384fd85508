// Taps and drags on the board and trays, turned into what was touched: a mark, a tray or an
// exit zone. A tap is a click (mouse, touch, pen or keyboard); a drag uses pointer events.

const DRAG_START = 8; // CSS px a pointer must travel before a press becomes a drag

/** What a DOM element stands for in the game, or null. */
export function placeOf(element) {
  const node = element?.closest?.('[data-mark], [data-tray], [data-off]');
  if (!node) return null;
  if (node.dataset.mark) return { kind: 'mark', mark: Number(node.dataset.mark), element: node };
  if (node.dataset.tray) return { kind: 'tray', side: node.dataset.tray, element: node };
  return { kind: 'off', side: node.dataset.off, element: node };
}

/**
 * Listens on `root`. `handler`: tap(place), dragFrom(place) -> counter side or null when the
 * place cannot be dragged, drop(place or null).
 */
export function attachInput(root, handler) {
  let press = null;
  let suppressClick = false;

  root.addEventListener('click', (event) => {
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    const place = placeOf(event.target);
    if (place) handler.tap(place);
  });

  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const place = placeOf(event.target);
    // Buttons (the trays) already click on Enter and Space.
    if (!place || place.element.tagName === 'BUTTON') return;
    event.preventDefault();
    handler.tap(place);
  });

  root.addEventListener('pointerdown', (event) => {
    if (!event.isPrimary || event.button !== 0) return;
    const place = placeOf(event.target);
    if (!place || !place.element.hasAttribute('data-selectable')) return;
    press = { place, x: event.clientX, y: event.clientY, id: event.pointerId, ghost: null };
  });

  root.addEventListener('pointermove', (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (!press.ghost) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_START) return;
      const side = handler.dragFrom(press.place);
      if (!side) {
        press = null;
        return;
      }
      press.ghost = document.createElement('span');
      press.ghost.className = `ghost dragging disc-${side}`;
      document.body.append(press.ghost);
      root.setPointerCapture?.(event.pointerId);
    }
    const size = press.ghost.offsetWidth;
    press.ghost.style.left = `${event.clientX - size / 2}px`;
    press.ghost.style.top = `${event.clientY - size / 2}px`;
  });

  const finish = (event, dropped) => {
    if (!press || event.pointerId !== press.id) return;
    const dragged = press.ghost;
    press = null;
    if (!dragged) return;
    dragged.remove();
    suppressClick = true;
    // A click that never comes (no click after a cancelled drag) must not eat the next tap.
    setTimeout(() => (suppressClick = false), 400);
    const under = dropped ? document.elementFromPoint(event.clientX, event.clientY) : null;
    handler.drop(placeOf(under));
  };
  root.addEventListener('pointerup', (event) => finish(event, true));
  root.addEventListener('pointercancel', (event) => finish(event, false));
}
