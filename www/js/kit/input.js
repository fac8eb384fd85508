// Taps and drags on a board and its trays, turned into what was touched. A game says what an
// element stands for (`placeOf`: a mark, a tray, a square ... or null); a tap is a click (mouse,
// touch, pen or keyboard); a drag uses pointer events.

const DRAG_START = 8; // CSS px a pointer must travel before a press becomes a drag

/**
 * Listens on `root`. `placeOf(element)` -> {element, ...} or null; `handler`: tap(place),
 * dragFrom(place) -> the dragged counter's CSS class or null when the place cannot be dragged,
 * drop(place or null). Returns a function that stops listening.
 */
export function attachInput(root, handler, placeOf) {
  const drag = { press: null, suppressClick: false };
  const listeners = [];
  const on = (type, listener) => {
    root.addEventListener(type, listener);
    listeners.push([type, listener]);
  };

  on('click', (event) => {
    if (drag.suppressClick) {
      drag.suppressClick = false;
      return;
    }
    const place = placeOf(event.target);
    if (place) handler.tap(place);
  });

  on('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const place = placeOf(event.target);
    // Buttons (the trays) already click on Enter and Space.
    if (!place || place.element.tagName === 'BUTTON') return;
    event.preventDefault();
    handler.tap(place);
  });

  on('pointerdown', (event) => {
    if (!event.isPrimary || event.button !== 0) return;
    const place = placeOf(event.target);
    if (!place || !place.element.hasAttribute('data-selectable')) return;
    drag.press = { place, x: event.clientX, y: event.clientY, id: event.pointerId, ghost: null };
  });

  on('pointermove', (event) => {
    if (!drag.press || event.pointerId !== drag.press.id) return;
    if (!drag.press.ghost) {
      if (Math.hypot(event.clientX - drag.press.x, event.clientY - drag.press.y) < DRAG_START) return;
      const look = handler.dragFrom(drag.press.place);
      if (!look) {
        drag.press = null;
        return;
      }
      drag.press.ghost = document.createElement('span');
      drag.press.ghost.className = `ghost dragging ${look}`;
      document.body.append(drag.press.ghost);
      root.setPointerCapture?.(event.pointerId);
    }
    const size = drag.press.ghost.offsetWidth;
    drag.press.ghost.style.left = `${event.clientX - size / 2}px`;
    drag.press.ghost.style.top = `${event.clientY - size / 2}px`;
  });

  const finish = (event, dropped) => {
    if (!drag.press || event.pointerId !== drag.press.id) return;
    const dragged = drag.press.ghost;
    drag.press = null;
    if (!dragged) return;
    dragged.remove();
    drag.suppressClick = true;
    // A click that never comes (no click after a cancelled drag) must not eat the next tap.
    setTimeout(() => (drag.suppressClick = false), 400);
    const under = dropped ? document.elementFromPoint(event.clientX, event.clientY) : null;
    handler.drop(placeOf(under));
  };
  on('pointerup', (event) => finish(event, true));
  on('pointercancel', (event) => finish(event, false));
  return () => {
    for (const [type, listener] of listeners) root.removeEventListener(type, listener);
    drag.press?.ghost?.remove();
  };
}
